import { describe, expect, it } from '@jest/globals';
import {
  amountDueNow,
  contactWindowDelay,
  instantOf,
  localTimeOf,
  nextContactTime,
  reminderDay,
  reminderDueDates,
  remindersDueOn,
  type RemindableInstalment,
} from './reminders.js';

const OFFSETS = { before: [3, 1], after: [1, 7, 15] };
const unpaid = (number: number, dueDate: string, amountDue = 897_800): RemindableInstalment => ({
  number,
  dueDate,
  amountDue,
  paidOn: null,
});

describe('collection reminders due on a business date', () => {
  describe('given instalment 2 due on 2026-12-21, unpaid', () => {
    const instalments = [unpaid(1, '2026-11-21', 0), unpaid(2, '2026-12-21'), unpaid(3, '2027-01-21')];

    it.each([
      ['2026-12-18', -3, 'due-soon'],
      ['2026-12-20', -1, 'due-soon'],
      ['2026-12-22', 1, 'overdue'],
      ['2026-12-28', 7, 'overdue'],
      ['2027-01-05', 15, 'overdue'],
    ] as const)('when COB runs for %s, then it owes reminder %i (%s)', (date, offsetDays, kind) => {
      expect(remindersDueOn(instalments, OFFSETS, date)).toEqual([{ instalmentNumber: 2, offsetDays, kind, dueOn: '2026-12-21' }]);
    });

    it.each(['2026-12-19', '2026-12-21', '2026-12-23', '2027-01-06'])('when COB runs for %s, a day with no offset, then none', (date) => {
      expect(remindersDueOn(instalments, OFFSETS, date)).toEqual([]);
    });

    it('then the day of each reminder is its due date moved by its offset, and the read model is asked only for those due dates', () => {
      expect(reminderDay({ dueOn: '2026-12-21', offsetDays: -3 })).toBe('2026-12-18');
      expect(reminderDueDates(OFFSETS, '2026-12-22').sort()).toEqual([
        '2026-12-07',
        '2026-12-15',
        '2026-12-21',
        '2026-12-23',
        '2026-12-25',
      ]);
    });
  });

  describe('given a paid instalment', () => {
    it('when it was paid before the due date, then no due-soon reminder goes out', () => {
      expect(remindersDueOn([{ number: 1, dueDate: '2026-12-21', amountDue: 0, paidOn: '2026-12-17' }], OFFSETS, '2026-12-20')).toEqual([]);
    });

    it('when it was paid late but by the day of the reminder, then no overdue reminder goes out', () => {
      expect(remindersDueOn([{ number: 1, dueDate: '2026-12-21', amountDue: 0, paidOn: '2026-12-25' }], OFFSETS, '2026-12-28')).toEqual([]);
    });

    it('when its payment is value-dated after the reminder day (a COB catching up), then the reminder was due that day (the worker skips it as paid)', () => {
      expect(remindersDueOn([{ number: 1, dueDate: '2026-12-21', amountDue: 100, paidOn: '2026-12-30' }], OFFSETS, '2026-12-22')).toEqual([
        { instalmentNumber: 1, offsetDays: 1, kind: 'overdue', dueOn: '2026-12-21' },
      ]);
    });
  });

  it('given two loans worth of instalments due the same day, then one reminder per instalment, in instalment order', () => {
    expect(
      remindersDueOn([unpaid(4, '2027-03-01'), unpaid(3, '2027-03-01')], OFFSETS, '2027-02-26').map((r) => r.instalmentNumber),
    ).toEqual([3, 4]);
  });
});

describe('the contact window (19:00–08:00 local time held)', () => {
  it.each([
    ['07:59', { date: '2026-12-18', time: '08:00' }, true],
    ['08:00', { date: '2026-12-18', time: '08:00' }, false],
    ['18:59', { date: '2026-12-18', time: '18:59' }, false],
    ['19:00', { date: '2026-12-19', time: '08:00' }, true],
    ['23:59', { date: '2026-12-19', time: '08:00' }, true],
    ['00:00', { date: '2026-12-18', time: '08:00' }, true],
  ] as const)('given %s on 2026-12-18, then it leaves at %o (held: %s)', (time, sendAt, held) => {
    expect(nextContactTime({ date: '2026-12-18', time })).toEqual({ sendAt, held });
  });

  it('given 19:30 on the last day of the year, then it waits for 08:00 on the first of January', () => {
    expect(nextContactTime({ date: '2026-12-31', time: '19:30' }).sendAt).toEqual({ date: '2027-01-01', time: '08:00' });
  });

  describe('in Asia/Kolkata (UTC+05:30)', () => {
    const zone = 'Asia/Kolkata';

    it('given 14:00 UTC (19:30 local), then the job waits 12 h 30 min, for 02:30 UTC the next day', () => {
      const now = new Date('2026-12-17T14:00:00Z');
      expect(localTimeOf(now, zone)).toEqual({ date: '2026-12-17', time: '19:30' });
      expect(contactWindowDelay(now, zone)).toEqual({ sendAt: new Date('2026-12-18T02:30:00Z'), delayMs: 12.5 * 3_600_000, held: true });
    });

    it('given 02:30 UTC (08:00 local), then it leaves at once', () => {
      const now = new Date('2026-12-18T02:30:00Z');
      expect(contactWindowDelay(now, zone)).toEqual({ sendAt: now, delayMs: 0, held: false });
    });
  });

  it('in a zone with daylight saving, 08:00 local is found on either side of the change', () => {
    expect(instantOf({ date: '2026-03-09', time: '08:00' }, 'America/New_York')).toEqual(new Date('2026-03-09T12:00:00Z'));
    expect(instantOf({ date: '2026-03-07', time: '08:00' }, 'America/New_York')).toEqual(new Date('2026-03-07T13:00:00Z'));
  });
});

describe('what an overdue loan owes now', () => {
  it('given instalment 1 overdue with its penal charge and instalment 2 due later, then days overdue and the amount with the charge', () => {
    expect(
      amountDueNow(
        [
          { dueDate: '2026-12-21', amountDue: 947_800, chargesDue: 50_000 },
          { dueDate: '2027-01-21', amountDue: 897_800, chargesDue: 0 },
        ],
        '2026-12-30',
      ),
    ).toEqual({
      daysOverdue: 9,
      amountDueNow: 947_800,
      overdueAmount: 947_800,
      chargesDue: 50_000,
    });
  });

  it('given an instalment due today, then it is owed now but not overdue', () => {
    expect(amountDueNow([{ dueDate: '2026-12-21', amountDue: 897_800, chargesDue: 0 }], '2026-12-21')).toEqual({
      daysOverdue: 0,
      amountDueNow: 897_800,
      overdueAmount: 0,
      chargesDue: 0,
    });
  });

  it('given everything paid, then nothing', () => {
    expect(amountDueNow([{ dueDate: '2026-12-21', amountDue: 0, chargesDue: 0 }], '2027-01-30')).toEqual({
      daysOverdue: 0,
      amountDueNow: 0,
      overdueAmount: 0,
      chargesDue: 0,
    });
  });
});
