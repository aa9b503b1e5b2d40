/**
 * What other contexts may use of communications (DESIGN §2; checked by .dependency-cruiser.cjs): sending an email of
 * the template catalogue (content's help issue replies). Communications sits above identity and lending; what those
 * need said (AccountMessages, LoanMessages) are their own ports, which communications implements
 * (message-ports.module.ts).
 */
export { TemplatedEmails, type TemplatedEmail } from '../application/emails/templated-emails.js';
/** The messages sent to a borrower and their push devices, for the privacy context (data download and erasure, DPDP Act 2023). */
export { MessagePersonalData, type MessageData, type PushDeviceRecord, type SentMessageRecord } from './message-personal-data.port.js';
