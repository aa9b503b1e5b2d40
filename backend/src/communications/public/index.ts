/**
 * What other contexts may use of communications (DESIGN §2; checked by .dependency-cruiser.cjs): the outbox that
 * sends an email through the worker, the message it takes, and how a message names a secret (such as a reset
 * token) that the log must never show.
 */
export { EmailOutbox } from '../application/email-outbox.js';
export type { EmailMessage } from '../domain/email.js';
export { secretRef } from '../domain/email-secrets.js';
export { TemplatedEmails, type TemplatedEmail } from '../application/templated-emails.js';
export { SMS_SENDER, type OutgoingSms, type SmsSender } from '../sms-sender/sms-sender.port.js';
/** Push notifications: addressing a push to a borrower's devices, and the wording of a reminder's push. */
export { PushOutbox, type PushRequest } from '../application/push-outbox.js';
export { pushForReminder } from '../domain/push.js';
