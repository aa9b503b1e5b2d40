import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, humanizeEventType, toMinor } from './format';

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

describe('labels', () => {
  it('reads event types as sentences', () => {
    expect(humanizeEventType('SoftCheckApproved')).toBe('Soft check approved');
    expect(humanizeEventType('LoanApplicationStarted')).toBe('Loan application started');
  });

  it('formats calendar dates without a time zone shifting the day', () => {
    expect(formatDate('2026-12-01')).toBe('1 Dec 2026');
  });
});
