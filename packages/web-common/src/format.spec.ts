import { afterEach, describe, expect, it } from 'vitest';
import cases from './format.cases.json';
import {
  businessDateOf,
  DEFAULT_TIME_ZONE,
  formatDate,
  formatDateTime,
  formatMoney,
  formatTime,
  getBusinessTimeZone,
  parseAmount,
  plural,
  setBusinessTimeZone,
  toMinor,
} from './format';

describe('money', () => {
  it('formats paise as rupees with Indian grouping', () => {
    expect(formatMoney(10_000_000, 'INR')).toBe('₹1,00,000.00');
    expect(formatMoney(916_800, 'INR')).toBe('₹9,168.00');
    expect(formatMoney(5, 'INR')).toBe('₹0.05');
    expect(formatMoney(null, 'INR')).toBe('—');
  });

  it('uses the currency’s own minor unit', () => {
    expect(formatMoney(123_456, 'USD')).toMatch(/1,234\.56/);
    expect(formatMoney(1234, 'JPY')).toMatch(/1,234/);
    expect(formatMoney(1234, 'JPY')).not.toMatch(/\./);
  });

  it('turns a typed amount into minor units', () => {
    expect(toMinor('1,00,000.50', 'INR')).toBe(10_000_050);
    expect(toMinor('60000', 'INR')).toBe(6_000_000);
    expect(toMinor(1234, 'JPY')).toBe(1234);
  });
});

describe('amounts typed by people', () => {
  it('reads rupees with grouping and the symbol; refuses what is not an amount', () => {
    expect(parseAmount('₹1,00,000', 'INR')).toBe(10_000_000);
    expect(parseAmount('100000.50', 'INR')).toBe(10_000_050);
    expect(parseAmount('12.345', 'INR')).toBeNull();
    expect(parseAmount('abc', 'INR')).toBeNull();
    expect(parseAmount('', 'INR')).toBeNull();
    expect(parseAmount('1234', 'JPY')).toBe(1234);
    expect(parseAmount('12.5', 'JPY')).toBeNull();
  });

  it('shows whole amounts without decimals when asked', () => {
    expect(formatMoney(10_000_000, 'INR', { whole: true })).toBe('₹1,00,000');
  });

  it('formats in the locale asked for', () => {
    expect(formatMoney(10_000_000, 'INR', { locale: 'en-US' })).toBe('₹100,000.00');
  });
});

describe('dates', () => {
  it('formats calendar dates without a time zone shifting the day', () => {
    expect(formatDate('2026-12-01')).toBe('1 Dec 2026');
    expect(formatDate(null)).toBe('—');
  });

  it('formats instants with date and time', () => {
    expect(formatDateTime('2026-12-01T10:05:00Z')).toBe('1 Dec 2026, 3:35 pm');
    expect(formatTime('2026-12-01T10:05:00Z')).toBe('3:35 pm');
    expect(formatDateTime(undefined)).toBe('—');
  });
});

describe('counts', () => {
  it('names a count in the right number', () => {
    expect(plural(1, 'instalment')).toBe('1 instalment');
    expect(plural(12, 'instalment')).toBe('12 instalments');
    expect(plural(0, 'document')).toBe('0 documents');
  });
});

describe('the shared table (format.cases.json, checked by the server formatter too)', () => {
  it.each(cases.money)('money $minor $currency is $text', ({ minor, currency, text }) => expect(formatMoney(minor, currency)).toBe(text));
  it.each(cases.date)('date $value is $text', ({ value, text }) => expect(formatDate(value)).toBe(text));
  it.each(cases.dateTime)('date-time $value is $text', ({ value, text }) => expect(formatDateTime(value)).toBe(text));
  it.each(cases.businessDate)('business date of $value is $text', ({ value, text }) => expect(businessDateOf(new Date(value))).toBe(text));
});

describe('the business time zone', () => {
  afterEach(() => setBusinessTimeZone(DEFAULT_TIME_ZONE));

  it('is India unless the API names another; the reader’s own zone never moves a date', () => {
    expect(getBusinessTimeZone()).toBe('Asia/Kolkata');
    // 18:30 UTC is midnight in India: a UTC reader would still call it 1 Dec
    expect(formatDate('2026-12-01T18:30:00Z')).toBe('2 Dec 2026');
    setBusinessTimeZone('UTC');
    expect(formatDate('2026-12-01T18:30:00Z')).toBe('1 Dec 2026');
    expect(formatDateTime('2026-12-01T18:30:00Z')).toBe('1 Dec 2026, 6:30 pm');
    expect(businessDateOf(new Date('2026-12-01T18:30:00Z'))).toBe('2026-12-01');
  });

  it('keeps the zone it has when given one it does not know, or none', () => {
    setBusinessTimeZone('Mars/Olympus');
    setBusinessTimeZone(undefined);
    expect(getBusinessTimeZone()).toBe('Asia/Kolkata');
  });

  it('never moves a calendar date, whatever the zone', () => {
    setBusinessTimeZone('America/Los_Angeles');
    expect(formatDate('2026-12-01')).toBe('1 Dec 2026');
  });
});
