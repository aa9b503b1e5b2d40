import type { Db } from '../../platform/database/database.js';

/** A message sent to the borrower (one-time codes in SMS bodies shown as ******). */
export type SentMessageRecord = {
  channel: 'email' | 'sms' | 'push' | 'whatsapp';
  to: string;
  subject: string | null;
  body: string;
  status: string;
  at: string;
};

/** A device the borrower allowed push notifications on (the subscription's address is not shown: it is a credential). */
export type PushDeviceRecord = { deviceId: string; registeredAt: string; refreshedAt: string };

export type MessageData = { messages: SentMessageRecord[]; pushDevices: PushDeviceRecord[] };

/**
 * What communications holds of a borrower's personal data, for the privacy context (DPDP Act, 2023: the data
 * download and erasure, issue 33 item 5). The erasing methods take the caller's transaction. Also the DI token.
 */
export abstract class MessagePersonalData {
  /** Messages sent to the borrower (email, SMS to their phone, push, WhatsApp both ways), newest first, and their push devices. */
  abstract exportOf(borrowerId: string, phone: string | null): Promise<MessageData>;

  /** Deletes the borrower's push subscriptions (device tokens). Answers how many. */
  abstract erasePushDevices(trx: Db, borrowerId: string): Promise<number>;

  /** Deletes the messages sent to the borrower (emails and their attachments, SMS to their phone, pushes, WhatsApp). Answers how many. */
  abstract eraseMessages(trx: Db, borrowerId: string, phone: string | null): Promise<number>;
}
