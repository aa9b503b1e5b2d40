import { describe, expect, it } from '@jest/globals';
import { reviewRefusal } from './section-review.js';

describe('reviewing a profile section', () => {
  it('given a complete section, when staff verify it, then it may be recorded', () => {
    expect(reviewRefusal('complete', { status: 'verified', reason: null })).toBeUndefined();
  });

  it('given a complete or verified section, when staff reject it with a reason, then it may be recorded', () => {
    expect(reviewRefusal('complete', { status: 'rejected', reason: 'PAN photo is blurred' })).toBeUndefined();
    expect(reviewRefusal('verified', { status: 'rejected', reason: 'the payslip is forged' })).toBeUndefined();
  });

  it('given any section, when staff reject it without a reason (or with blanks), then it is refused for the reason', () => {
    expect(reviewRefusal('complete', { status: 'rejected', reason: null })?.code).toBe('reason-required');
    expect(reviewRefusal('complete', { status: 'rejected', reason: '   ' })?.code).toBe('reason-required');
  });

  it('given a missing section, when staff verify or reject it, then it is refused as missing', () => {
    expect(reviewRefusal('missing', { status: 'verified', reason: null })?.code).toBe('missing');
    expect(reviewRefusal('missing', { status: 'rejected', reason: 'empty' })?.code).toBe('missing');
  });

  it('given a rejected section not saved since, when staff verify it, then it is refused: the borrower saves it first', () => {
    expect(reviewRefusal('rejected', { status: 'verified', reason: null })).toEqual({
      code: 'not-complete',
      message: expect.stringMatching(/save it again/),
    });
  });

  it('given a verified section, when staff verify it again, then it is refused as verified already', () => {
    expect(reviewRefusal('verified', { status: 'verified', reason: null })).toEqual({
      code: 'not-complete',
      message: expect.stringMatching(/verified already/),
    });
  });

  it('given a rejected section, when staff reject it again, then it is refused', () => {
    expect(reviewRefusal('rejected', { status: 'rejected', reason: 'still blurred' })?.code).toBe('not-complete');
  });
});
