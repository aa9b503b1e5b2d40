import { describe, expect, it } from 'vitest';
import { lastEndedMonth, problemsText } from './bureau';

describe('the month the picker offers', () => {
  it('is the month before the business date, across a year end', () => {
    expect(lastEndedMonth('2026-12-01')).toBe('2026-11');
    expect(lastEndedMonth('2026-12-31')).toBe('2026-11');
    expect(lastEndedMonth('2027-01-01')).toBe('2026-12');
  });
});

describe("a record's problems", () => {
  it('reads as field: reason, one after another, the profile fields in words', () => {
    expect(
      problemsText([
        { field: 'pan', reason: 'missing' },
        { field: 'address.pinCode', reason: 'must be 6 digits, not starting with 0' },
        { field: 'dateOfBirth', reason: 'missing' },
        { field: 'account.number', reason: 'missing' },
      ]),
    ).toBe('PAN: missing; PIN code: must be 6 digits, not starting with 0; Date of birth: missing; account.number: missing');
  });
});
