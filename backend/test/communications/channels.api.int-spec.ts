import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { sql } from 'kysely';
import { CLOCK, type Clock } from '../../src/platform/clock.js';
import { signWebhook } from '../../src/platform/webhooks/webhook-signature.js';
import { bearer, expectFieldProblem, expectProblem, loanIn, type LoanHandle } from '../support/loan-api.js';
import { ADMIN, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 15 item 3 over HTTP on a real database: the signed WhatsApp and IVR webhooks, sending inside and outside the
 * 24-hour window, IVR outcomes and dialer calls reaching the loan's collections contact log. Alice's loan is paid out
 * on 2026-11-21 (manual business date) and overdue from 2026-12-25.
 */
const WHATSAPP_SECRET = 'whatsapp-test-secret-0123456789';
const IVR_SECRET = 'ivr-test-secret-0123456789abcdef';

let t: TestApp;
let admin: string;
let alice: { token: string; id: string; phone: string };
let loan: LoanHandle;
let clock: Clock;

const signed = (path: string, body: object, secret: string, signature?: string) => {
  const raw = JSON.stringify(body);
  return t.http
    .post(path)
    .set('Content-Type', 'application/json')
    .set('X-Signature', signature ?? signWebhook(raw, secret))
    .send(raw);
};
const counts = async () =>
  (
    await sql<{ messages: string; calls: string; events: string }>`
      SELECT (SELECT count(*) FROM whatsapp_messages) AS messages, (SELECT count(*) FROM ivr_calls) AS calls, (SELECT count(*) FROM events) AS events`.execute(
      t.runtime.db,
    )
  ).rows[0];
const contacts = async () =>
  (await t.http.get(`/api/admin/loans/${loan.id}/contacts`).set(bearer(admin)).expect(200)).body as {
    channel: string;
    outcome: string;
    note: string;
    promiseToPayOn?: string;
    recordedBy: string;
  }[];
/** Business time in Asia/Kolkata: 10:00 IST is 04:30 UTC. */
const atIst = (date: string, time: string) => jest.spyOn(clock, 'now').mockReturnValue(new Date(`${date}T${time}:00+05:30`));

beforeAll(async () => {
  t = await startTestApp('channels', {
    BUSINESS_DATE_MODE: 'manual',
    WHATSAPP_WEBHOOK_SECRET: WHATSAPP_SECRET,
    IVR_WEBHOOK_SECRET: IVR_SECRET,
    // The daily cap on collection contacts is tested in recovery-conduct.api.int-spec.ts; here every channel is tried.
    COLLECTION_CONTACTS_PER_DAY_MAX: '20',
  });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  clock = t.app.get<symbol, Clock>(CLOCK);
  await t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date: '2026-11-21' }).expect(200);
  const registered = await registerBorrower(t.http, 'Alice Channels');
  const me = (await t.http.get('/api/me').set(bearer(registered.token)).expect(200)).body;
  alice = { token: registered.token, id: registered.user._id, phone: me.phone ?? me.user?.phone };
  loan = await loanIn(t.http, 'active', alice.token, admin);
  await t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date: '2027-01-05' }).expect(200);
  await t.http.post('/api/admin/close-of-business').set(bearer(admin)).send({}).expect(200);
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/webhooks/whatsapp', () => {
  const inbound = (messageId: string, text: string, timestamp: string) => ({
    messageId,
    from: alice.phone.replace('+', ''),
    text,
    timestamp,
  });

  it("stores a signed message in the borrower's conversation, once however often it is delivered", async () => {
    atIst('2026-11-23', '10:00');
    const body = inbound('wamid.first', 'Can I pay on Friday?', '2026-11-23T04:00:00Z');
    const first = await signed('/api/webhooks/whatsapp', body, WHATSAPP_SECRET).expect(200);
    expect(first.body).toEqual({ received: true, duplicate: false, id: expect.any(String) });
    const before = await counts();
    const replay = await signed('/api/webhooks/whatsapp', body, WHATSAPP_SECRET).expect(200);
    expect(replay.body).toEqual({ received: true, duplicate: true, id: first.body.id });
    expect(await counts()).toEqual(before);

    const conversation = (await t.http.get(`/api/admin/whatsapp/conversations/${alice.id}`).set(bearer(admin)).expect(200)).body;
    expect(conversation).toMatchObject({
      id: alice.id,
      phone: alice.phone,
      borrowerName: 'Alice Channels',
      window: { open: true, closesAt: '2026-11-24T04:00:00.000Z' },
    });
    expect(conversation.messages).toEqual([
      expect.objectContaining({ direction: 'inbound', body: 'Can I pay on Friday?', status: 'received', at: '2026-11-23T04:00:00.000Z' }),
    ]);
    const list = await t.http.get('/api/admin/whatsapp/conversations').set(bearer(admin)).expect(200);
    expect(list.headers['content-range']).toBe('conversations 0-0/1');
    expect(list.body[0]).toMatchObject({ id: alice.id, lastMessage: 'Can I pay on Friday?', messages: 1, window: { open: true } });
  });

  it('refuses a missing, wrong or other-key signature with 401 and stores nothing', async () => {
    const before = await counts();
    const body = inbound('wamid.forged', 'forged', '2026-11-23T04:00:00Z');
    expectProblem(await t.http.post('/api/webhooks/whatsapp').send(body), 401, 'invalid-signature');
    expectProblem(await signed('/api/webhooks/whatsapp', body, WHATSAPP_SECRET, 'sha256=00'), 401, 'invalid-signature');
    expectProblem(await signed('/api/webhooks/whatsapp', body, IVR_SECRET), 401, 'invalid-signature');
    // Signed over other bytes than those sent.
    expectProblem(
      await signed('/api/webhooks/whatsapp', body, WHATSAPP_SECRET, signWebhook(JSON.stringify({ ...body, text: 'x' }), WHATSAPP_SECRET)),
      401,
      'invalid-signature',
    );
    expect(await counts()).toEqual(before);
  });

  it('answers a signed but malformed body with its fields, and a body over 100 kB with 413', async () => {
    const before = await counts();
    expectFieldProblem(
      await signed('/api/webhooks/whatsapp', { messageId: '', from: 'abc', text: 'x', timestamp: 'yesterday' }, WHATSAPP_SECRET),
      ['messageId', 'from', 'timestamp'],
    );
    const huge = await signed(
      '/api/webhooks/whatsapp',
      inbound('wamid.huge', 'x'.repeat(120_000), '2026-11-23T04:00:00Z'),
      WHATSAPP_SECRET,
    );
    expect(huge.status).toBe(413);
    expect(await counts()).toEqual(before);
  });

  it('is off (503) when its secret is not configured', async () => {
    const off = await startTestApp('channels_off', { IVR_WEBHOOK_SECRET: IVR_SECRET });
    try {
      const body = { messageId: 'wamid.off', from: '+919876543210', text: 'hi', timestamp: '2026-11-23T04:00:00Z' };
      const raw = JSON.stringify(body);
      const res = await off.http
        .post('/api/webhooks/whatsapp')
        .set('Content-Type', 'application/json')
        .set('X-Signature', signWebhook(raw, WHATSAPP_SECRET))
        .send(raw);
      const problem = expectProblem(res, 503, 'not-configured');
      expect(problem.detail).toContain('WHATSAPP_WEBHOOK_SECRET');
      expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM whatsapp_messages`.execute(off.runtime.db)).rows[0].n)).toBe(0);
    } finally {
      await off.close();
    }
  });
});

describe('POST /api/admin/whatsapp/messages', () => {
  it('sends free text inside the window through the provider port (recorded by the development adapter)', async () => {
    atIst('2026-11-23', '15:00');
    const sent = await t.http
      .post('/api/admin/whatsapp/messages')
      .set(bearer(admin))
      .send({ loanId: loan.id, text: 'Yes, Friday is fine.' })
      .expect(201);
    expect(sent.body).toMatchObject({
      conversationId: alice.id,
      direction: 'outbound',
      body: 'Yes, Friday is fine.',
      status: 'recorded',
      loanId: loan.id,
    });
    const outbox = await t.runtime.db.selectFrom('channel_outbox').selectAll().where('channel', '=', 'whatsapp').execute();
    expect(outbox).toEqual([
      expect.objectContaining({ recipient: alice.phone, payload: expect.objectContaining({ body: 'Yes, Friday is fine.' }) }),
    ]);
  });

  it('outside the window refuses free text (409, nothing sent) and sends an approved template', async () => {
    atIst('2026-11-25', '10:00');
    const before = await counts();
    const refused = expectProblem(
      await t.http.post('/api/admin/whatsapp/messages').set(bearer(admin)).send({ borrowerId: alice.id, text: 'Hello again' }),
      409,
      'window-closed',
    );
    expect(refused.detail).toMatch(/approved template/);
    expect(await counts()).toEqual(before);
    const conversation = (await t.http.get(`/api/admin/whatsapp/conversations/${alice.id}`).set(bearer(admin)).expect(200)).body;
    expect(conversation.window).toEqual({ open: false, closesAt: '2026-11-24T04:00:00.000Z' });

    const templates = (await t.http.get('/api/admin/whatsapp/templates').set(bearer(admin)).expect(200)).body as { name: string }[];
    expect(templates.map((x) => x.name)).toContain('payment_reminder');
    const sent = await t.http
      .post('/api/admin/whatsapp/messages')
      .set(bearer(admin))
      .send({ borrowerId: alice.id, templateName: 'payment_reminder', parameters: ['Alice', '₹8,885.00', 'LN-1'] })
      .expect(201);
    expect(sent.body).toMatchObject({
      templateName: 'payment_reminder',
      body: 'Hello Alice, your instalment of ₹8,885.00 on loan LN-1 is due. Pay in the portal or reply to this message.',
    });
    expectFieldProblem(
      await t.http
        .post('/api/admin/whatsapp/messages')
        .set(bearer(admin))
        .send({ borrowerId: alice.id, templateName: 'payment_reminder', parameters: ['Alice'] }),
      ['parameters'],
    );
    expectFieldProblem(
      await t.http
        .post('/api/admin/whatsapp/messages')
        .set(bearer(admin))
        .send({ borrowerId: alice.id, templateName: 'made_up', parameters: [] }),
      ['templateName'],
    );
  });

  it('a new inbound message opens the window again', async () => {
    atIst('2026-11-25', '11:00');
    await signed(
      '/api/webhooks/whatsapp',
      { messageId: 'wamid.second', from: alice.phone, text: 'Paid now', timestamp: '2026-11-25T05:00:00Z' },
      WHATSAPP_SECRET,
    ).expect(200);
    await t.http.post('/api/admin/whatsapp/messages').set(bearer(admin)).send({ borrowerId: alice.id, text: 'Thank you!' }).expect(201);
  });
});

describe('POST /api/webhooks/ivr: outcomes reach the contact log', () => {
  it('a promise to pay is recorded once, as a call by the IVR provider', async () => {
    const body = {
      callId: 'exo-1',
      loanId: loan.id,
      to: alice.phone,
      outcome: 'promised-to-pay',
      promiseToPayOn: '2027-01-08',
      durationSeconds: 42,
      endedAt: '2027-01-05T05:00:00Z',
    };
    const first = await signed('/api/webhooks/ivr', body, IVR_SECRET).expect(200);
    expect(first.body).toMatchObject({ received: true, duplicate: false, contactLogged: true, contactError: null });
    const before = await counts();
    const replay = await signed('/api/webhooks/ivr', body, IVR_SECRET).expect(200);
    expect(replay.body).toMatchObject({ duplicate: true, id: first.body.id, contactLogged: true });
    expect(await counts()).toEqual(before);
    const logged = (await contacts()).filter((c) => c.note.includes('exo-1'));
    expect(logged).toEqual([
      expect.objectContaining({
        channel: 'call',
        outcome: 'promised-to-pay',
        promiseToPayOn: '2027-01-08',
        recordedBy: 'ivr-provider:development',
      }),
    ]);
  });

  it('a wrong signature is 401 and nothing is stored or logged', async () => {
    const before = await counts();
    const body = { callId: 'exo-forged', loanId: loan.id, to: alice.phone, outcome: 'answered', endedAt: '2027-01-05T05:00:00Z' };
    expectProblem(await signed('/api/webhooks/ivr', body, WHATSAPP_SECRET), 401, 'invalid-signature');
    expectProblem(await t.http.post('/api/webhooks/ivr').send(body), 401, 'invalid-signature');
    expect(await counts()).toEqual(before);
  });

  it('a call staff requested is completed by its webhook; the list filters by outcome and loan', async () => {
    atIst('2027-01-05', '11:00');
    const requested = await t.http.post('/api/admin/ivr-calls').set(bearer(admin)).send({ loanId: loan.id }).expect(201);
    expect(requested.body).toMatchObject({ status: 'requested', loanId: loan.id, phone: alice.phone, borrowerName: 'Alice Channels' });
    await signed(
      '/api/webhooks/ivr',
      { callId: requested.body.providerCallId, to: alice.phone, outcome: 'no-answer', endedAt: '2027-01-05T05:31:00Z' },
      IVR_SECRET,
    ).expect(200);
    const noAnswer = await t.http
      .get('/api/admin/ivr-calls')
      .query({ filter: JSON.stringify({ outcome: 'no-answer', loanId: loan.id }) })
      .set(bearer(admin))
      .expect(200);
    expect(noAnswer.body).toEqual([
      expect.objectContaining({ id: requested.body.id, status: 'completed', outcome: 'no-answer', contactLogged: true }),
    ]);
    expect(noAnswer.headers['content-range']).toBe('ivr-calls 0-0/1');
    expectFieldProblem(
      await t.http
        .get('/api/admin/ivr-calls')
        .query({ filter: JSON.stringify({ outcome: 'maybe' }) })
        .set(bearer(admin)),
      ['outcome'],
    );
    atIst('2027-01-05', '20:00');
    expectProblem(await t.http.post('/api/admin/ivr-calls').set(bearer(admin)).send({ loanId: loan.id }), 409, 'outside-contact-window');
  });
});

describe('the dialer', () => {
  it('lists the overdue book with the window, calls inside it and records the outcome once', async () => {
    atIst('2027-01-05', '18:30');
    const queue = (await t.http.get('/api/admin/dialer/queue').set(bearer(admin)).expect(200)).body;
    expect(queue.window).toMatchObject({ open: true, opens: '08:00', closes: '19:00', localTime: '2027-01-05 18:30' });
    const entry = queue.loans.find((l: { loanId: string }) => l.loanId === loan.id);
    expect(entry).toMatchObject({ phone: alice.phone, borrowerName: 'Alice Channels' });
    expect(entry.dpd).toBeGreaterThan(0);
    expect(entry.amountOverdue).toBeGreaterThan(0);

    const call = await t.http.post('/api/admin/dialer/calls').set(bearer(admin)).send({ loanId: loan.id }).expect(201);
    expect(call.body).toMatchObject({ loanId: loan.id, phone: alice.phone, outcome: null });
    const outcome = await t.http
      .post(`/api/admin/dialer/calls/${call.body.id}/outcome`)
      .set(bearer(admin))
      .send({ outcome: 'callback', note: 'Asked to ring after 6' })
      .expect(200);
    expect(outcome.body).toMatchObject({ outcome: 'callback', businessDate: '2027-01-05' });
    expect((await contacts())[0]).toMatchObject({ channel: 'call', outcome: 'callback', note: 'Asked to ring after 6' });
    expectProblem(
      await t.http.post(`/api/admin/dialer/calls/${call.body.id}/outcome`).set(bearer(admin)).send({ outcome: 'answered' }),
      409,
      'outcome-recorded',
    );
    expectFieldProblem(await t.http.post(`/api/admin/dialer/calls/${call.body.id}/outcome`).set(bearer(admin)).send({ outcome: 'shrug' }), [
      'outcome',
    ]);
    expectProblem(
      await t.http.post(`/api/admin/dialer/calls/${randomUUID()}/outcome`).set(bearer(admin)).send({ outcome: 'answered' }),
      404,
    );
  });

  it('outside 08:00–19:00 shows why and places no call', async () => {
    atIst('2027-01-05', '19:00');
    const queue = (await t.http.get('/api/admin/dialer/queue').set(bearer(admin)).expect(200)).body;
    expect(queue.window).toMatchObject({ open: false, opensAt: '2027-01-06 08:00' });
    expect(queue.window.reason).toMatch(/08:00 to 19:00/);
    const before = await t.runtime.db
      .selectFrom('dialer_calls')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expectProblem(await t.http.post('/api/admin/dialer/calls').set(bearer(admin)).send({ loanId: loan.id }), 409, 'outside-contact-window');
    expect(
      await t.runtime.db
        .selectFrom('dialer_calls')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
  });
});
