import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import { EMAIL_NOT_VERIFIED_REASON, NO_EMAIL_REASON } from '../../src/communications/application/documents/document-deliveries.js';
import { documentDeliverySchema } from '../../src/communications/http/admin-document-deliveries.controller.js';
import { sendDocumentsSmsJob, SIGNED_DOCUMENTS_SUBSCRIPTION } from '../../src/communications/jobs/signed-documents.subscription.js';
import type { SmsSender } from '../../src/communications/sms-sender/sms-sender.port.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { PlatformRegistry } from '../../src/platform/registry.js';
import { SubscriptionRunner } from '../../src/platform/subscriptions/subscription-runner.js';
import { WorkerHost } from '../../src/platform/worker-host.js';
import { bearer, expectProblem, loanIn, signAgreement } from '../support/loan-api.js';
import { startSmtp } from '../support/smtp.js';
import { ADMIN, markEmailVerified, registerBorrower, staffWithRole, startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';

/**
 * Issue 33 item 2, documents sent on signing: when the borrower signs, the signed agreement and the KFS go to their
 * email as PDF attachments (a real SMTP server), an SMS says so with the portal link (the SMS log), each channel is
 * recorded and retried, staff read it at GET /api/admin/loans/:id/document-deliveries, and a re-read event sends
 * nothing twice.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;

function runSubscription() {
  const subscription = t.app.get(PlatformRegistry).subscriptions.find((s) => s.name === SIGNED_DOCUMENTS_SUBSCRIPTION)!;
  return new SubscriptionRunner(t.runtime.db, t.app.get<EventStore>(EVENT_STORE), t.database.url, [subscription]);
}

/** A borrower signs a loan; their email is verified first (documents go only to a verified one) unless told otherwise. */
async function signedLoan(
  name: string,
  beforeSigning?: (email: string, userId: string) => void | Promise<void>,
  { verifiedEmail = true } = {},
) {
  const b = await registerBorrower(t.http, name);
  if (verifiedEmail) await markEmailVerified(t, b.user._id);
  const profile = await t.runtime.db.selectFrom('users').select(['email', 'phone']).where('id', '=', b.user._id).executeTakeFirstOrThrow();
  const loan = await loanIn(t.http, 'consent.customerpending', b.token, admin);
  // The agreement's sign-link email is out of the way first (the worker's subscriptions and queues run at once).
  await waitFor(async () => {
    const emails = await t.runtime.db.selectFrom('emails').select(['status', 'template']).where('user_id', '=', b.user._id).execute();
    const templates = emails.map((e) => e.template);
    return (
      emails.every((e) => e.status === 'sent') && templates.includes('agreement-sign-link') && templates.includes('application-received')
    );
  }, 'the emails before signing sent');
  await beforeSigning?.(profile.email, b.user._id);
  const signed = await signAgreement(t.http, loan.id, loan.documentHash!, b.token, admin);
  expect(signed.status).toBe(200);
  return { ...b, email: profile.email, phone: profile.phone!, loan };
}

const deliveries = async (loanId: string) =>
  z
    .array(documentDeliverySchema)
    .parse((await t.http.get(`/api/admin/loans/${loanId}/document-deliveries`).set(bearer(admin)).expect(200)).body);

const mailsTo = (to: string) => smtp.received.filter((m) => JSON.stringify(m.to).toLowerCase().includes(to.toLowerCase()));
const smsTo = (phone: string) =>
  t.runtime.db.selectFrom('sms_log').selectAll().where('to_phone', '=', phone).where('purpose', '=', 'signed-documents').execute();

/** Reads the log until both channels of the loan's signing are done (sent, or failed/skipped). */
async function delivered(loanId: string) {
  await waitFor(async () => {
    await runSubscription().catchUp();
    const rows = await deliveries(loanId);
    return rows.length === 2 && rows.every((r) => r.status !== 'queued');
  }, 'both deliveries done');
  return deliveries(loanId);
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp('signed_documents', { SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.test' });
  await t.app.get(WorkerHost).start({ queues: ['email', 'documents'] });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
});

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

describe('documents sent on signing', () => {
  it('emails the signed agreement and the KFS as PDFs, texts the download link, and records both as sent', async () => {
    const b = await signedLoan('Sana Signed');
    const rows = await delivered(b.loan.id);
    expect(rows.map((r) => [r.channel, r.status, r.attempts, r.recipient])).toEqual([
      ['email', 'sent', 1, b.email],
      ['sms', 'sent', 1, b.phone],
    ]);
    expect(rows.every((r) => r.documents.join() === 'agreement,kfs')).toBe(true);

    await waitFor(() => mailsTo(b.email).some((m) => /signed loan agreement/.test(m.subject ?? '')), 'the email at the SMTP server');
    const [mail, ...more] = mailsTo(b.email).filter((m) => /signed loan agreement/.test(m.subject ?? ''));
    expect(more).toEqual([]);
    const ref = b.loan.id.slice(0, 8).toUpperCase();
    expect(mail!.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`loan-agreement-${ref}.pdf`, 'application/pdf'],
      [`key-facts-statement-${ref}.pdf`, 'application/pdf'],
    ]);
    for (const a of mail!.attachments) expect(a.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The attached agreement is the one signed: its SHA-256 is the one the agreement records.
    const stored = (await t.http.get(`/api/admin/loans/${b.loan.id}/agreement.pdf`).set(bearer(admin)).expect(200)).body as Buffer;
    expect(mail!.attachments[0]!.content.equals(stored)).toBe(true);

    // The email log names the files and their sizes.
    const email = (await t.http.get(`/api/admin/emails/${rows[0]!.emailId}`).set(bearer(admin)).expect(200)).body;
    expect(email.attachments).toEqual([
      { filename: `loan-agreement-${ref}.pdf`, contentType: 'application/pdf', sizeBytes: stored.length },
      { filename: `key-facts-statement-${ref}.pdf`, contentType: 'application/pdf', sizeBytes: mail!.attachments[1]!.content.length },
    ]);

    const sms = await smsTo(b.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain(`https://portal.example.test/User/Loans/${b.loan.id}`);
    expect(sms[0]!.body).toMatch(/were emailed to b\*\*\*@example\.com/);
  });

  it('a mail server refusing once: the email fails, the queue retries it and it is sent; a re-read of the log sends nothing twice', async () => {
    // The refusal is in place before the signing.
    const b = await signedLoan('Ravi Retried', (email) => void smtp.reject.set(email.toLowerCase(), 1));
    const rows = await delivered(b.loan.id);
    const email = rows.find((r) => r.channel === 'email')!;
    expect(email).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(mailsTo(b.email).filter((m) => /signed loan agreement/.test(m.subject ?? ''))).toHaveLength(1);

    // A lost checkpoint: the whole log is read again, and nothing new is written or sent.
    await t.runtime.db.deleteFrom('subscription_checkpoints').where('name', '=', SIGNED_DOCUMENTS_SUBSCRIPTION).execute();
    await runSubscription().catchUp();
    await new Promise((r) => setTimeout(r, 500));
    expect(await deliveries(b.loan.id)).toHaveLength(2);
    expect(mailsTo(b.email).filter((m) => /signed loan agreement/.test(m.subject ?? ''))).toHaveLength(1);
    expect(await smsTo(b.phone)).toHaveLength(1);
    expect(
      await t.runtime.db
        .selectFrom('emails')
        .select('id')
        .where('user_id', '=', b.user._id)
        .where('template', '=', 'signed-documents')
        .execute(),
    ).toHaveLength(1);
  });

  it('is for staff who may see loans: a borrower and staff without the permission are refused', async () => {
    const b = await signedLoan('Nina Nosy');
    expectProblem(await t.http.get(`/api/admin/loans/${b.loan.id}/document-deliveries`).set(bearer(b.token)), 403);
    const empty = await t.http.post('/api/admin/roles').set(bearer(admin)).send({ name: 'No permissions', permissions: [] }).expect(201);
    const nobody = await staffWithRole(t.http, admin, empty.body.id as string);
    expectProblem(await t.http.get(`/api/admin/loans/${b.loan.id}/document-deliveries`).set(bearer(nobody)), 403, 'missing-permission');
    // The read-only Viewer holds loans.view: it sees what was sent.
    const viewer = await staffWithRole(t.http, admin, 'viewer');
    await t.http.get(`/api/admin/loans/${b.loan.id}/document-deliveries`).set(bearer(viewer)).expect(200);
    expectProblem(await t.http.get('/api/admin/loans/not-a-uuid/document-deliveries').set(bearer(admin)), 400, 'validation-failed');
  });

  it('an email not verified: nothing is emailed, the SMS goes alone with the link, the email row says why; verifying it sends it', async () => {
    const b = await signedLoan('Usha Unverified', undefined, { verifiedEmail: false });
    const rows = await delivered(b.loan.id);
    expect(rows.map((r) => [r.channel, r.status, r.attempts, r.recipient, r.lastError])).toEqual([
      ['email', 'skipped', 0, b.email, EMAIL_NOT_VERIFIED_REASON],
      ['sms', 'sent', 1, b.phone, null],
    ]);
    expect(EMAIL_NOT_VERIFIED_REASON).toBe("Not sent: the borrower's email is not verified.");
    const sms = await smsTo(b.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toMatch(/are ready\. Download them: https:\/\/portal\.example\.test\/User\/Loans\//);
    expect(mailsTo(b.email).filter((m) => /signed loan agreement/.test(m.subject ?? ''))).toEqual([]);

    // The borrower verifies the email (the code from their mailbox): the skipped email is sent now, once.
    await t.http.post('/api/me/email-verification').set(bearer(b.token)).send({}).expect(202);
    await waitFor(() => mailsTo(b.email).some((m) => m.subject === 'Your email verification code'), 'the verification code');
    const code = /is: ([0-9]{6})/.exec(mailsTo(b.email).find((m) => m.subject === 'Your email verification code')!.text ?? '')![1];
    await t.http.post('/api/me/email-verification/confirm').set(bearer(b.token)).send({ code }).expect(200);
    await waitFor(async () => (await deliveries(b.loan.id))[0]!.status === 'sent', 'the documents email sent after verification');
    expect((await deliveries(b.loan.id)).map((r) => [r.channel, r.status, r.recipient, r.lastError])).toEqual([
      ['email', 'sent', b.email, null],
      ['sms', 'sent', b.phone, null],
    ]);
    await waitFor(() => mailsTo(b.email).some((m) => /signed loan agreement/.test(m.subject ?? '')), 'the documents at the SMTP server');
    const [mail, ...more] = mailsTo(b.email).filter((m) => /signed loan agreement/.test(m.subject ?? ''));
    expect(more).toEqual([]);
    expect(mail!.attachments.map((a) => a.contentType)).toEqual(['application/pdf', 'application/pdf']);
    // The SMS is not sent again.
    expect(await smsTo(b.phone)).toHaveLength(1);
  });

  it('no email on the profile: the SMS goes alone, and the email row says why it was not sent', async () => {
    const b = await signedLoan('Omar Offline', async (_email, userId) => {
      await t.runtime.db.updateTable('users').set({ email: '' }).where('id', '=', userId).execute();
    });
    const rows = await delivered(b.loan.id);
    expect(rows.map((r) => [r.channel, r.status, r.attempts, r.lastError])).toEqual([
      ['email', 'skipped', 0, NO_EMAIL_REASON],
      ['sms', 'sent', 1, null],
    ]);
    const sms = await smsTo(b.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toMatch(
      /Key Facts Statement for loan [0-9A-F]{8} are ready\. Download them: https:\/\/portal\.example\.test\/User\/Loans\//,
    );
    expect(mailsTo(b.email).filter((m) => /signed loan agreement/.test(m.subject ?? ''))).toEqual([]);
  });

  it('an SMS provider failing: the attempt and error are recorded, the queue retries, the retry sends it; failing to the last try marks it failed', async () => {
    const loanId = randomUUID();
    const insert = async (position: number) => {
      const id = randomUUID();
      await t.runtime.db
        .insertInto('document_deliveries')
        .values({
          id,
          loan_id: loanId,
          borrower_id: randomUUID(),
          event_position: position,
          documents: ['agreement', 'kfs'],
          channel: 'sms',
          recipient: '+919800000001',
          status: 'queued',
          email_id: null,
          last_error: null,
        })
        .execute();
      return id;
    };
    const job = (deliveryId: string, attemptsMade: number) =>
      ({ data: { deliveryId }, attemptsMade, opts: { attempts: 3 } }) as unknown as Job;
    const sent: string[] = [];
    let failures = 1;
    const flaky: SmsSender = {
      send: async (sms) => {
        if (failures-- > 0) throw new Error('provider timed out');
        sent.push(sms.body);
        return { status: 'sent', providerMessageId: 'p-1' };
      },
    };
    const smsJob = sendDocumentsSmsJob(t.runtime.db, flaky, 'https://portal.example.test');
    const id = await insert(900_000_001);
    await expect(smsJob.process(job(id, 0))).rejects.toThrow('provider timed out');
    const row = () => t.runtime.db.selectFrom('document_deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ status: 'queued', attempts: 1, last_error: 'provider timed out' });
    await smsJob.process(job(id, 1));
    expect(await row()).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(sent).toEqual([expect.stringContaining(`https://portal.example.test/User/Loans/${loanId}`)]);
    // A sent SMS is never sent again (a duplicate job).
    expect(await smsJob.process(job(id, 0))).toEqual({ skipped: id });
    expect(sent).toHaveLength(1);

    failures = 10;
    const doomed = await insert(900_000_002);
    await expect(smsJob.process(job(doomed, 2))).rejects.toThrow();
    expect(
      await t.runtime.db.selectFrom('document_deliveries').selectAll().where('id', '=', doomed).executeTakeFirstOrThrow(),
    ).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'provider timed out',
    });
  });

  it('documents that cannot be had: the email row fails with the reason, the SMS still goes, and the subscription moves on', async () => {
    const b = await signedLoan('Dev Documentless');
    await delivered(b.loan.id);
    const subscription = t.app.get(PlatformRegistry).subscriptions.find((s) => s.name === SIGNED_DOCUMENTS_SUBSCRIPTION)!;
    // A signing of the same loan whose stored PDF is not there (an unknown hash), as the log would hand it over.
    const position = 800_000_000 + Math.floor(Math.random() * 1000);
    await subscription.handle([
      {
        position,
        streamId: `loan-${b.loan.id}`,
        streamType: 'loan',
        version: 99,
        type: 'AgreementSigned',
        data: { loanId: b.loan.id, documentHash: 'f'.repeat(64) },
        metadata: {},
        recordedAt: new Date(),
        transactionId: '1',
      } as never,
    ]);
    const rows = await t.runtime.db.selectFrom('document_deliveries').selectAll().where('event_position', '=', String(position)).execute();
    const email = rows.find((r) => r.channel === 'email')!;
    expect(email).toMatchObject({ status: 'failed', email_id: null });
    expect(email.last_error).toMatch(
      /^Not sent: the documents could not be prepared \(The agreement PDF f+ of loan .* is not in document storage\)$/,
    );
    await waitFor(async () => (await smsTo(b.phone)).length === 2, 'the second SMS');
    expect((await smsTo(b.phone)).map((m) => m.body).filter((body) => body.includes('are ready'))).toHaveLength(1);
  });

  it('staff send a failed SMS and a failed email again; a sent one is refused with why; wrong role, unknown and bad ids refused', async () => {
    const b = await signedLoan('Sita Sent-Again');
    const [email, sms] = await delivered(b.loan.id);
    const resend = (id: string, token = admin) => t.http.post(`/api/admin/document-deliveries/${id}/resend`).set(bearer(token)).send({});

    // Sent: refused, and nothing changes.
    const refused = expectProblem(await resend(sms!.id), 409, 'not-resendable');
    expect(refused.detail).toBe('It was sent: only a failed delivery can be sent again.');
    expect(await deliveries(b.loan.id)).toEqual([email, sms]);

    // Every attempt failed (as the queue's last try leaves them): each is sent again.
    await t.runtime.db
      .updateTable('document_deliveries')
      .set({ status: 'failed', last_error: 'provider timed out' })
      .where('id', '=', sms!.id)
      .execute();
    await t.runtime.db.updateTable('emails').set({ status: 'failed', last_error: 'SMTP 451' }).where('id', '=', email!.emailId!).execute();
    const smsAgain = documentDeliverySchema.parse((await resend(sms!.id).expect(200)).body);
    expect(smsAgain).toMatchObject({ id: sms!.id, status: 'queued' });
    const emailAgain = documentDeliverySchema.parse((await resend(email!.id).expect(200)).body);
    expect(emailAgain).toMatchObject({ id: email!.id, status: 'queued' });
    expectProblem(await resend(sms!.id), 409, 'not-resendable');
    await waitFor(async () => (await deliveries(b.loan.id)).every((r) => r.status === 'sent'), 'both sent again');
    expect(await smsTo(b.phone)).toHaveLength(2);
    await waitFor(() => mailsTo(b.email).filter((m) => /signed loan agreement/.test(m.subject ?? '')).length === 2, 'the email again');

    // Who may: a borrower, the read-only viewer (loans.view, not emails.view) and staff without permissions are
    // refused; the operations manager (emails.view) may; unknown and malformed ids.
    await t.runtime.db.updateTable('document_deliveries').set({ status: 'failed' }).where('id', '=', sms!.id).execute();
    expectProblem(await resend(sms!.id, b.token), 403);
    expectProblem(await resend(sms!.id, await staffWithRole(t.http, admin, 'viewer')), 403, 'missing-permission');
    const empty = await t.http.post('/api/admin/roles').set(bearer(admin)).send({ name: 'No loans', permissions: [] }).expect(201);
    expectProblem(await resend(sms!.id, await staffWithRole(t.http, admin, empty.body.id as string)), 403, 'missing-permission');
    expectProblem(await resend(randomUUID()), 404);
    const bad = expectProblem(await resend('not-a-uuid'), 400, 'validation-failed');
    expect(bad.fields).toEqual([expect.objectContaining({ name: 'id', message: 'the delivery id must be a UUID' })]);
    expect((await deliveries(b.loan.id)).find((r) => r.id === sms!.id)).toMatchObject({ status: 'failed' });
    expect(await smsTo(b.phone)).toHaveLength(2);
  });
});
