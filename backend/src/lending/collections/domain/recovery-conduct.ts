import { CONTACT_WINDOW, nextContactTime, type LocalTime } from './reminders.js';
import { LoanDomainError } from '../../loan/domain/loan.errors.js';

/**
 * Recovery conduct (issue 33 item 3): the rules every collection channel applies before it reaches a borrower: the
 * dialer, the IVR, WhatsApp, and the SMS, email and push reminders. Pure: the local time, the counts and the phones
 * arrive as arguments.
 *
 * RBI, Fair Practices Code / Master Direction on outsourcing (recovery agents): "...the recovery agents shall not
 * call the borrowers before 08:00 and after 19:00 for recovery of overdue loans."
 */
export type ContactChannelKind = 'call' | 'ivr' | 'whatsapp' | 'sms' | 'email' | 'push';

/** The window's answer: open, or closed with the reason staff are shown and when it opens. */
export type ContactWindowDecision = { open: true } | { open: false; reason: string; opensAt: LocalTime };

const CHANNEL_NAMES: Record<ContactChannelKind, string> = {
  call: 'Calls',
  ivr: 'IVR calls',
  whatsapp: 'WhatsApp messages',
  sms: 'SMS reminders',
  email: 'Email reminders',
  push: 'Push reminders',
};

/**
 * Whether a message or call about a loan is contact for collection, held to the window, the daily cap and the rule on
 * references. The dialer and the IVR are collection channels whatever the loan. A WhatsApp message is a conversation
 * channel: about a loan with something overdue (`dpd` > 0) it is collection contact; about a loan with nothing overdue
 * (a document to send, an instalment still to come) it is not, and a reply that names no loan never reaches this rule.
 * The reminders (SMS, email, push) are collection contact by what they are: they go out only about an amount due.
 */
export function isCollectionContact(channel: ContactChannelKind, dpd: number): boolean {
  if (channel === 'whatsapp') return dpd > 0;
  return true;
}

/**
 * THE contact window for collection contact by any channel, at the borrower's local time `at`: open from 08:00 up to
 * (not including) 19:00; closed otherwise, with the reason and the next 08:00 (the same day before 08:00, the next
 * day from 19:00).
 */
export function collectionContactWindow(at: LocalTime, channel: ContactChannelKind): ContactWindowDecision {
  const { sendAt, held } = nextContactTime(at);
  if (!held) return { open: true };
  return {
    open: false,
    reason:
      `${CHANNEL_NAMES[channel]} to borrowers about a loan are allowed from ${CONTACT_WINDOW.opens} to ${CONTACT_WINDOW.closes} ` +
      `only (it is ${at.time} in the borrower's time zone); the window opens at ${sendAt.time} on ${sendAt.date}.`,
    opensAt: sendAt,
  };
}

/**
 * Why an automated message (a reminder) due at local time `dueAt` waits, and until when: null when it goes at once.
 * A reminder due at 07:30 goes at 08:00 the same day; one due at 19:00 goes at 08:00 the next day.
 */
export function heldUntil(dueAt: LocalTime, channel: ContactChannelKind): { sendAt: LocalTime; reason: string } | null {
  const decision = collectionContactWindow(dueAt, channel);
  if (decision.open) return null;
  return {
    sendAt: decision.opensAt,
    reason: `Held until ${decision.opensAt.time} on ${decision.opensAt.date}: collection contact only between ${CONTACT_WINDOW.opens} and ${CONTACT_WINDOW.closes} in the borrower's time zone (it was due at ${dueAt.time}).`,
  };
}

/** The daily cap: `contactsToday` contacts of the borrower on this business date, at most `max` a day. */
export type ContactCapDecision = { allowed: true; left: number } | { allowed: false; reason: string };

export function contactCap(contactsToday: number, max: number): ContactCapDecision {
  if (contactsToday < max) return { allowed: true, left: max - contactsToday };
  return {
    allowed: false,
    reason: `The borrower has been contacted ${contactsToday} time${contactsToday === 1 ? '' : 's'} today about their loans; at most ${max} collection contact${max === 1 ? '' : 's'} a day are allowed (COLLECTION_CONTACTS_PER_DAY_MAX). Try again on the next business day.`,
  };
}

/** The last ten digits of a phone number: how two spellings of one Indian number are compared. */
const digits = (phone: string) => phone.replace(/\D/g, '').slice(-10);

/**
 * References are never contacted about a debt: a phone that is one of the borrower's references' (and not the
 * borrower's own) is refused, with the reason.
 */
export function mayContactAboutDebt(
  phone: string,
  borrowerPhone: string | null,
  referencePhones: readonly string[],
): { allowed: true } | { allowed: false; reason: string } {
  const wanted = digits(phone);
  if (borrowerPhone !== null && digits(borrowerPhone) === wanted) return { allowed: true };
  if (referencePhones.some((p) => digits(p) === wanted))
    return {
      allowed: false,
      reason:
        "This number is one of the borrower's references: references are never contacted about a debt (RBI Fair Practices Code). Contact the borrower only.",
    };
  return { allowed: true };
}

/** Outside 08:00–19:00 in the borrower's time zone: no collection contact by any channel. */
export class OutsideContactWindow extends LoanDomainError {
  readonly code = 'COLLECTIONS.OUTSIDE_CONTACT_WINDOW';
  readonly kind = 'conflict';
  override readonly title = 'Outside the collection contact window';
  constructor(reason: string, opensAt: LocalTime) {
    super(reason, { opensAt: `${opensAt.date} ${opensAt.time}` });
  }
}

/** The borrower was contacted as often today as COLLECTION_CONTACTS_PER_DAY_MAX allows. */
export class ContactCapReached extends LoanDomainError {
  readonly code = 'COLLECTIONS.CONTACT_CAP_REACHED';
  readonly kind = 'conflict';
  override readonly title = 'Daily contact limit reached';
  constructor(reason: string, contactsToday: number, max: number) {
    super(reason, { contactsToday, max });
  }
}

/** A reference's phone: references are never contacted about a debt. */
export class ReferenceNotContacted extends LoanDomainError {
  readonly code = 'COLLECTIONS.REFERENCE_NOT_CONTACTED';
  readonly kind = 'conflict';
  override readonly title = 'References are never contacted about a debt';
  constructor(reason: string) {
    super(reason);
  }
}
