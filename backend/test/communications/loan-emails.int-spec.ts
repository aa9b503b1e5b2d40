import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LOAN_EMAILS_SUBSCRIPTION } from '../../src/communications/jobs/loan-emails.subscription.js';
import { paymentSchema } from '../../src/lending/servicing/http/servicing.schemas.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { PlatformRegistry } from '../../src/platform/registry.js';
import { SubscriptionRunner } from '../../src/platform/subscriptions/subscription-runner.js';
import { WorkerHost } from '../../src/platform/worker-host.js';
import { bearer, loanIn } from '../support/loan-api.js';
import { startSmtp } from '../support/smtp.js';
import { ADMIN, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';

/**
 * Issue 15 follow-up: "Payment received" and "Loan closed" are sent by the loan-emails subscription, on the events
 * that mean them: `RepaymentApplied` (the money confirmed: an offline payment verified by the checker) and
 * `LoanClosed`, through the event's active template, once per event and template, to a real SMTP server. And an
 * issued agreement sends one email (the terms and the e-sign link), not two.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
let checker: string;
const templateIds: Record<string, string> = {};

const setBusinessDate = (date: string) => t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date }).expect(200);

function runLoanEmails() {
  const subscription = t.app.get(PlatformRegistry).subscriptions.find((s) => s.name === LOAN_EMAILS_SUBSCRIPTION)!;
  return new SubscriptionRunner(t.runtime.db, t.app.get<EventStore>(EVENT_STORE), t.database.url, [subscription]);
}

async function borrower(name: string) {
  const b = await registerBorrower(t.http, name);
  const email = (
    await t.runtime.db.selectFrom('loan_borrowers').select('email').where('user_id', '=', b.user._id).executeTakeFirstOrThrow()
  ).email;
  return { ...b, email };
}

async function record(loanId: string, amount: number) {
  return paymentSchema.parse(
    (
      await t.http
        .post(`/api/admin/loans/${loanId}/payments`)
        .set(bearer(admin))
        .send({ amount, paidOn: '2026-12-21', method: 'cash' })
        .expect(201)
    ).body,
  );
}
const verify = (paymentId: string) => t.http.post(`/api/admin/payments/${paymentId}/verify`).set(bearer(checker)).expect(200);

const emailsOf = (userId: string, template: string) =>
  t.runtime.db.selectFrom('emails').selectAll().where('user_id', '=', userId).where('template', '=', template).execute();
const mailsTo = (to: string, subject: RegExp) =>
  smtp.received.filter((m) => JSON.stringify(m.to).toLowerCase().includes(to.toLowerCase()) && subject.test(m.subject ?? ''));

/** Reads the log until the subscription is past the loan's event of that type (gap-safe: it may take a moment). */
async function readPast(loanId: string, type: string) {
  const event = await t.runtime.db
    .selectFrom('events')
    .select('global_position')
    .where('stream_id', '=', `loan-${loanId}`)
    .where('type', '=', type)
    .executeTakeFirstOrThrow();
  const checkpoint = async () =>
    Number(
      (
        await t.runtime.db
          .selectFrom('subscription_checkpoints')
          .select('global_position')
          .where('name', '=', LOAN_EMAILS_SUBSCRIPTION)
          .executeTakeFirst()
      )?.global_position ?? 0,
    );
  await waitFor(async () => (await runLoanEmails().catchUp(), (await checkpoint()) >= Number(event.global_position)), `${type} to be read`);
}

/** Reads the log (gap-safe, so until the event is seen) and waits until the emails are sent to SMTP. */
async function sentEmails(userId: string, template: string, count: number) {
  await waitFor(
    async () => (await runLoanEmails().catchUp(), (await emailsOf(userId, template)).length >= count),
    `${count} ${template} email(s)`,
  );
  await waitFor(async () => (await emailsOf(userId, template)).every((e) => e.status === 'sent'), `the ${template} email(s) delivered`);
  return emailsOf(userId, template);
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp('loan_emails', { BUSINESS_DATE_MODE: 'manual', SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.test' });
  await t.app.get(WorkerHost).start({ queues: ['email'] });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  const checkerEmail = `checker.${randomUUID().slice(0, 8)}@test.local`;
  await t.http
    .post('/api/admin/users')
    .set(bearer(admin))
    .send({ name: 'Checker', email: checkerEmail, password: 'staff-password-1', roleId: 'operations-manager' })
    .expect(201);
  checker = (await t.http.post('/api/auth/login').send({ email: checkerEmail, password: 'staff-password-1' }).expect(200)).body.token;
  // Staff's own templates, active before any loan event (an event older than the active template sends nothing).
  for (const [event, subject, body] of [
    [
      'payment-received',
      'Got {{amountPaid}} for {{loanReference}}',
      'Dear {{borrowerName}}, we got {{amountPaid}} on {{paidOn}} for your {{loanType}} of {{amount}}: {{loanUrl}}',
    ],
    ['loan-closed', 'Closed: {{loanReference}}', 'Dear {{borrowerName}}, loan {{loanReference}} of {{amount}} closed on {{closedOn}}.'],
  ] as const) {
    const res = await t.http
      .post('/api/admin/email-templates')
      .set(bearer(admin))
      .send({ name: `Staff ${event}`, event, subject, html: `<p>${body}</p>`, text: body, active: true })
      .expect(201);
    templateIds[event] = res.body.id as string;
  }
  await setBusinessDate('2026-11-21');
});

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

describe('payment received and loan closed emails', () => {
  it('a payment recorded sends nothing; verified (money confirmed), it sends exactly one email from the active template', async () => {
    const b = await borrower('Priya Paid');
    const loan = await loanIn(t.http, 'active', b.token, admin);
    await setBusinessDate('2026-12-21');
    const payment = await record(loan.id, 500_000);
    // Read the log past the recording: no payment email for a payment still awaiting its checker.
    await readPast(loan.id, 'PaymentRecorded');
    expect(await emailsOf(b.user._id, 'payment-received')).toEqual([]);

    await verify(payment.id);
    const [email, ...more] = await sentEmails(b.user._id, 'payment-received', 1);
    expect(more).toEqual([]);
    expect(email).toMatchObject({
      template_id: templateIds['payment-received'],
      template_version: 1,
      template_source: 'active',
      status: 'sent',
    });
    const ref = loan.id.slice(0, 8).toUpperCase();
    await waitFor(() => mailsTo(b.email, /^Got /).length > 0, 'the payment email at the SMTP server');
    const mails = mailsTo(b.email, /^Got /);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Got ₹5,000.00 for ${ref}`);
    expect(mails[0]!.text).toContain('Dear Priya Paid, we got ₹5,000.00 on 21 Dec 2026 for your EMI loan of ₹1,00,000.00');
    expect(mails[0]!.text).toContain(`https://portal.example.test/User/Loans/${loan.id}`);
    // The loan is not closed: no closing email.
    expect(await emailsOf(b.user._id, 'loan-closed')).toEqual([]);
  });

  it('paying the foreclosure quote closes the loan: one payment email and one closing email, and a re-read of the log sends nothing more', async () => {
    await setBusinessDate('2026-12-21');
    const b = await borrower('Kiran Closed');
    const loan = await loanIn(t.http, 'active', b.token, admin);
    const quote = (await t.http.get(`/api/admin/loans/${loan.id}/foreclosure-quote`).set(bearer(admin)).expect(200)).body as {
      total: number;
    };
    await verify((await record(loan.id, quote.total)).id);
    expect((await t.http.get(`/api/admin/loans/${loan.id}`).set(bearer(admin)).expect(200)).body.state).toBe('closed');

    const closing = await sentEmails(b.user._id, 'loan-closed', 1);
    expect(closing).toHaveLength(1);
    expect(closing[0]).toMatchObject({ template_id: templateIds['loan-closed'], template_version: 1, template_source: 'active' });
    expect(await sentEmails(b.user._id, 'payment-received', 1)).toHaveLength(1);
    const ref = loan.id.slice(0, 8).toUpperCase();
    await waitFor(() => mailsTo(b.email, /^Closed: /).length > 0, 'the closing email at the SMTP server');
    const mails = mailsTo(b.email, /^Closed: /);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Closed: ${ref}`);
    expect(mails[0]!.text).toContain(`Dear Kiran Closed, loan ${ref} of ₹1,00,000.00 closed on 21 Dec 2026.`);

    // A lost checkpoint: the whole log is read again, and nothing new is written or sent.
    await t.runtime.db.deleteFrom('subscription_checkpoints').where('name', '=', LOAN_EMAILS_SUBSCRIPTION).execute();
    await runLoanEmails().catchUp();
    expect(await emailsOf(b.user._id, 'loan-closed')).toHaveLength(1);
    expect(await emailsOf(b.user._id, 'payment-received')).toHaveLength(1);
    expect(mailsTo(b.email, /^Closed: /)).toHaveLength(1);
  });

  it('an issued agreement sends the borrower one email: its terms and the e-sign link', async () => {
    const b = await borrower('Asha Agreed');
    const loan = await loanIn(t.http, 'consent.customerpending', b.token, admin);
    await readPast(loan.id, 'AgreementIssued');
    const signLink = await sentEmails(b.user._id, 'agreement-sign-link', 1);
    expect(signLink).toHaveLength(1);
    expect(signLink[0]).toMatchObject({ template_source: 'active', template_id: expect.any(String) });
    await waitFor(() => mailsTo(b.email, /agreement .* is ready to sign/).length > 0, 'the agreement email at the SMTP server');
    const mails = mailsTo(b.email, /agreement/i);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/ready: ₹1,00,000\.00 over 12 months at [\d.]+% a year, ₹[\d,]+\.\d\d a month/);
    expect(mails[0]!.text).toMatch(/\/Eagreement\/[A-Za-z0-9_-]+/);
    expect(await emailsOf(b.user._id, 'agreement-issued')).toEqual([]);
  });
});
