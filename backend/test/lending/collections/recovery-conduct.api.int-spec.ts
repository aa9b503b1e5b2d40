import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { sql } from 'kysely';
import { CollectionReminders } from '../../../src/lending/collections/application/collection-reminders.js';
import { CollectionConduct } from '../../../src/lending/public/index.js';
import { CLOCK, type Clock } from '../../../src/platform/clock.js';
import { bearer, expectProblem, loanIn, type LoanHandle } from '../../support/loan-api.js';
import { ADMIN, registerBorrower, staffWithRole, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Issue 33 item 3, recovery conduct, over HTTP on a real database: one contact window (08:00–19:00 in the borrower's
 * time zone, Asia/Kolkata) for the dialer, the IVR, WhatsApp and the reminders; the daily cap
 * (COLLECTION_CONTACTS_PER_DAY_MAX=2); references never contacted; the borrower told the collector's name and contact
 * before the collector is assigned; and who may see it. Alice's loan is paid out on 2026-11-21: instalment 1 is due
 * on 2026-12-21 (a due-soon reminder 3 days before), overdue from 2026-12-22.
 */
let t: TestApp;
let admin: string;
let alice: { token: string; id: string; phone: string };
let loan: LoanHandle;
let clock: Clock;

/** Business time in Asia/Kolkata: 10:00 IST is 04:30 UTC. */
const atIst = (date: string, time: string) => jest.spyOn(clock, 'now').mockReturnValue(new Date(`${date}T${time}:00+05:30`));
const setBusinessDate = (date: string) => t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date }).expect(200);
const conduct = async (token = admin) =>
  (await t.http.get(`/api/admin/loans/${loan.id}/contact-conduct`).set(bearer(token)).expect(200)).body;
const counts = async () =>
  (
    await sql<{ messages: string; calls: string; ivr: string; events: string }>`
      SELECT (SELECT count(*) FROM whatsapp_messages) AS messages, (SELECT count(*) FROM dialer_calls) AS calls,
             (SELECT count(*) FROM ivr_calls) AS ivr, (SELECT count(*) FROM events) AS events`.execute(t.runtime.db)
  ).rows[0];
const REFERENCE_PHONE = '+919812345670';

beforeAll(async () => {
  t = await startTestApp('recovery_conduct', {
    BUSINESS_DATE_MODE: 'manual',
    COLLECTION_CONTACTS_PER_DAY_MAX: '2',
    REMINDER_DAYS_BEFORE: '3',
    REMINDER_DAYS_AFTER: '1',
  });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  clock = t.app.get<symbol, Clock>(CLOCK);
  await setBusinessDate('2026-11-21');
  const registered = await registerBorrower(t.http, 'Alice Conduct');
  const me = (await t.http.get('/api/me').set(bearer(registered.token)).expect(200)).body;
  alice = { token: registered.token, id: registered.user._id, phone: me.phone ?? me.user?.phone };
  loan = await loanIn(t.http, 'active', alice.token, admin);
  await t.http
    .put('/api/me/profile/reference')
    .set(bearer(alice.token))
    .send({
      references: [
        { name: 'Ravi Kumar', relation: 'brother', phone: REFERENCE_PHONE },
        { name: 'Meena Iyer', relation: 'colleague', phone: '+919812345671' },
      ],
    })
    .expect(200);
});

afterAll(async () => {
  jest.restoreAllMocks();
  await t?.close();
});

describe('a reminder due before 08:00 is held until the window opens, with the reason shown to staff', () => {
  it('given close of business at 07:30, then the reminder goes out at 08:00: held at 07:59, sent at 08:00', async () => {
    atIst('2026-12-18', '07:30');
    await setBusinessDate('2026-12-18');
    await t.http.post('/api/admin/close-of-business').set(bearer(admin)).send({}).expect(200);
    const [row] = await t.runtime.db.selectFrom('collection_reminders').selectAll().where('loan_id', '=', loan.id).execute();
    expect(row).toMatchObject({ kind: 'due-soon', status: 'queued', scheduled_for: new Date('2026-12-18T02:30:00Z') });

    const view = await conduct();
    expect(view.window).toMatchObject({ open: false, localTime: '2026-12-18 07:30', opensAt: '2026-12-18 08:00' });
    expect(view.heldReminders).toEqual([
      expect.objectContaining({
        instalmentNumber: 1,
        scheduledFor: '2026-12-18T02:30:00.000Z',
        reason: expect.stringMatching(
          /^Held until 08:00 on 2026-12-18: collection contact only between 08:00 and 19:00 in the borrower's time zone/,
        ),
      }),
    ]);

    // A job that runs early (a retry, the sweep's re-add) sends nothing and waits for the window again.
    const key = { loanId: loan.id, instalmentNumber: 1, offsetDays: -3 };
    atIst('2026-12-18', '07:59');
    expect(await t.app.get(CollectionReminders).send(key)).toBe('held');
    atIst('2026-12-18', '08:00');
    expect(await t.app.get(CollectionReminders).send(key)).toBe('sent');
    const after = await conduct();
    expect(after.heldReminders).toEqual([]);
    expect(after.log).toEqual([expect.objectContaining({ channel: 'reminder', outcome: 'sent', by: 'system:collection-reminders' })]);
    expect(after.days).toEqual([{ date: '2026-12-18', count: 1, byChannel: { reminder: 1 } }]);
  });
});

describe('no collection contact by any channel outside 08:00–19:00 in the borrower’s time zone', () => {
  it('at 19:00 exactly the dialer, the IVR and WhatsApp refuse with the reason and nothing is stored', async () => {
    atIst('2027-01-05', '10:00');
    await setBusinessDate('2027-01-05');
    await t.http.post('/api/admin/close-of-business').set(bearer(admin)).send({}).expect(200);
    atIst('2027-01-05', '19:00');
    const before = await counts();
    const dialer = expectProblem(
      await t.http.post('/api/admin/dialer/calls').set(bearer(admin)).send({ loanId: loan.id }),
      409,
      'outside-contact-window',
    );
    expect(dialer.detail).toMatch(/Calls to borrowers about a loan are allowed from 08:00 to 19:00 only \(it is 19:00/);
    expectProblem(await t.http.post('/api/admin/ivr-calls').set(bearer(admin)).send({ loanId: loan.id }), 409, 'outside-contact-window');
    const whatsapp = expectProblem(
      await t.http
        .post('/api/admin/whatsapp/messages')
        .set(bearer(admin))
        .send({ loanId: loan.id, templateName: 'payment_reminder', parameters: ['Alice', '₹1.00', 'LN-1'] }),
      409,
      'outside-contact-window',
    );
    expect(whatsapp.detail).toMatch(/WhatsApp messages .* the window opens at 08:00 on 2027-01-06/);
    expect(await counts()).toEqual(before);
    expect((await conduct()).window).toMatchObject({ open: false, opensAt: '2027-01-06 08:00' });
  });
});

describe('references are never contacted about a debt', () => {
  it("a channel asked to reach a reference's phone is refused with the reason; the borrower's own phone is not", async () => {
    atIst('2027-01-05', '10:00');
    const rules = t.app.get(CollectionConduct);
    await expect(rules.assertMayContact({ loanId: loan.id, channel: 'call', phone: REFERENCE_PHONE })).rejects.toMatchObject({
      code: 'COLLECTIONS.REFERENCE_NOT_CONTACTED',
      message: expect.stringMatching(/references are never contacted about a debt/),
    });
    await expect(rules.assertMayContact({ loanId: loan.id, channel: 'call', phone: alice.phone })).resolves.toBeUndefined();
  });
});

describe('every contact logged, counted per day and capped', () => {
  it('two contacts (WhatsApp, a call) are logged with who, channel and outcome; a third by any channel is refused', async () => {
    atIst('2027-01-05', '10:00');
    await t.http
      .post('/api/admin/whatsapp/messages')
      .set(bearer(admin))
      .send({ loanId: loan.id, templateName: 'payment_reminder', parameters: ['Alice', '₹1.00', 'LN-1'] })
      .expect(201);
    const call = await t.http.post('/api/admin/dialer/calls').set(bearer(admin)).send({ loanId: loan.id }).expect(201);
    await t.http
      .post(`/api/admin/dialer/calls/${call.body.id}/outcome`)
      .set(bearer(admin))
      .send({ outcome: 'answered', note: 'Will pay Friday' })
      .expect(200);

    const before = await counts();
    const refused = expectProblem(
      await t.http.post('/api/admin/ivr-calls').set(bearer(admin)).send({ loanId: loan.id }),
      409,
      'contact-cap-reached',
    );
    expect(refused.detail).toMatch(/contacted 2 times today.*at most 2 collection contacts a day/);
    expectProblem(await t.http.post('/api/admin/dialer/calls').set(bearer(admin)).send({ loanId: loan.id }), 409, 'contact-cap-reached');
    expectProblem(
      await t.http
        .post('/api/admin/whatsapp/messages')
        .set(bearer(admin))
        .send({ loanId: loan.id, templateName: 'payment_reminder', parameters: ['Alice', '₹1.00', 'LN-1'] }),
      409,
      'contact-cap-reached',
    );
    expect(await counts()).toEqual(before);

    const view = await conduct();
    expect(view.today).toEqual({ date: '2027-01-05', count: 2, max: 2, left: 0 });
    expect(view.days[0]).toEqual({ date: '2027-01-05', count: 2, byChannel: { whatsapp: 1, call: 1 } });
    expect(view.log.slice(0, 2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channel: 'call', outcome: 'answered', note: 'Will pay Friday', by: expect.any(String) }),
        expect.objectContaining({ channel: 'whatsapp', outcome: 'message-sent', by: expect.any(String) }),
      ]),
    );
  });
});

describe('the borrower is told the collector before a collector is assigned', () => {
  it("assigning a collector first sends the borrower the collector's name and contact by SMS, recorded with the assignment", async () => {
    await staffWithRole(t.http, admin, 'collections-agent');
    const collectors = (await t.http.get('/api/admin/collectors').set(bearer(admin)).expect(200)).body as { id: string; name: string }[];
    const agent = collectors.find((c) => c.name === 'Staff collections-agent')!;
    await t.http.post(`/api/admin/loans/${loan.id}/assign`).set(bearer(admin)).send({ staffId: agent.id }).expect(200);

    const sms = await t.runtime.db.selectFrom('sms_log').selectAll().where('purpose', '=', 'collector-notice').execute();
    expect(sms).toEqual([expect.objectContaining({ to_phone: alice.phone })]);
    expect(sms[0]!.body).toMatch(/handled by our collections officer Staff collections-agent.*Contact: staff\.[0-9a-f]+@test\.local/);
    const event = await t.runtime.db
      .selectFrom('events')
      .select('data')
      .where('stream_id', '=', `loan-${loan.id}`)
      .where('type', '=', 'CollectorAssigned')
      .executeTakeFirstOrThrow();
    expect(event.data).toMatchObject({ staffId: agent.id, borrowerTold: { channel: 'sms', to: alice.phone } });

    // The same collector again: nothing changes, nothing is sent.
    await t.http.post(`/api/admin/loans/${loan.id}/assign`).set(bearer(admin)).send({ staffId: agent.id }).expect(200);
    expect(await t.runtime.db.selectFrom('sms_log').selectAll().where('purpose', '=', 'collector-notice').execute()).toHaveLength(1);
  });
});

describe('who may see a borrower’s contact conduct', () => {
  it('collections staff may; a borrower, a role without collections.view, no one signed in and a cross-site request may not', async () => {
    const agent = await staffWithRole(t.http, admin, 'collections-agent');
    expect((await conduct(agent)).today.max).toBe(2);
    const path = `/api/admin/loans/${loan.id}/contact-conduct`;
    expectProblem(await t.http.get(path).set(bearer(alice.token)), 403);
    expectProblem(await t.http.get(path).set(bearer(await staffWithRole(t.http, admin, 'credit-officer'))), 403);
    expectProblem(await t.http.get(path), 401);
    expectProblem(await t.http.get(`/api/admin/loans/00000000-0000-4000-8000-000000000000/contact-conduct`).set(bearer(admin)), 404);

    const login = await t.http.post('/api/auth/login').send(ADMIN).expect(200);
    const cookie = String((login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('token='))).split(';')[0];
    atIst('2027-01-06', '10:00');
    const before = await counts();
    const evil = (path: string, body: object) => t.http.post(path).set('Cookie', cookie).set('Origin', 'https://evil.example').send(body);
    expectProblem(await evil('/api/admin/dialer/calls', { loanId: loan.id }), 403, 'csrf-refused');
    expectProblem(await evil(`/api/admin/loans/${loan.id}/assign`, { staffId: null }), 403, 'csrf-refused');
    expect(await counts()).toEqual(before);
  });
});
