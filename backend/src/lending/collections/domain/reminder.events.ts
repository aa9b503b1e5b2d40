import type { LoanMessageBase } from '../../loan/domain/loan.types.js';
import type { ReminderKind } from './reminders.js';

// What became of a collection reminder (issue 13): sent to the borrower, or skipped because the instalment was paid
// by the time its contact window opened. That a reminder is due is not an event: it follows from the instalments and
// the business date (remindersDueOn). Published names and fields are a contract: never rename one.
type ReminderEventOf<Type extends string, Data> = { type: Type; data: LoanMessageBase & Data };

/** Which reminder: the instalment, the signed offset from its due date (−3 three days before, 7 after), its kind. */
export type ReminderIdentity = { instalmentNumber: number; offsetDays: number; kind: ReminderKind; dueOn: string };

export const REMINDER_CHANNELS = ['email', 'push'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

/** The reminder went to the borrower at `at` (the email handed to the outbox as `emailId`, and a push to their devices). */
export type CollectionReminderSent = ReminderEventOf<
  'CollectionReminderSent',
  ReminderIdentity & { channels: ReminderChannel[]; emailId: string | null }
>;

/** The reminder was not sent: the instalment was paid (or the loan no longer serviced) when its job ran. */
export type CollectionReminderSkipped = ReminderEventOf<'CollectionReminderSkipped', ReminderIdentity & { reason: 'paid' }>;

export type ReminderEvent = CollectionReminderSent | CollectionReminderSkipped;

const EVERY_REMINDER_EVENT_TYPE: Record<ReminderEvent['type'], true> = {
  CollectionReminderSent: true,
  CollectionReminderSkipped: true,
};

export const REMINDER_EVENT_TYPES = Object.keys(EVERY_REMINDER_EVENT_TYPE) as readonly ReminderEvent['type'][];
