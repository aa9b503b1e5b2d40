import { describe, expect, it } from '@jest/globals';
import { EMAIL_VERIFICATION, judgeEmailCode, judgeEmailCodeRequest } from './email-verification.js';

const now = new Date('2026-12-03T10:00:00Z');
const unverified = { email: 'asha@example.com', emailVerifiedAt: null };
const fresh = { email: 'asha@example.com', expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION.validForMs), attempts: 0 };

describe('email verification', () => {
  describe('asking for a code', () => {
    it('given an unverified email, when a code is asked for, then it is sent to that email', () => {
      expect(judgeEmailCodeRequest({ email: ' asha@example.com ', emailVerifiedAt: null })).toEqual({
        outcome: 'send',
        email: 'asha@example.com',
      });
    });
    it('given a verified email, when a code is asked for, then it is already verified', () => {
      expect(judgeEmailCodeRequest({ ...unverified, emailVerifiedAt: now })).toEqual({ outcome: 'already-verified' });
    });
    it('given no email, or an erased one, when a code is asked for, then there is no email', () => {
      expect(judgeEmailCodeRequest({ email: '', emailVerifiedAt: null })).toEqual({ outcome: 'no-email' });
      expect(judgeEmailCodeRequest({ email: 'erased-1@erased.invalid', emailVerifiedAt: null })).toEqual({ outcome: 'no-email' });
    });
  });

  describe('given a fresh code', () => {
    it('when the right code is tried, then the email is verified', () => {
      expect(judgeEmailCode(unverified, fresh, true, now)).toEqual({ outcome: 'verified' });
    });
    it('when a wrong code is tried, then it is wrong with four tries left', () => {
      expect(judgeEmailCode(unverified, fresh, false, now)).toEqual({ outcome: 'wrong', triesLeft: 4 });
    });
    it('when the email changed since it was sent, then even the right code proves nothing', () => {
      expect(judgeEmailCode({ ...unverified, email: 'new@example.com' }, fresh, true, now)).toEqual({ outcome: 'none' });
    });
  });

  describe('given five tries', () => {
    it('when the fifth try is wrong, then no tries are left', () => {
      expect(judgeEmailCode(unverified, { ...fresh, attempts: 4 }, false, now)).toEqual({ outcome: 'wrong', triesLeft: 0 });
    });
    it('when even the right code is tried, then the code is void', () => {
      expect(judgeEmailCode(unverified, { ...fresh, attempts: 5 }, true, now)).toEqual({ outcome: 'exhausted' });
    });
  });

  describe('given thirty minutes have passed', () => {
    it('when the right code is tried, then it has expired', () => {
      expect(judgeEmailCode(unverified, fresh, true, new Date(fresh.expiresAt.getTime()))).toEqual({ outcome: 'expired' });
    });
  });

  it('given no code was sent, when one is tried, then there is none', () => {
    expect(judgeEmailCode(unverified, undefined, false, now)).toEqual({ outcome: 'none' });
  });
  it('given an email already verified, when a code is tried, then it is already verified', () => {
    expect(judgeEmailCode({ ...unverified, emailVerifiedAt: now }, fresh, true, now)).toEqual({ outcome: 'already-verified' });
  });
});
