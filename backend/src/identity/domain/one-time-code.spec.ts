import { describe, expect, it } from '@jest/globals';
import { drawCode, judgeAttempt, ONE_TIME_CODE, OTP_PURPOSES, PUBLIC_OTP_PURPOSES } from './one-time-code.js';

const now = new Date('2026-11-23T10:00:00Z');
const fresh = { expiresAt: new Date(now.getTime() + ONE_TIME_CODE.validForMs), attempts: 0, verifiedAt: null };

describe('one-time codes', () => {
  describe('given a fresh code', () => {
    it('when the right code is tried, then it is verified', () => {
      expect(judgeAttempt(fresh, true, now)).toEqual({ outcome: 'verified' });
    });
    it('when a wrong code is tried, then it is wrong with four tries left', () => {
      expect(judgeAttempt(fresh, false, now)).toEqual({ outcome: 'wrong', triesLeft: 4 });
    });
  });

  describe('given five tries', () => {
    it('when even the right code is tried, then the code is exhausted', () => {
      expect(judgeAttempt({ ...fresh, attempts: 5 }, true, now)).toEqual({ outcome: 'exhausted' });
    });
    it('when the fifth try is wrong, then no tries are left', () => {
      expect(judgeAttempt({ ...fresh, attempts: 4 }, false, now)).toEqual({ outcome: 'wrong', triesLeft: 0 });
    });
  });

  describe('given five minutes have passed', () => {
    it('when the right code is tried, then it has expired', () => {
      expect(judgeAttempt(fresh, true, new Date(now.getTime() + ONE_TIME_CODE.validForMs))).toEqual({ outcome: 'expired' });
    });
  });

  describe('given a used code, or none', () => {
    it('when it is tried again, then it is used; with no code, none', () => {
      expect(judgeAttempt({ ...fresh, verifiedAt: now }, true, now)).toEqual({ outcome: 'used' });
      expect(judgeAttempt(undefined, true, now)).toEqual({ outcome: 'none' });
    });
  });

  it('draws six digits, keeping leading zeros', () => {
    expect(drawCode(() => 42)).toBe('000042');
    expect(drawCode((max) => max - 1)).toBe('999999');
  });

  describe('given the purposes anyone may ask a code for', () => {
    it('then they are quick start and a new phone, never e-sign (only the signing flows send those)', () => {
      expect([...PUBLIC_OTP_PURPOSES]).toEqual(['quick-start', 'phone']);
      expect(OTP_PURPOSES).toContain('e-sign');
      expect(PUBLIC_OTP_PURPOSES).not.toContain('e-sign' as never);
    });
  });
});
