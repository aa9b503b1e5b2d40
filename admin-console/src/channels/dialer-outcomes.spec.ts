import { describe, expect, it } from 'vitest';
import { validateOutcome } from './dialer-outcomes';
import { windowLabel } from './window-label';

describe('the dialer outcome form', () => {
  it('needs an outcome, and a date with a promise to pay', () => {
    expect(validateOutcome({ outcome: '', note: '', promiseToPayOn: '' })).toEqual({ outcome: 'Choose the outcome.' });
    expect(validateOutcome({ outcome: 'promised-to-pay', note: '', promiseToPayOn: '' })).toEqual({
      promiseToPayOn: 'A promise to pay needs the date promised.',
    });
    expect(validateOutcome({ outcome: 'promised-to-pay', note: 'Friday', promiseToPayOn: '2026-11-27' })).toEqual({});
    expect(validateOutcome({ outcome: 'answered', note: 'x'.repeat(2001), promiseToPayOn: '' })).toEqual({
      note: 'At most 2,000 characters.',
    });
  });
});

describe('the WhatsApp window label', () => {
  it('says until when it is open, or that it is closed', () => {
    expect(windowLabel({ open: false, closesAt: null })).toBe('Window closed');
    expect(windowLabel({ open: false, closesAt: '2026-11-23T04:00:00Z' })).toBe('Window closed');
    expect(windowLabel({ open: true, closesAt: '2026-11-23T04:00:00Z' })).toBe('Window open until 23 Nov 2026, 9:30 am');
  });
});
