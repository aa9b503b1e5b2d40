import { describe, expect, it } from '@jest/globals';
import { coolingOffExitAmount, coolingOffTermsFor, coolingOffWindow, isWithinWindow, localDayOf } from './cooling-off.rules.js';

describe('the cooling-off window', () => {
  const window = coolingOffWindow('2026-11-21', 3);

  it('runs from the payout to 23:59:59 IST on the last day (disbursal day + the period)', () => {
    expect(window).toEqual({
      lastDay: '2026-11-24',
      deadline: '2026-11-24T18:29:59.000Z',
      closesAt: '2026-11-24T18:30:00.000Z',
    });
  });

  it('admits a request at the deadline itself and refuses one a second after', () => {
    expect(isWithinWindow(window, '2026-11-24T18:29:59.000Z')).toBe(true);
    expect(isWithinWindow(window, '2026-11-24T18:29:59.999Z')).toBe(true);
    expect(isWithinWindow(window, '2026-11-24T18:30:00.000Z')).toBe(false);
    expect(isWithinWindow(window, '2026-11-24T18:30:01.000Z')).toBe(false);
  });

  it('counts IST days: 20:00 UTC on the 21st is already the 22nd in India', () => {
    expect(localDayOf('2026-11-21T18:29:59.000Z')).toBe('2026-11-21');
    expect(localDayOf('2026-11-21T20:00:00.000Z')).toBe('2026-11-22');
  });

  it('a one-day period ends at midnight IST after the day following disbursal', () => {
    expect(coolingOffWindow('2026-12-31', 1).deadline).toBe('2027-01-01T18:29:59.000Z');
  });
});

describe('the exit amount', () => {
  // The worked example of docs/compliance.md: 1,00,000.00 INR at an APR of 24.50%, exit 3 days after the payout.
  const terms = { days: 3, feeRetained: false, aprBasisPoints: 2_450 };
  const base = { principal: 10_000_000, fee: 200_000, disbursedOn: '2026-11-21', exitOn: '2026-11-24', terms, alreadyPaid: 0 };

  it('is the principal and the interest for the days held at the APR, no penalty and no fee unless the KFS keeps it', () => {
    // 10,000,000 × 2,450 × 3 / (10,000 × 365) = 20,136.99 → 20,137 paise (201.37 INR).
    expect(coolingOffExitAmount(base)).toEqual({
      principal: 10_000_000,
      interest: 20_137,
      fee: 0,
      alreadyPaid: 0,
      amount: 10_020_137,
      daysHeld: 3,
      aprBasisPoints: 2_450,
    });
  });

  it('adds the processing fee when the KFS said it is kept on an exit', () => {
    expect(coolingOffExitAmount({ ...base, terms: { ...terms, feeRetained: true } }).amount).toBe(10_220_137);
  });

  it('charges at least one day: an exit on the payout day', () => {
    // 10,000,000 × 2,450 / 3,650,000 = 6,712.33 → 6,712.
    expect(coolingOffExitAmount({ ...base, exitOn: '2026-11-21' })).toMatchObject({ daysHeld: 1, interest: 6_712, amount: 10_006_712 });
  });

  it('takes off what was already repaid, never going below zero', () => {
    expect(coolingOffExitAmount({ ...base, alreadyPaid: 20_137 }).amount).toBe(10_000_000);
    expect(coolingOffExitAmount({ ...base, alreadyPaid: 99_999_999 }).amount).toBe(0);
  });

  it('rounds half up to the paisa, exactly for large principals', () => {
    // 73 × 1 × 5,000 / 3,650,000 = 0.1 → 0; 365 × 5,000 × 1 / 3,650,000 = 0.5 → 1.
    expect(
      coolingOffExitAmount({ ...base, principal: 73, exitOn: '2026-11-22', terms: { ...terms, aprBasisPoints: 5_000 } }).interest,
    ).toBe(0);
    expect(
      coolingOffExitAmount({ ...base, principal: 365, exitOn: '2026-11-22', terms: { ...terms, aprBasisPoints: 5_000 } }).interest,
    ).toBe(1);
    const large = coolingOffExitAmount({ ...base, principal: 9_000_000_000_000, exitOn: '2026-11-22' });
    expect(large.interest).toBe(6_041_095_890);
  });
});

describe('the terms an exit is held to', () => {
  const settingsNow = { days: 7, feeRetained: true };

  it('given terms pinned on the signed agreement, when the settings changed since, then the pinned ones apply', () => {
    expect(coolingOffTermsFor({ days: 3, feeRetained: false }, settingsNow, 2_450)).toEqual({
      days: 3,
      feeRetained: false,
      aprBasisPoints: 2_450,
    });
  });

  it('given an agreement issued before terms were pinned, then the settings now apply', () => {
    expect(coolingOffTermsFor(undefined, settingsNow, 2_450)).toEqual({ days: 7, feeRetained: true, aprBasisPoints: 2_450 });
  });
});
