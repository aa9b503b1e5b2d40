import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Job } from 'bullmq';
import type { Db } from '../../platform/database/database.js';
import type { QueueBackend } from '../../platform/queue/queue-backend.js';
import type { JobDefinition } from '../../platform/queue/job-definition.js';
import { runForEvent } from '../../platform/observability/request-context.js';
import type { RecordedEvent } from '../../platform/event-store/event-store.port.js';
import type { Subscription } from '../../platform/subscriptions/subscription.js';
import type { BorrowerDirectory } from '../../identity/public/index.js';
import type { SignedDocuments } from '../../lending/public/index.js';
import type { EmailOutbox } from '../application/emails/email-outbox.js';
import { EMAIL_QUEUE, SEND_EMAIL_JOB } from '../application/emails/email-delivery.js';
import {
  DOCUMENTS_QUEUE,
  EMAIL_NOT_VERIFIED_REASON,
  NO_EMAIL_REASON,
  NO_PHONE_REASON,
  SEND_DOCUMENTS_SMS_JOB,
  SIGNED_DOCUMENT_KINDS,
  documentsSmsText,
  enqueueDocumentsSms,
  type SendDocumentsSmsData,
} from '../application/documents/document-deliveries.js';
import type { SmsSender } from '../sms-sender/sms-sender.port.js';

export const SIGNED_DOCUMENTS_SUBSCRIPTION = 'signed-documents';

const MAX_ERROR_LENGTH = 2000;

/**
 * Issue 33 item 2, documents sent on signing. On each AgreementSigned, once per event position (a re-read event, or
 * a crash between effect and checkpoint, writes nothing new): an email to the borrower with the signed agreement and
 * the KFS as PDF attachments (through the email outbox, dedupe key `signed-documents:<position>`; the `email` queue
 * sends and retries it), and an SMS saying so, with the portal page to download them (the `documents` queue sends and
 * retries it). Each channel is a `document_deliveries` row; the email goes only to a verified email (migration 0060):
 * with no email on the profile, or one not verified, the email row is `skipped` and says why, and the SMS goes alone. Documents that cannot be had (a stored PDF gone) turn the email row `failed`
 * with the reason rather than stopping the subscription for every later signing. Migration 0055 starts it at the
 * log's head, so agreements signed before it are not emailed.
 */
export function signedDocumentsSubscription(deps: {
  db: Db;
  outbox: EmailOutbox;
  documents: SignedDocuments;
  directory: BorrowerDirectory;
  queue: QueueBackend;
  portalUrl: string;
  lenderName: string;
}): Subscription {
  return {
    name: SIGNED_DOCUMENTS_SUBSCRIPTION,
    eventTypes: ['AgreementSigned'],
    produces: [
      { queue: EMAIL_QUEUE, name: SEND_EMAIL_JOB },
      { queue: DOCUMENTS_QUEUE, name: SEND_DOCUMENTS_SMS_JOB },
    ],
    async handle(events: RecordedEvent[]): Promise<void> {
      for (const event of events) await runForEvent(event, () => deliver(deps, event));
    },
  };
}

async function deliver(deps: Parameters<typeof signedDocumentsSubscription>[0], event: RecordedEvent): Promise<void> {
  const loanId = String(event.data.loanId);
  // AgreementSigned names the loan; its borrower is the one who started it (the stream's first event).
  const started = await deps.db
    .selectFrom('events')
    .select(sql<string>`data->>'borrowerId'`.as('borrower_id'))
    .where('stream_id', '=', `loan-${loanId}`)
    .where('type', '=', 'LoanApplicationStarted')
    .executeTakeFirst();
  if (!started?.borrower_id) throw new Error(`Loan ${loanId} has no LoanApplicationStarted naming its borrower`);
  const borrowerId = started.borrower_id;
  const documentHash = String(event.data.documentHash);
  const position = event.position;
  const done = new Set(
    (await deps.db.selectFrom('document_deliveries').select('channel').where('event_position', '=', String(position)).execute()).map(
      (r) => r.channel,
    ),
  );
  const borrower = await deps.directory.profileOf(borrowerId);
  const row = { loan_id: loanId, borrower_id: borrowerId, event_position: position, documents: [...SIGNED_DOCUMENT_KINDS] };

  if (!done.has('email')) {
    const onProfile = borrower?.email?.trim();
    // Documents go only to a verified email (RBI: "registered and verified"); an unverified one is skipped, saying so.
    const to = onProfile ? (await deps.directory.verifiedEmailOf(borrowerId))?.trim() : undefined;
    if (to) {
      const sent = await sendDocumentsEmail(deps, { loanId, borrowerId, name: borrower!.name, to, documentHash, position });
      if ('failed' in sent) await insert(deps.db, { ...row, channel: 'email', recipient: to, status: 'failed', last_error: sent.failed });
      else await insert(deps.db, { ...row, channel: 'email', recipient: to, status: 'queued', email_id: sent.emailId });
    } else if (onProfile) {
      await insert(deps.db, { ...row, channel: 'email', recipient: onProfile, status: 'skipped', last_error: EMAIL_NOT_VERIFIED_REASON });
    } else {
      await insert(deps.db, { ...row, channel: 'email', recipient: null, status: 'skipped', last_error: NO_EMAIL_REASON });
    }
  }
  if (!done.has('sms')) {
    const phone = borrower?.phone ?? null;
    await insert(deps.db, {
      ...row,
      channel: 'sms',
      recipient: phone,
      status: phone ? 'queued' : 'skipped',
      last_error: phone ? null : NO_PHONE_REASON,
    });
  }
  // A queued SMS is (re)enqueued on every read of the event: its job id makes a repeat a no-op.
  const sms = await deps.db
    .selectFrom('document_deliveries')
    .select('id')
    .where('event_position', '=', String(position))
    .where('channel', '=', 'sms')
    .where('status', '=', 'queued')
    .executeTakeFirst();
  if (sms) await enqueueDocumentsSms(deps.queue, sms.id);
}

type EmailDeps = Pick<Parameters<typeof signedDocumentsSubscription>[0], 'outbox' | 'documents' | 'portalUrl' | 'lenderName'>;

/**
 * The documents email of one signing, through the outbox (dedupe key `signed-documents:<position>`: asked twice, it is
 * one email). Documents that cannot be had (a stored PDF gone) answer the reason for the row, never an error that
 * would stop the subscription for every later signing.
 */
async function sendDocumentsEmail(
  deps: EmailDeps,
  s: { loanId: string; borrowerId: string; name: string; to: string; documentHash: string; position: number },
): Promise<{ emailId: string } | { failed: string }> {
  let files: Awaited<ReturnType<SignedDocuments['of']>>;
  try {
    files = await deps.documents.of(s.loanId, s.documentHash);
  } catch (error) {
    const reason = `Not sent: the documents could not be prepared (${error instanceof Error ? error.message : String(error)})`;
    return { failed: reason.slice(0, MAX_ERROR_LENGTH) };
  }
  const ref = s.loanId.slice(0, 8).toUpperCase();
  const loanUrl = `${deps.portalUrl}/User/Loans/${s.loanId}`;
  const { id: emailId } = await deps.outbox.send({
    to: s.to,
    subject: `Your signed loan agreement for loan ${ref}`,
    text:
      `Dear ${s.name},\n\nThank you for signing. Attached are your signed loan agreement and the Key Facts ` +
      `Statement for loan ${ref}. Keep them for your records; you can also download them at ${loanUrl}.\n\n${deps.lenderName}`,
    template: 'signed-documents',
    userId: s.borrowerId,
    dedupeKey: `signed-documents:${s.position}`,
    attachments: files.map((f) => ({ filename: f.filename, contentType: f.contentType, content: f.content })),
  });
  return { emailId };
}

/**
 * When a borrower's email turns verified, the documents emails of their signings that were skipped for want of it
 * are sent now, to the address proven (queued on the `email` queue; the row turns `queued`, then `sent` as any other).
 * Each row is taken once: two verifications at once send nothing twice (the row's update and the outbox's dedupe key).
 */
export async function sendDocumentsAwaitingVerifiedEmail(
  deps: EmailDeps & { db: Db; directory: BorrowerDirectory },
  verified: { userId: string; email: string },
): Promise<number> {
  const waiting = await deps.db
    .selectFrom('document_deliveries as d')
    .innerJoin('events as e', (join) => join.onRef('e.global_position', '=', 'd.event_position'))
    .select(['d.id', 'd.loan_id', 'd.borrower_id', 'd.event_position', sql<string>`e.data->>'documentHash'`.as('document_hash')])
    .where('d.borrower_id', '=', verified.userId)
    .where('d.channel', '=', 'email')
    .where('d.status', '=', 'skipped')
    .where('d.last_error', '=', EMAIL_NOT_VERIFIED_REASON)
    .orderBy('d.event_position')
    .execute();
  if (waiting.length === 0) return 0;
  const borrower = await deps.directory.profileOf(verified.userId);
  if (!borrower) return 0;
  let sent = 0;
  for (const row of waiting) {
    const taken = await deps.db
      .updateTable('document_deliveries')
      .set({ status: 'queued', recipient: verified.email, last_error: null, updated_at: sql<Date>`now()` })
      .where('id', '=', row.id)
      .where('status', '=', 'skipped')
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) continue;
    const result = await sendDocumentsEmail(deps, {
      loanId: row.loan_id,
      borrowerId: row.borrower_id,
      name: borrower.name,
      to: verified.email,
      documentHash: row.document_hash,
      position: Number(row.event_position),
    });
    await deps.db
      .updateTable('document_deliveries')
      .set('failed' in result ? { status: 'failed', last_error: result.failed } : { email_id: result.emailId })
      .where('id', '=', row.id)
      .execute();
    if (!('failed' in result)) sent += 1;
  }
  return sent;
}

async function insert(
  db: Db,
  row: {
    loan_id: string;
    borrower_id: string;
    event_position: number;
    documents: string[];
    channel: 'email' | 'sms';
    recipient: string | null;
    status: 'queued' | 'skipped' | 'failed';
    email_id?: string;
    last_error?: string | null;
  },
): Promise<void> {
  await db
    .insertInto('document_deliveries')
    .values({ id: randomUUID(), ...row, email_id: row.email_id ?? null, last_error: row.last_error ?? null })
    .onConflict((oc) => oc.columns(['event_position', 'channel']).doNothing())
    .execute();
}

/**
 * Sends one documents SMS: claims the row (counting the attempt), sends through the SMS port (the SMS log keeps it,
 * purpose `signed-documents`), records `sent`. A sender error is recorded and rethrown so the queue retries with
 * backoff; the row turns `failed` only when the last attempt fails. A sent row is never sent again.
 */
export function sendDocumentsSmsJob(db: Db, sms: SmsSender, portalUrl: string): JobDefinition {
  return {
    queue: DOCUMENTS_QUEUE,
    name: SEND_DOCUMENTS_SMS_JOB,
    async process(job: Job) {
      const { deliveryId } = job.data as SendDocumentsSmsData;
      const row = await db
        .updateTable('document_deliveries')
        .set({ attempts: sql<number>`attempts + 1`, updated_at: sql<Date>`now()` })
        .where('id', '=', deliveryId)
        .where('channel', '=', 'sms')
        .where('status', 'in', ['queued', 'failed'])
        .returningAll()
        .executeTakeFirst();
      if (!row || !row.recipient) return { skipped: deliveryId };
      const email = await db
        .selectFrom('document_deliveries')
        .select(['recipient', 'status'])
        .where('event_position', '=', row.event_position)
        .where('channel', '=', 'email')
        .executeTakeFirst();
      const body = documentsSmsText({
        loanId: row.loan_id,
        emailedTo: email && email.status === 'queued' ? email.recipient : null,
        portalUrl,
      });
      try {
        await sms.send({ to: row.recipient, body, purpose: 'signed-documents' });
      } catch (error) {
        const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
        const message = error instanceof Error ? error.message : String(error);
        await db
          .updateTable('document_deliveries')
          .set({
            status: lastAttempt ? 'failed' : 'queued',
            last_error: message.slice(0, MAX_ERROR_LENGTH),
            updated_at: sql<Date>`now()`,
          })
          .where('id', '=', deliveryId)
          .execute();
        throw error;
      }
      await db
        .updateTable('document_deliveries')
        .set({ status: 'sent', last_error: null, updated_at: sql<Date>`now()` })
        .where('id', '=', deliveryId)
        .execute();
      return { sent: deliveryId };
    },
  };
}
