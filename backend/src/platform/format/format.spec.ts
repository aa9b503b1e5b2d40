import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatDate, formatDateTime, formatMinorUnits, formatMoney, formatMoneyCode, plural } from './format.js';

type Row = { value: string; text: string };
// The table packages/web-common/src/format.spec.ts checks the browser's formatter against: same rows, same strings.
const cases = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../../packages/web-common/src/format.cases.json', import.meta.url)), 'utf8'),
) as {
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

describe('formatMoneyCode', () => {
  it.each([
    [123456, 'INR', 'INR 1,234.56'],
    [12345678, 'INR', 'INR 1,23,456.78'],
    [30000000, 'INR', 'INR 3,00,000.00'],
    [1234567890, 'INR', 'INR 1,23,45,678.90'],
    [0, 'INR', 'INR 0.00'],
    [5, 'INR', 'INR 0.05'],
    [-1250, 'INR', 'INR -12.50'],
    [12345678, 'USD', 'USD 123,456.78'],
    [1234567890, 'EUR', 'EUR 12,345,678.90'],
    [1234, 'JPY', 'JPY 1,234'],
    [1234567, 'KWD', 'KWD 1,234.567'],
    [123456, 'inr', 'INR 1,234.56'],
    [Number.MAX_SAFE_INTEGER, 'INR', 'INR 9,00,71,99,25,47,409.91'],
  ])('formatMoneyCode(%p, %p) = %p', (minor, currency, expected) => {
    expect(formatMoneyCode(minor, currency)).toBe(expected);
  });

  it('rejects non-integer amounts and bad currency codes', () => {
    expect(() => formatMoneyCode(12.5, 'INR')).toThrow(RangeError);
    expect(() => formatMoneyCode(Number.NaN, 'INR')).toThrow(RangeError);
    expect(() => formatMoneyCode(100, 'RUPEES')).toThrow(RangeError);
  });
});

describe('the other money forms', () => {
  it('given a round amount and decimals as needed, then no zero decimals are written', () => {
    expect(formatMoney(1000000, 'INR', { decimals: 'needed' })).toBe('₹10,000');
    expect(formatMoney(123450, 'INR', { decimals: 'needed' })).toBe('₹1,234.5');
    expect(formatMoney(123456, 'INR', { decimals: 'needed' })).toBe('₹1,234.56');
    expect(formatMoney(123456, 'INR')).toBe('₹1,234.56');
  });

  it('given minor units for a refusal sentence, then hundredths with no grouping or currency', () => {
    expect(formatMinorUnits(1_000_000)).toBe('10000.00');
    expect(formatMinorUnits(5)).toBe('0.05');
    expect(formatMinorUnits(-1250)).toBe('-12.50');
  });
});
