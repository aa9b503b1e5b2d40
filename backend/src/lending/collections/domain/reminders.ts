import { addDays, daysBetween } from '../../loan/domain/calendar.js';

/**
 * Collection reminders (issue 13): which reminders close of business queues for a business date, and when a
 * collection contact may leave (the RBI's fair practices code: no contact between 19:00 and 08:00 local time).
 * Pure: the date, the instalments and the clock arrive as arguments.
 */
export type ReminderKind = 'due-soon' | 'overdue';

/** Days before the due date (`REMINDER_DAYS_BEFORE`) and after it (`REMINDER_DAYS_AFTER`), each a positive whole number. */
export type ReminderOffsets = { before: readonly number[]; after: readonly number[] };

/** An instalment as the read model holds it: what is still owed on it, and the value date that left nothing owed. */
export type RemindableInstalment = { number: number; dueDate: string; amountDue: number; paidOn: string | null };

/** `offsetDays` is signed: −3 is three days before the due date, 7 is seven days after it. */
export type DueReminder = { instalmentNumber: number; offsetDays: number; kind: ReminderKind; dueOn: string };

/** Paid by the day `date` (a payment value-dated later had not been made then); nothing owed is paid too. */
const paidBy = (instalment: RemindableInstalment, date: string) =>
  instalment.amountDue <= 0 || (instalment.paidOn !== null && instalment.paidOn <= date);

/**
 * The reminders due on business date `date`: one per instalment and offset whose day is `date`, due soon before the
 * due date and overdue after it; an instalment paid by then gets none.
 */
export function remindersDueOn(instalments: readonly RemindableInstalment[], offsets: ReminderOffsets, date: string): DueReminder[] {
  const due: DueReminder[] = [];
  for (const instalment of instalments) {
    if (paidBy(instalment, date)) continue;
    const offsetDays = daysBetween(instalment.dueDate, date);
    const kind: ReminderKind | undefined =
      offsetDays < 0 && offsets.before.includes(-offsetDays)
        ? 'due-soon'
        : offsetDays > 0 && offsets.after.includes(offsetDays)
          ? 'overdue'
          : undefined;
    if (kind) due.push({ instalmentNumber: instalment.number, offsetDays, kind, dueOn: instalment.dueDate });
  }
  return due.sort((a, b) => a.instalmentNumber - b.instalmentNumber);
}

/** The due dates whose reminders fall on `date`: the read model is asked only for these. */
export function reminderDueDates(offsets: ReminderOffsets, date: string): string[] {
  return [...offsets.before.map((days) => addDays(date, days)), ...offsets.after.map((days) => addDays(date, -days))];
}

/** The day a reminder belongs to: its due date moved by its offset. */
export const reminderDay = (reminder: Pick<DueReminder, 'dueOn' | 'offsetDays'>) => addDays(reminder.dueOn, reminder.offsetDays);

/** A wall-clock time in the business time zone: date YYYY-MM-DD, time HH:MM. */
export type LocalTime = { date: string; time: string };

export const CONTACT_WINDOW = { opens: '08:00', closes: '19:00' } as const;

/**
 * When a contact at local time `at` may leave: at once inside 08:00–19:00 (19:00 itself is outside), otherwise at
 * the next 08:00, the same day before 08:00 and the next day from 19:00.
 */
export function nextContactTime(at: LocalTime): { sendAt: LocalTime; held: boolean } {
  if (at.time >= CONTACT_WINDOW.opens && at.time < CONTACT_WINDOW.closes) return { sendAt: at, held: false };
  const date = at.time < CONTACT_WINDOW.opens ? at.date : addDays(at.date, 1);
  return { sendAt: { date, time: CONTACT_WINDOW.opens }, held: true };
}

/** The wall-clock time of instant `now` in `timeZone`. */
export function localTimeOf(now: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The instant of a wall-clock time in `timeZone` (the zone's offset at that moment, so daylight saving is honoured). */
export function instantOf(local: LocalTime, timeZone: string): Date {
  const asUtc = Date.parse(`${local.date}T${local.time}:00Z`);
  let instant = asUtc;
  for (let i = 0; i < 2; i += 1) {
    const seen = localTimeOf(new Date(instant), timeZone);
    const offset = Date.parse(`${seen.date}T${seen.time}:00Z`) - instant;
    instant = asUtc - offset;
  }
  return new Date(instant);
}

/** When a contact asked for at instant `now` may leave, and how long a queued job waits for it (0 inside the window). */
export function contactWindowDelay(now: Date, timeZone: string): { sendAt: Date; delayMs: number; held: boolean } {
  const { sendAt, held } = nextContactTime(localTimeOf(now, timeZone));
  if (!held) return { sendAt: now, delayMs: 0, held };
  const at = instantOf(sendAt, timeZone);
  return { sendAt: at, delayMs: Math.max(0, at.getTime() - now.getTime()), held };
}

/**
 * Days overdue and the amount to pay now, on business date `date`: everything owed on instalments due by then
 * (penal charges included, as they sit on their instalments; `chargesDue` says how much of it they are). Days
 * overdue count from the oldest unpaid due date before `date` (an instalment due today is due, not overdue).
 */
export function amountDueNow(
  instalments: readonly { dueDate: string; amountDue: number; chargesDue: number }[],
  date: string,
): { daysOverdue: number; amountDueNow: number; overdueAmount: number; chargesDue: number } {
  const owed = instalments.filter((i) => i.amountDue > 0 && i.dueDate <= date);
  const overdue = owed.filter((i) => i.dueDate < date);
  const oldest = overdue.map((i) => i.dueDate).sort()[0];
  const sum = (lines: typeof owed, pick: (i: (typeof owed)[number]) => number) => lines.reduce((total, i) => total + pick(i), 0);
  return {
    daysOverdue: oldest === undefined ? 0 : daysBetween(oldest, date),
    amountDueNow: sum(owed, (i) => i.amountDue),
    overdueAmount: sum(overdue, (i) => i.amountDue),
    chargesDue: sum(owed, (i) => i.chargesDue),
  };
}
