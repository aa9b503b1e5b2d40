import type { JobsOptions } from 'bullmq';
import type { QueueBackend } from '../../../platform/queue/queue-backend.js';

/** The queue that retries the SMS of documents sent on signing (the email is the `email` queue's). */
export const DOCUMENTS_QUEUE = 'documents';
export const SEND_DOCUMENTS_SMS_JOB = 'documents.sms';

export type SendDocumentsSmsData = { deliveryId: string };

/** The documents sent on signing, as document_deliveries.documents names them. */
export const SIGNED_DOCUMENT_KINDS = ['agreement', 'kfs'] as const;

/** The sentence a delivery row keeps when there was no email to send the documents to. */
export const NO_EMAIL_REASON = 'Not sent: the borrower has no email on their profile, so only the SMS was sent.';
/** The sentence a delivery row keeps when the borrower's email is not verified (migration 0060): only the SMS went. */
export const EMAIL_NOT_VERIFIED_REASON = "Not sent: the borrower's email is not verified.";
export const NO_PHONE_REASON = 'Not sent: the borrower has no phone on their profile.';

/** Tries, the first included, and the first retry's wait (doubling each time), as the email queue does. */
export const DOCUMENTS_SMS_RETRY = { attempts: 5, backoffMs: 2000 };

/**
 * Puts a delivery's SMS on the queue; the job id is the delivery's, so enqueueing it again (a replayed event) adds
 * nothing. Staff sending a failed one again pass `resend` (its attempts so far): a new job with a fresh set of tries.
 */
export async function enqueueDocumentsSms(queue: QueueBackend, deliveryId: string, resend?: { attempts: number }): Promise<void> {
  const options: JobsOptions = {
    jobId: resend ? `documents-sms-${deliveryId}-resend-${resend.attempts}` : `documents-sms-${deliveryId}`,
    attempts: DOCUMENTS_SMS_RETRY.attempts,
    backoff: { type: 'exponential', delay: DOCUMENTS_SMS_RETRY.backoffMs },
    removeOnComplete: { age: 7 * 24 * 3600 },
    removeOnFail: false,
  };
  await queue.add(DOCUMENTS_QUEUE, SEND_DOCUMENTS_SMS_JOB, { deliveryId } satisfies SendDocumentsSmsData, options);
}

/** The SMS text: where the documents went and the portal page to download them from. */
export function documentsSmsText(input: { loanId: string; emailedTo: string | null; portalUrl: string }): string {
  const ref = input.loanId.slice(0, 8).toUpperCase();
  const where = input.emailedTo ? `were emailed to ${maskEmail(input.emailedTo)}` : 'are ready';
  return `Your signed loan agreement and Key Facts Statement for loan ${ref} ${where}. Download them: ${input.portalUrl}/User/Loans/${input.loanId}`;
}

/** a***@example.com: enough for the borrower to recognise the address, not enough to read it off a lock screen. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
