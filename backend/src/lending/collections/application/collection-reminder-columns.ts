import { sql, type RawBuilder } from 'kysely';
import type { AppConfig } from '../../../platform/config/config.js';
import { addDays } from '../../loan/domain/calendar.js';

/** Days a reminder that went out keeps its instalment in the `Reminder` bucket. */
export const REMINDER_BUCKET_DAYS = 7;

/**
 * How the collection buckets read what reminders went out: `collection_reminder_outcomes` (migration 0035), the
 * projection of CollectionReminderSent / CollectionReminderSkipped, so a rebuild gives the same buckets as live.
 * `i` is the loan_instalments row of the bucket query.
 */
export const collectionReminders = {
  /** When the instalment's last reminder went out; null when none has. */
  lastReminderAt(): RawBuilder<Date | null> {
    return sql<Date | null>`(SELECT max(r.at) FROM collection_reminder_outcomes r WHERE r.loan_id = i.loan_id AND r.instalment_number = i.number AND r.outcome = 'sent')`;
  },

  /**
   * The `Reminder` bucket: a reminder of the instalment is due on the business date `today` (REMINDER_DAYS_BEFORE
   * days before its due date, or REMINDER_DAYS_AFTER days after it), or one went out in the last 7 days.
   */
  isDue(today: string, config: AppConfig['reminders']): RawBuilder<boolean> {
    const dueDates = [...config.daysBefore.map((d) => addDays(today, d)), ...config.daysAfter.map((d) => addDays(today, -d))];
    const since = addDays(today, -REMINDER_BUCKET_DAYS);
    return sql<boolean>`(i.due_date = ANY(${dueDates}::date[]) OR EXISTS (
      SELECT 1 FROM collection_reminder_outcomes r WHERE r.loan_id = i.loan_id AND r.instalment_number = i.number AND r.outcome = 'sent' AND r.at >= ${since}::date))`;
  },
};
