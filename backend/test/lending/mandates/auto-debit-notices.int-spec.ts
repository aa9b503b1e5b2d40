import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { AutoDebitNotices, STALE_CLAIM_MS } from '../../../src/lending/mandates/application/auto-debit-notices.js';
import { LoanMessages } from '../../../src/lending/public/index.js';
import { MandatePresentations } from '../../../src/lending/mandates/application/mandate-presentations.js';
import { loanMandatesSchema, mandateStartedSchema } from '../../../src/lending/mandates/http/mandates.schemas.js';
import { loanDetailSchema } from '../../../src/lending/loan/http/loan-response.schemas.js';
import { CLOCK, type Clock } from '../../../src/platform/clock.js';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../../../src/platform/event-store/event-store.port.js';
import { formatDate, formatMoney } from '../../../src/platform/format/format.js';
import { WorkerHost } from '../../../src/platform/worker-host.js';
import { bearer, loanIn, type LoanHandle } from '../../support/loan-api.js';
import { startSmtp } from '../../support/smtp.js';
import { ADMIN, registerBorrower, startTestApp, type TestApp } from '../../support/test-app.js';
import { waitFor } from '../../support/wait-for.js';

/**
 * Issue 32 items 2–3, the borrower's auto-debit notices by SMS and email, end to end on a real database with a real
 * SMTP server: UPI AutoPay's pre-debit notice when close of business records it (amount and debit date), a returned
 * debit (the reason in words and the link to pay now), the end of the mandate (back on manual payment, the next due
 * date and the link). Each is sent once: the subscription seeing the events again, or two workers racing, send
 * nothing more (the claim in auto_debit_notices, migration 0057). The loan is paid out on 2026-11-21 (loanIn).
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
let borrower: { token: string; user: { _id: string } };
let email: string;
let phone: string;
let loan: LoanHandle;
let clock: Clock;
let due1: string;

const PORTAL = 'https://portal.example.test';
const dateWords = (iso: string) => formatDate(iso);
const formatted = (minor: number) => formatMoney(minor, 'INR');
const setBusinessDate = (date: string) => t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date }).expect(200);
const mandatesOf = async (loanId: string) =>
  loanMandatesSchema.parse((await t.http.get(`/api/admin/loans/${loanId}/mandates`).set(bearer(admin)).expect(200)).body);
const smsOf = (purpose: string) =>
  t.runtime.db.selectFrom('sms_log').selectAll().where('to_phone', '=', phone).where('purpose', '=', purpose).execute();
const emailsOf = (template: string) =>
  t.runtime.db.selectFrom('emails').selectAll().where('to_address', '=', email).where('template', '=', template).execute();
const noticeEvents = async (type: string): Promise<RecordedEvent[]> =>
  (await t.app.get<EventStore>(EVENT_STORE).readStream(`loan-${loan.id}`)).filter((e) => e.type === type);
const claimOf = (about: string) => t.runtime.db.selectFrom('auto_debit_notices').selectAll().where('about', '=', about).executeTakeFirst();
async function mail(subject: string) {
  await waitFor(() => smtp.received.some((m) => m.subject === subject), `the email "${subject}"`);
  return smtp.received.find((m) => m.subject === subject)!;
}
/** The app's own runner sends the notice, or this call does: either way it is sent once (waited for). */
async function notified(type: string, purpose: string) {
  const notices = t.app.get(AutoDebitNotices);
  await waitFor(async () => {
    await notices.notify(await noticeEvents(type));
    return (await smsOf(purpose)).length > 0;
  }, `the ${purpose} SMS`);
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp('auto_debit_notices', { BUSINESS_DATE_MODE: 'manual', SMTP_URL: smtp.url, PUBLIC_URL: PORTAL });
  await t.app.get(WorkerHost).start({ queues: ['email'] });
  clock = t.app.get<Clock>(CLOCK);
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  borrower = await registerBorrower(t.http, 'Uma Upi');
  const contact = await t.runtime.db
    .selectFrom('loan_borrowers')
    .select(['email', 'phone'])
    .where('user_id', '=', borrower.user._id)
    .executeTakeFirstOrThrow();
  email = contact.email;
  phone = contact.phone!;
  await setBusinessDate('2026-11-25');
  loan = await loanIn(t.http, 'active', borrower.token, admin);
  const started = mandateStartedSchema.parse(
    (await t.http.post(`/api/admin/loans/${loan.id}/mandates`).set(bearer(admin)).send({ kind: 'upi-autopay' }).expect(201)).body,
  );
  await t.http.post(`${started.redirectUrl}/approve`).expect(303);
  const detail = loanDetailSchema.parse((await t.http.get(`/api/admin/loans/${loan.id}`).set(bearer(admin)).expect(200)).body);
  due1 = detail.schedule![0]!.dueDate;
});

afterAll(async () => {
  jest.restoreAllMocks();
  await t?.close();
  await smtp?.stop();
});

describe('auto-debit notices to the borrower', () => {
  it('UPI AutoPay: the pre-debit notice goes by SMS and email with the amount and the debit date, once', async () => {
    const dayBefore = new Date(Date.parse(`${due1}T00:00:00Z`) - 24 * 3600 * 1000).toISOString().slice(0, 10);
    await setBusinessDate(dayBefore);
    await t.http.post('/api/admin/mandate-presentations/run').set(bearer(admin)).send({}).expect(200);
    const [notice] = await noticeEvents('PreDebitNotified');
    expect(notice!.data).toMatchObject({ instalmentNumber: 1, attempt: 1, debitOn: due1 });

    await notified('PreDebitNotified', 'auto-debit-pre-debit');
    const [sms] = await smsOf('auto-debit-pre-debit');
    expect(sms!.body).toContain(`loan ${loan.id.slice(0, 8).toUpperCase()}`);
    expect(sms!.body).toMatch(/will be debited by UPI AutoPay on \d{1,2} \w{3} \d{4}/);
    const message = await mail(
      `${formatted(notice!.data.amount as number)} will be debited on ${dateWords(due1)} for loan ${loan.id.slice(0, 8).toUpperCase()}`,
    );
    expect(message.text).toContain('by UPI AutoPay');

    // Seen again (a replay), and by two workers at once: nothing more is sent.
    const again = await noticeEvents('PreDebitNotified');
    const notices = t.app.get(AutoDebitNotices);
    expect(await Promise.all([notices.notify(again), notices.notify(again), notices.notify(again)])).toEqual([0, 0, 0]);
    expect(await smsOf('auto-debit-pre-debit')).toHaveLength(1);
    expect(await emailsOf('auto-debit-pre-debit')).toHaveLength(1);
    expect(await t.runtime.db.selectFrom('auto_debit_notices').selectAll().where('loan_id', '=', loan.id).execute()).toEqual([
      expect.objectContaining({ kind: 'pre-debit', about: `${loan.id}-i1-a1`, status: 'sent', sms_status: 'logged' }),
    ]);
  });

  it('two workers racing on a notice not sent yet send it once; a failed send gives the claim back; a stale claim is taken over', async () => {
    const [recorded] = await noticeEvents('PreDebitNotified');
    const about = (attempt: number) => ({ ...recorded!, data: { ...recorded!.data, attempt } });
    const notices = t.app.get(AutoDebitNotices);
    const before = (await smsOf('auto-debit-pre-debit')).length;

    const raced = await Promise.all([notices.notify([about(7)]), notices.notify([about(7)]), notices.notify([about(7)])]);
    expect(raced.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await smsOf('auto-debit-pre-debit')).toHaveLength(before + 1);

    const messages = t.app.get(LoanMessages);
    const failing = jest.spyOn(messages, 'sendAutoDebitNotice').mockRejectedValueOnce(new Error('SMS gateway down'));
    await expect(notices.notify([about(8)])).rejects.toThrow('SMS gateway down');
    failing.mockRestore();
    expect(await claimOf(`${loan.id}-i1-a8`)).toBeUndefined();
    expect(await notices.notify([about(8)])).toBe(1);
    expect(await claimOf(`${loan.id}-i1-a8`)).toMatchObject({ status: 'sent' });

    // A process that claimed a notice and stopped before sending it: the claim is taken over once stale, not before.
    await t.runtime.db
      .insertInto('auto_debit_notices')
      .values({ about: `${loan.id}-i1-a9`, kind: 'pre-debit', loan_id: loan.id, source_position: recorded!.position })
      .execute();
    expect(await notices.notify([about(9)])).toBe(0);
    await t.runtime.db
      .updateTable('auto_debit_notices')
      .set({ claimed_at: new Date(Date.now() - STALE_CLAIM_MS - 60_000) })
      .where('about', '=', `${loan.id}-i1-a9`)
      .execute();
    expect(await notices.notify([about(9)])).toBe(1);
    expect(await smsOf('auto-debit-pre-debit')).toHaveLength(before + 3);
  });

  it('a bounce: SMS and email with the reason in words and the link to pay now, once', async () => {
    await setBusinessDate(due1);
    // The debit may go 24 hours after its notice: close of business runs the next day.
    const later = new Date(clock.now().getTime() + 25 * 3600 * 1000);
    const spy = jest.spyOn(clock, 'now').mockReturnValue(later);
    try {
      expect(await t.app.get(MandatePresentations).run(due1)).toMatchObject({ decisions: 1, sent: 1 });
    } finally {
      spy.mockRestore();
    }
    const [presentation] = (await mandatesOf(loan.id)).presentations;
    await t.http
      .post(`/api/mandates/sandbox/presentations/${presentation!.id}/bounce`)
      .query({ reasonCode: 'INSUFFICIENT_FUNDS' })
      .expect(200);
    const [bounced] = await noticeEvents('PresentationBounced');

    await notified('PresentationBounced', 'auto-debit-bounced');
    const [sms] = await smsOf('auto-debit-bounced');
    expect(sms!.body).toContain(`(${bounced!.data.reason as string})`);
    expect(sms!.body).toContain(`Pay now: ${PORTAL}/User/Loans/${loan.id}#pay`);
    const message = await mail(`The auto-debit of instalment 1 of loan ${loan.id.slice(0, 8).toUpperCase()} was returned`);
    expect(message.text).toContain(bounced!.data.reason as string);
    expect(message.text).toContain(`Pay now: ${PORTAL}/User/Loans/${loan.id}#pay`);
    expect(message.text).toContain('We will present it again on');

    const notices = t.app.get(AutoDebitNotices);
    expect(await Promise.all([notices.notify([bounced!]), notices.notify([bounced!])])).toEqual([0, 0]);
    expect(await smsOf('auto-debit-bounced')).toHaveLength(1);
    expect(await emailsOf('auto-debit-bounced')).toHaveLength(1);
  });

  it('the borrower cancels the mandate: back on manual payment, with the next due date and the link to pay, once', async () => {
    const [mandate] = (await mandatesOf(loan.id)).mandates;
    await t.http.post(`/api/me/mandates/${mandate!.id}/cancel`).set(bearer(borrower.token)).expect(200);
    await notified('MandateCancelled', 'auto-debit-ended');
    const [sms] = await smsOf('auto-debit-ended');
    expect(sms!.body).toContain('is cancelled (cancelled at your request)');
    expect(sms!.body).toContain(`is due on ${dateWords(due1)}`);
    expect(sms!.body).toContain(`Pay: ${PORTAL}/User/Loans/${loan.id}#pay`);
    const message = await mail(`The auto-debit of loan ${loan.id.slice(0, 8).toUpperCase()} is cancelled`);
    expect(message.text).toContain('Your loan is back on manual payment');
    expect(message.text).toContain(`instalment 1 of`);
    expect(message.text).toContain(`is due on ${dateWords(due1)}`);

    const notices = t.app.get(AutoDebitNotices);
    expect(await notices.notify(await noticeEvents('MandateCancelled'))).toBe(0);
    expect(await smsOf('auto-debit-ended')).toHaveLength(1);
    expect(await emailsOf('auto-debit-ended')).toHaveLength(1);
  });
});
