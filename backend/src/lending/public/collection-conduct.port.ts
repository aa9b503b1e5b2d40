import type { ContactChannelKind } from '../collections/domain/recovery-conduct.js';

export type { ContactChannelKind };

/** A contact a channel is about to make: about which loan, by which channel, to which phone (when it is a call or message). */
export type IntendedContact = { loanId: string; channel: ContactChannelKind; phone?: string };

/** One business date of a borrower's collection contacts, by channel. */
export type ContactDay = { date: string; count: number; byChannel: Record<string, number> };

/**
 * Recovery conduct (issue 33 item 3) as the channels apply it before they reach a borrower (communications' dialer,
 * IVR and WhatsApp; lending's own reminders): the contact window in the borrower's time zone, the daily cap, and
 * references never contacted. Also the DI token.
 */
export abstract class CollectionConduct {
  /**
   * Refuses, with the reason staff are shown, a contact outside 08:00–19:00 in the borrower's time zone
   * (OutsideContactWindow), beyond COLLECTION_CONTACTS_PER_DAY_MAX contacts of the borrower on the business date
   * (ContactCapReached), or to a phone that is one of the borrower's references' (ReferenceNotContacted). 404 for an
   * unknown loan.
   */
  abstract assertMayContact(contact: IntendedContact): Promise<void>;

  /** The borrower's collection contacts (every loan, every channel) on the business date, and the cap. */
  abstract contactsToday(loanId: string): Promise<{ date: string; count: number; max: number }>;
}
