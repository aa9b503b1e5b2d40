import { describe, expect, it } from '@jest/globals';
import { CONSENTS } from './quick-start.js';
import { consentTextHash, decideWithdrawal, quickStartConsentText, type ConsentPurpose } from './consents.js';

const none = { applicationsInProgress: 0, openLoans: 0 };
const applying = { applicationsInProgress: 1, openLoans: 0 };
const borrowing = { applicationsInProgress: 0, openLoans: 1 };

describe('withdrawing a consent', () => {
  it('given an open loan and an application in progress, when the borrower withdraws communications, then it is allowed', () => {
    expect(decideWithdrawal('communications', { applicationsInProgress: 2, openLoans: 1 })).toEqual({ allowed: true });
  });

  it.each<ConsentPurpose>(['credit-check', 'terms', 'privacy'])(
    'given an application in progress, when the borrower withdraws %s, then it is refused and the answer says why',
    (purpose) => {
      expect(decideWithdrawal(purpose, applying)).toEqual({
        allowed: false,
        code: 'consent-required',
        reason: 'You have 1 application in progress made under this consent: it can be withdrawn once it is closed, cancelled or decided.',
      });
    },
  );

  it('given two open loans and an application, when the borrower withdraws the terms, then the reason names all three', () => {
    const decision = decideWithdrawal('terms', { applicationsInProgress: 1, openLoans: 2 });
    expect(decision).toMatchObject({ allowed: false, reason: expect.stringContaining('1 application in progress and 2 open loans') });
    expect(decision).toMatchObject({ reason: expect.stringContaining('once they are closed') });
  });

  it.each<ConsentPurpose>(['credit-check', 'terms', 'privacy', 'bureau-reporting'])(
    'given no application and no open loan, when the borrower withdraws %s, then it is allowed',
    (purpose) => {
      expect(decideWithdrawal(purpose, none)).toEqual({ allowed: true });
    },
  );

  it('given an open loan, when the borrower withdraws bureau reporting, then it is refused for the RBI / CICRA duty', () => {
    expect(decideWithdrawal('bureau-reporting', borrowing)).toEqual({
      allowed: false,
      code: 'consent-required',
      reason: expect.stringMatching(
        /1 open loan: the lender must report it to credit bureaus until it is closed .*Credit Information Companies/,
      ),
    });
  });

  it('given only an application in progress, when the borrower withdraws bureau reporting, then it is allowed (nothing is reported yet)', () => {
    expect(decideWithdrawal('bureau-reporting', applying)).toEqual({ allowed: true });
  });
});

describe('the text a consent was given to', () => {
  it("given quick start's credit check text, when it is kept, then it has its purpose, version and the SHA-256 of the exact text", () => {
    const kept = quickStartConsentText('creditCheck', CONSENTS.creditCheck.version);
    expect(kept).toEqual({
      purpose: 'credit-check',
      version: CONSENTS.creditCheck.version,
      text: CONSENTS.creditCheck.text,
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(kept.hash).toBe(consentTextHash(CONSENTS.creditCheck.text));
  });

  it('given two texts differing by one character, when hashed, then the hashes differ', () => {
    expect(consentTextHash('I agree.')).not.toBe(consentTextHash('I agree!'));
    expect(consentTextHash('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
