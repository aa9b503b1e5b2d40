import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatDate, formatDateTime, formatMoney, plural } from './format.js';

type Row = { value: string; text: string };
// The table packages/web-common/src/format.spec.ts checks the browser's formatter against: same rows, same strings.
const cases = JSON.parse(readFileSync(fileURLToPath(new URL('../../../../packages/web-common/src/format.cases.json', import.meta.url)), 'utf8')) as {
  money: { minor: number; currency: string; text: string }[];
  date: Row[];
  dateTime: Row[];
};

describe('the server formatter writes what the web formatter writes', () => {
  it.each(cases.money)('money $minor $currency is $text', ({ minor, currency, text }) => expect(formatMoney(minor, currency)).toBe(text));
  it.each(cases.date)('date $value is $text', ({ value, text }) => expect(formatDate(value)).toBe(text));
  it.each(cases.dateTime)('date-time $value is $text', ({ value, text }) => expect(formatDateTime(value)).toBe(text));
});

describe('the server formatter', () => {
  it('reads instants in the business time zone it is given, and never moves a calendar date', () => {
    expect(formatDateTime(new Date('2026-12-01T18:30:00Z'), 'UTC')).toBe('1 Dec 2026, 6:30 pm');
    expect(formatDate('2026-12-01T18:30:00Z', 'UTC')).toBe('1 Dec 2026');
    expect(formatDate('2026-12-01', 'America/Los_Angeles')).toBe('1 Dec 2026');
    expect(formatDate(null)).toBe('—');
    expect(formatMoney(150000, 'JPY')).toBe('JP¥1,50,000');
  });

  it('names a count in the right number', () => {
    expect(plural(1, 'day')).toBe('1 day');
    expect(plural(3, 'day')).toBe('3 days');
    expect(plural(0, 'instalment')).toBe('0 instalments');
  });
});
