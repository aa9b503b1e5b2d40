import { describe, expect, it } from '@jest/globals';
import { judgePhoneChange } from './phone-change.js';

describe('judgePhoneChange', () => {
  it('given the same number written another way, when changed without a proof, then it is no change', () => {
    expect(judgePhoneChange('+919876543210', '98765 43210'.replace(/\s/g, ''), { kind: 'none' })).toEqual({ outcome: 'unchanged' });
  });

  it('given a new number, when no proof comes with it, then it is refused naming the number to verify', () => {
    const verdict = judgePhoneChange('+919876543210', '9123456789', { kind: 'none' });
    expect(verdict).toEqual({ outcome: 'refused', message: expect.stringContaining('+919123456789') });
  });

  it('given a new number, when the proof does not verify, then it is refused', () => {
    expect(judgePhoneChange('+919876543210', '+919123456789', { kind: 'invalid' }).outcome).toBe('refused');
  });

  it('given a new number, when the proof is for another number, then it is refused', () => {
    const verdict = judgePhoneChange('+919876543210', '+919123456789', { kind: 'proves', phone: '+919000000000' });
    expect(verdict).toEqual({ outcome: 'refused', message: expect.stringContaining('another number') });
  });

  it('given a new number, when its own proof comes with it, then the change keeps the normalized number', () => {
    expect(judgePhoneChange('+919876543210', '9123456789', { kind: 'proves', phone: '+919123456789' })).toEqual({
      outcome: 'change',
      phone: '+919123456789',
    });
  });

  it('given no phone yet (social sign-in), when one is set, then it needs its proof too', () => {
    expect(judgePhoneChange(null, '+919123456789', { kind: 'none' }).outcome).toBe('refused');
    expect(judgePhoneChange(null, '+919123456789', { kind: 'proves', phone: '+919123456789' }).outcome).toBe('change');
  });
});
