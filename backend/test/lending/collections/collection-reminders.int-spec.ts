import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  COLLECTION_REMINDERS_QUEUE,
  CollectionReminders,
  reminderJobId,
  SEND_REMINDER_JOB,
} from '../../../src/lending/collections/application/collection-reminders.js';
import { PUSH_QUEUE } from '../../../src/communications/application/push/push-delivery.js';
import { closeOfBusinessResultSchema } from '../../../src/lending/collections/http/collections.schemas.js';
import { paymentSchema } from '../../../src/lending/servicing/http/servicing.schemas.js';
import { CLOCK, type Clock } from '../../../src/platform/clock.js';
import { verifyProjections } from '../../../src/platform/projections/verify.js';
import { PlatformRegistry } from '../../../src/platform/registry.js';
import { WorkerHost } from '../../../src/platform/worker-host.js';
import { bearer, loanIn, type LoanHandle } from '../../support/loan-api.js';
import { startSmtp } from '../../support/smtp.js';
import { ADMIN, registerBorrower, startTestApp, type TestApp } from '../../support/test-app.js';
import { waitFor } from '../../support/wait-for.js';

/**
 * Issue 13, collection reminders end to end: close of business over HTTP (business date set by hand), the reminder
 * job on the in-process BullMQ worker, the email through the `email` queue to a real SMTP server. The loan is paid
 * out on 2026-11-21: instalment 1 is due on 2026-12-21. The clock is the app's CLOCK, told what time it is.
 * Issue 15: each reminder also pushes to the borrower's registered device (the `push` queue's job, the development
 * adapter), and a reminder whose event has no active template goes out with the shipped default.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
let checker: string;
let borrowerEmail: string;
let loan: LoanHandle;
/** A second loan of the same borrower, never paid: it goes overdue. */
let unpaid: LoanHandle;
let borrowerToken: string;
let borrowerId: string;
const PENAL = 50_000;
let clock: Clock;

const setBusinessDate = (date: string) => t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date }).expect(200);
const closeOfBusiness = async () =>
  closeOfBusinessResultSchema.parse((await t.http.post('/api/admin/close-of-business').set(bearer(admin)).send({}).expect(200)).body);
const itIs = (iso: string) => jest.spyOn(clock, 'now').mockReturnValue(new Date(iso));
const reminderRows = (loanId: string) =>
  t.runtime.db
    .selectFrom('collection_reminders')
    .selectAll()
    .where('loan_id', '=', loanId)
    .orderBy('instalment_number')
    .orderBy('offset_days')
    .execute();
/** The reminder outcomes in the loan's stream, oldest first. */
const reminderEvents = async (loanId: string) =>
  (
    await t.runtime.db
      .selectFrom('events')
      .select(['type', 'data'])
      .where('stream_id', '=', `loan-${loanId}`)
      .where('type', 'in', ['CollectionReminderSent', 'CollectionReminderSkipped'])
      .orderBy('version')
      .execute()
  ).map((e) => ({ ...(e.data as Record<string, unknown>), type: e.type }) as Record<string, unknown> & { type: string });
const verifyClean = async () => {
  const report = await verifyProjections(t.runtime.db, t.app.get(PlatformRegistry).projections);
  expect(report.tables).toEqual(expect.arrayContaining(['collection_reminder_outcomes', 'collection_loans', 'collection_contacts']));
  expect(report.differences).toEqual([]);
};
const REMINDER_TEMPLATES = ['instalment-due-soon', 'instalment-overdue'];
const pushesOf = (userId: string) =>
  t.runtime.db.selectFrom('pushes').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
const emailCount = async () =>
  Number(
    (
      await t.runtime.db
        .selectFrom('emails')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('to_address', '=', borrowerEmail)
        .where('template', 'in', REMINDER_TEMPLATES)
        .executeTakeFirstOrThrow()
    ).n,
  );
/** The loan's own emails (application received, approved, paid out) go to the same borrower: wait for the reminder. */
async function reminderMail(subject: string) {
  await waitFor(() => smtp.received.some((m) => m.subject === subject), `the email "${subject}"`);
  return smtp.received.find((m) => m.subject === subject)!;
}

async function pay(loanId: string, amount: number, paidOn: string) {
  const recorded = paymentSchema.parse(
    (await t.http.post(`/api/admin/loans/${loanId}/payments`).set(bearer(admin)).send({ amount, paidOn, method: 'cash' }).expect(201)).body,
  );
  await t.http.post(`/api/admin/payments/${recorded.id}/verify`).set(bearer(checker)).expect(200);
}

async function owedOnFirstInstalment(loanId: string): Promise<number> {
  const i = await t.runtime.db
    .selectFrom('loan_instalments')
    .selectAll()
    .where('loan_id', '=', loanId)
    .where('number', '=', 1)
    .executeTakeFirstOrThrow();
  return (
    [i.principal, i.interest, i.fees, i.penalties].reduce((s, v) => s + Number(v), 0) -
    [i.paid_principal, i.paid_interest, i.paid_fees, i.paid_penalties].reduce((s, v) => s + Number(v), 0)
  );
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp('collection_reminders', {
    BUSINESS_DATE_MODE: 'manual',
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://portal.example.test',
  });
  await t.app.get(WorkerHost).start({ queues: [COLLECTION_REMINDERS_QUEUE, 'email', PUSH_QUEUE] });
  clock = t.app.get<Clock>(CLOCK);
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  const checkerEmail = `checker.${randomUUID().slice(0, 8)}@test.local`;
  await t.http
    .post('/api/admin/users')
    .set(bearer(admin))
    .send({ name: 'Checker', email: checkerEmail, password: 'staff-password-1', roleId: 'operations-manager' })
    .expect(201);
  checker = (await t.http.post('/api/auth/login').send({ email: checkerEmail, password: 'staff-password-1' }).expect(200)).body.token;
  const borrower = await registerBorrower(t.http, 'Ravi Reminded');
  borrowerEmail = (
    await t.runtime.db.selectFrom('loan_borrowers').select('email').where('user_id', '=', borrower.user._id).executeTakeFirstOrThrow()
  ).email;
  borrowerToken = borrower.token;
  borrowerId = borrower.user._id;
  // The borrower's browser registered for pushes (issue 15): reminders reach it too.
  await t.http
    .post('/api/me/push-tokens')
    .set(bearer(borrower.token))
    .send({
      token: `fcm:APA91b${randomUUID().replace(/-/g, '')}`,
      options: {
        endpoint: 'https://fcm.googleapis.com/fcm/send/endpoint-1',
        auth: 'auth-secret-base64',
        p256dh: 'BPublicKeyOfTheBrowserBase64UrlEncoded',
        swScope: 'http://localhost:3000/firebase-cloud-messaging-push-scope',
        vapidKey: 'BVapidPublicKeyBase64UrlEncodedForTheProject',
      },
    })
    .expect(201);
  const product = (
    await t.http
      .post('/api/admin/products')
      .set(bearer(admin))
      .send({
        code: 'reminder-emi',
        name: 'Reminder personal loan',
        type: 'EMI',
        minAmount: 1_000_000,
        maxAmount: 30_000_000,
        minTenureMonths: 6,
        maxTenureMonths: 24,
        annualRatePercent: 12,
        processingFeePercent: 1,
        graceDays: 3,
        penalChargeFlat: PENAL,
        allocationStrategy: 'mifos-standard',
        prepaymentMode: 'reduceTenure',
      })
      .expect(201)
  ).body as { id: string };
  await setBusinessDate('2026-11-21');
  loan = await loanIn(t.http, 'active', borrower.token, admin, {
    type: 'EMI',
    amount: 10_000_000,
    tenureMonths: 12,
    productId: product.id,
  });
  unpaid = await loanIn(t.http, 'active', borrower.token, admin, {
    type: 'EMI',
    amount: 10_000_000,
    tenureMonths: 12,
    productId: product.id,
  });
});

afterAll(async () => {
  jest.restoreAllMocks();
  await t?.close();
  await smtp?.stop();
});

describe('collection reminders', () => {
  it('given COB at three days before the due date inside the contact window, then a due-soon email reaches the borrower and the record shows when', async () => {
    itIs('2026-12-18T06:00:00Z'); // 11:30 in Asia/Kolkata
    await setBusinessDate('2026-12-18');
    expect(await closeOfBusiness()).toMatchObject({ date: '2026-12-18', remindersQueued: 2 });
    const mail = await reminderMail(`Instalment 1 of loan ${loan.id.slice(0, 8).toUpperCase()} is due on 21 Dec 2026`);
    expect(JSON.stringify(mail.to)).toContain(borrowerEmail);
    expect(mail.text).toContain('Hello Ravi Reminded');
    expect(mail.text).toMatch(/Instalment 1 of ₹[\d,]+\.\d\d is due on 21 Dec 2026\./);
    expect(mail.text).toContain(`https://portal.example.test/User/Loans/${loan.id}#pay`);
    const [row] = await reminderRows(loan.id);
    expect(row).toMatchObject({
      instalment_number: 1,
      offset_days: -3,
      kind: 'due-soon',
      due_on: '2026-12-21',
      status: 'sent',
      scheduled_for: new Date('2026-12-18T06:00:00Z'),
    });
    expect(row!.sent_at).toEqual(new Date('2026-12-18T06:00:00Z'));
    expect(row!.email_id).toEqual(expect.any(String));
    expect(await t.app.get(CollectionReminders).lastReminderAt(loan.id, 1)).toEqual(new Date('2026-12-18T06:00:00Z'));
  });

  it("given the due-soon reminder went out, then the loan's stream holds one CollectionReminderSent, which the Reminder bucket reads and a rebuild reproduces", async () => {
    const [row] = await reminderRows(loan.id);
    await waitFor(async () => (await reminderEvents(loan.id)).length === 1, 'the reminder event');
    expect(await reminderEvents(loan.id)).toEqual([
      expect.objectContaining({
        type: 'CollectionReminderSent',
        instalmentNumber: 1,
        offsetDays: -3,
        kind: 'due-soon',
        dueOn: '2026-12-21',
        channels: ['email', 'push'],
        emailId: row!.email_id,
        at: '2026-12-18T06:00:00.000Z',
        actor: { id: 'system:collection-reminders', role: 'staff' },
      }),
    ]);
    const rows = (
      await t.http
        .get('/api/admin/collections')
        .query({ filter: JSON.stringify({ bucket: 'Reminder' }) })
        .set(bearer(admin))
        .expect(200)
    ).body as { id: string; lastReminderAt: string | null }[];
    expect(rows.find((r) => r.id === `inst:${loan.id}:1`)).toMatchObject({ lastReminderAt: '2026-12-18T06:00:00.000Z' });
    await verifyClean();
  });

  it('given the job runs again for a reminder already sent (a retry after a crash), then it sends nothing and appends nothing more', async () => {
    const emails = await emailCount();
    const key = { loanId: loan.id, instalmentNumber: 1, offsetDays: -3 };
    // The outbox row as a run that stopped after the append but before marking it would have left it.
    await t.runtime.db
      .updateTable('collection_reminders')
      .set({ status: 'queued', sent_at: null, email_id: null })
      .where('loan_id', '=', loan.id)
      .where('offset_days', '=', -3)
      .execute();
    expect(await t.app.get(CollectionReminders).send(key)).toBe('done already');
    expect(await t.app.get(CollectionReminders).send(key)).toBe('done already');
    expect(await reminderEvents(loan.id)).toHaveLength(1);
    expect(await emailCount()).toBe(emails);
    // The outbox row was marked from the projection, so the sweep leaves it alone.
    expect((await reminderRows(loan.id))[0]).toMatchObject({ status: 'sent', sent_at: new Date('2026-12-18T06:00:00Z') });
  });

  it("given the reminder was sent, then the borrower's timeline shows it, sent by the lender", async () => {
    const timeline = (await t.http.get(`/api/me/loans/${loan.id}/history`).set(bearer(borrowerToken)).expect(200)).body as {
      type: string;
      by: string;
    }[];
    expect(timeline.filter((e) => e.type === 'CollectionReminderSent')).toEqual([
      expect.objectContaining({ by: 'lender', at: '2026-12-18T06:00:00.000Z' }),
    ]);
  });

  it('given the due-soon reminder, then it also pushes to the borrower’s registered device, once per reminder and device', async () => {
    const key = reminderJobId({ loanId: loan.id, instalmentNumber: 1, offsetDays: -3 });
    await waitFor(
      async () => (await pushesOf(borrowerId)).some((p) => p.dedupe_key.startsWith(`${key}:token:`) && p.status === 'logged'),
      'the reminder push',
    );
    const pushes = (await pushesOf(borrowerId)).filter((p) => p.dedupe_key.startsWith(`${key}:token:`));
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({
      topic: 'instalment-due-soon',
      title: 'Instalment due soon',
      status: 'logged',
      link: `https://portal.example.test/User/Loans/${loan.id}#pay`,
    });
    expect(pushes[0]!.body).toMatch(
      new RegExp(`^Instalment 1 of loan ${loan.id.slice(0, 8).toUpperCase()} \\(₹[\\d,]+\\.\\d\\d\\) is due on 21 Dec 2026\\.$`),
    );
  });

  it('given COB for the same date again, then nothing new is queued or sent', async () => {
    const emails = await emailCount();
    const pushes = (await pushesOf(borrowerId)).length;
    expect(await closeOfBusiness()).toMatchObject({ date: '2026-12-18', remindersQueued: 0 });
    // The reminder jobs only (the queue also holds the outbox sweep's scheduled job).
    const jobs = await t.runtime.queue.queue(COLLECTION_REMINDERS_QUEUE).getJobs(['waiting', 'delayed', 'active', 'completed']);
    const reminders = jobs.filter((j) => j.name === SEND_REMINDER_JOB);
    expect(reminders).toHaveLength(2);
    expect(await Promise.all(reminders.map((j) => j.getState()))).toEqual(['completed', 'completed']);
    expect(await reminderRows(loan.id)).toHaveLength(1);
    expect(await emailCount()).toBe(emails);
    expect(await pushesOf(borrowerId)).toHaveLength(pushes);
  });

  it('given COB after 19:00 local time, then the reminder is held until 08:00: the job is delayed and nothing is sent yet', async () => {
    itIs('2026-12-19T14:00:00Z'); // 19:30 in Asia/Kolkata
    await setBusinessDate('2026-12-20');
    expect(await closeOfBusiness()).toMatchObject({ remindersQueued: 2 });
    const job = await t.runtime.queue
      .queue(COLLECTION_REMINDERS_QUEUE)
      .getJob(reminderJobId({ loanId: loan.id, instalmentNumber: 1, offsetDays: -1 }));
    expect(job!.opts.delay).toBe(12.5 * 3_600_000);
    expect(await job!.getState()).toBe('delayed');
    const row = (await reminderRows(loan.id)).find((r) => r.offset_days === -1);
    expect(row).toMatchObject({ kind: 'due-soon', status: 'queued', sent_at: null, scheduled_for: new Date('2026-12-20T02:30:00Z') });
  });

  it('given the instalment is paid while its reminder waits, then the job skips it as paid and sends nothing', async () => {
    const emails = await emailCount();
    await pay(loan.id, await owedOnFirstInstalment(loan.id), '2026-12-20');
    const job = await t.runtime.queue
      .queue(COLLECTION_REMINDERS_QUEUE)
      .getJob(reminderJobId({ loanId: loan.id, instalmentNumber: 1, offsetDays: -1 }));
    await job!.promote();
    await waitFor(
      async () => (await reminderRows(loan.id)).find((r) => r.offset_days === -1)?.status === 'skipped-paid',
      'the held reminder to be skipped',
    );
    expect((await reminderRows(loan.id)).find((r) => r.offset_days === -1)).toMatchObject({
      status: 'skipped-paid',
      sent_at: null,
      email_id: null,
    });
    expect(await emailCount()).toBe(emails);
    // The skip is an event too (reason paid); a skipped reminder is not a reminder sent, nor shown to the borrower.
    expect((await reminderEvents(loan.id)).map((e) => [e.type, e.offsetDays, e.reason])).toEqual([
      ['CollectionReminderSent', -3, undefined],
      ['CollectionReminderSkipped', -1, 'paid'],
    ]);
    expect(await t.app.get(CollectionReminders).lastReminderAt(loan.id, 1)).toEqual(new Date('2026-12-18T06:00:00Z'));
    const timeline = (await t.http.get(`/api/me/loans/${loan.id}/history`).set(bearer(borrowerToken)).expect(200)).body as {
      type: string;
    }[];
    expect(timeline.map((e) => e.type)).not.toContain('CollectionReminderSkipped');
    await verifyClean();
  });

  it('given staff deactivate the overdue template, then it is inactive (the next test sends the reminder anyway)', async () => {
    const active = await t.runtime.db
      .selectFrom('email_templates')
      .selectAll()
      .where('event', '=', 'instalment-overdue')
      .where('active', '=', true)
      .executeTakeFirstOrThrow();
    await t.http
      .put(`/api/admin/email-templates/${active.id}`)
      .set(bearer(admin))
      .send({ name: active.name, event: active.event, subject: active.subject, html: active.html, text: active.text, active: false })
      .expect(200);
    expect(
      await t.runtime.db
        .selectFrom('email_templates')
        .select('id')
        .where('event', '=', 'instalment-overdue')
        .where('active', '=', true)
        .execute(),
    ).toEqual([]);
  });

  it('given the instalment was paid, then COB after the due date queues no overdue reminder for it', async () => {
    itIs('2026-12-22T06:00:00Z');
    await setBusinessDate('2026-12-22');
    expect(await closeOfBusiness()).toMatchObject({ date: '2026-12-22', remindersQueued: 1 });
    expect((await reminderRows(loan.id)).map((r) => r.offset_days)).toEqual([-3, -1]);
  });

  it('given the other loan unpaid a day after its due date, then its overdue reminder goes out', async () => {
    const mail = await reminderMail(`Instalment 1 of loan ${unpaid.id.slice(0, 8).toUpperCase()} is overdue`);
    expect(mail.text).toMatch(/due on 21 Dec 2026, is 1 day overdue/);
    const row = (await reminderRows(unpaid.id)).find((r) => r.offset_days === 1);
    expect(row).toMatchObject({ kind: 'overdue', status: 'sent', sent_at: new Date('2026-12-22T06:00:00Z') });
    // No active template: a reminder is the product's own email, so the shipped default went out, and says so.
    const email = await t.runtime.db.selectFrom('emails').selectAll().where('id', '=', row!.email_id!).executeTakeFirstOrThrow();
    expect(email).toMatchObject({ template: 'instalment-overdue', template_source: 'shipped', template_id: null, template_version: null });
    const shown = (await t.http.get(`/api/admin/emails/${email.id}`).set(bearer(admin)).expect(200)).body;
    expect(shown).toMatchObject({ templateSource: 'shipped', templateId: null });
  });
});

describe('an overdue loan in the borrower view', () => {
  it('given COB past the grace days, then the loan answers its days overdue and the amount to pay now with the penal charge', async () => {
    await setBusinessDate('2026-12-25');
    await closeOfBusiness();
    const detail = (await t.http.get(`/api/me/loans/${unpaid.id}`).set(bearer(borrowerToken)).expect(200)).body;
    const first = detail.instalments[0];
    expect(first.penalties).toBe(PENAL);
    const owed = first.principal + first.interest + first.fees + first.penalties;
    expect(detail.arrears).toEqual({ asOf: '2026-12-25', daysOverdue: 4, overdueAmount: owed, amountDueNow: owed, chargesDue: PENAL });
    expect((await t.http.get(`/api/me/loans/${loan.id}`).set(bearer(borrowerToken)).expect(200)).body.arrears).toEqual({
      asOf: '2026-12-25',
      daysOverdue: 0,
      overdueAmount: 0,
      amountDueNow: 0,
      chargesDue: 0,
    });
  });
});
