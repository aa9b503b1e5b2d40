import { assertNever } from '../../loan/domain/assert-never.js';
import type { LoanMessageBase, LoanStatus } from '../../loan/domain/loan.types.js';
import type {
  CollectionReminderSent,
  CollectionReminderSkipped,
  ReminderChannel,
  ReminderEvent,
  ReminderIdentity,
} from './reminder.events.js';

/**
 * Record what became of a reminder when its job ran: `sent` (through `channels`, the email as `emailId`) or
 * `skipped-paid`. Decided once per (instalment, offset): a second record of the same reminder appends nothing.
 */
export type RecordCollectionReminder = {
  type: 'RecordCollectionReminder';
  data: LoanMessageBase &
    ReminderIdentity &
    ({ outcome: 'sent'; channels: ReminderChannel[]; emailId: string | null } | { outcome: 'skipped-paid' });
};

/** The reminders whose outcome the loan's stream holds, as `reminderOutcomeKey`s (absent until the first). */
type RemindedLoan = { status: LoanStatus; remindersRecorded?: readonly string[] };

export const reminderOutcomeKey = ({ instalmentNumber, offsetDays }: Pick<ReminderIdentity, 'instalmentNumber' | 'offsetDays'>) =>
  `${instalmentNumber}@${offsetDays}`;

/** Whether the loan's stream already says what became of this reminder. */
export const reminderRecorded = (loan: RemindedLoan, reminder: Pick<ReminderIdentity, 'instalmentNumber' | 'offsetDays'>) =>
  (loan.remindersRecorded ?? []).includes(reminderOutcomeKey(reminder));

export function decideReminderOutcome(command: RecordCollectionReminder, loan: RemindedLoan): ReminderEvent[] {
  const { loanId, at, actor, instalmentNumber, offsetDays, kind, dueOn } = command.data;
  if (reminderRecorded(loan, { instalmentNumber, offsetDays })) return [];
  const base = { loanId, at, actor, instalmentNumber, offsetDays, kind, dueOn };
  const data = command.data;
  switch (data.outcome) {
    case 'sent': {
      const sent: CollectionReminderSent = {
        type: 'CollectionReminderSent',
        data: { ...base, channels: [...data.channels], emailId: data.emailId },
      };
      return [sent];
    }
    case 'skipped-paid': {
      const skipped: CollectionReminderSkipped = { type: 'CollectionReminderSkipped', data: { ...base, reason: 'paid' } };
      return [skipped];
    }
    default:
      return assertNever(data, 'reminder outcome');
  }
}

export function evolveReminders<Loan extends { remindersRecorded?: readonly string[] }>(loan: Loan, event: ReminderEvent): Loan {
  return { ...loan, remindersRecorded: [...(loan.remindersRecorded ?? []), reminderOutcomeKey(event.data)] };
}
