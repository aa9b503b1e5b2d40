import { sql, type RawBuilder } from 'kysely';
import type { AppConfig } from '../../platform/config/config.js';
import { addDays } from '../domain/calendar.js';

/**
 * Where the collection buckets read reminders: the one place to switch when the reminder log (collection_reminders,
 * migration 0022) is on the branch. Until then `lastReminderAt` is null and the `Reminder` bucket lists the unpaid
 * instalments whose reminder date is the business date: REMINDER_DAYS_BEFORE days before the due date, or
 * REMINDER_DAYS_AFTER days after it. `i` is the loan_instalments row of the bucket query.
 */
export const collectionReminders = {
  /** When the instalment's last reminder went out (null until the reminder log exists). */
  lastReminderAt(): RawBuilder<Date | null> {
    return sql<Date | null>`NULL::timestamptz`;
  },

  /** The instalment's reminder is due on the business date `today`. */
  isDue(today: string, config: AppConfig['collections']): RawBuilder<boolean> {
    const dueDates = [...config.reminderDaysBefore.map((d) => addDays(today, d)), ...config.reminderDaysAfter.map((d) => addDays(today, -d))];
    return sql<boolean>`i.due_date = ANY(${dueDates}::date[])`;
  },
};
