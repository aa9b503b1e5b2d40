import { describe, expect, it } from 'vitest';
import { humanizeEventType, shortId } from './labels';

describe('labels', () => {
  it('reads event types as sentences', () => {
    expect(humanizeEventType('SoftCheckApproved')).toBe('Soft check approved');
    expect(humanizeEventType('LoanApplicationStarted')).toBe('Loan application started');
  });

  it('shortens ids', () => {
    expect(shortId('0123456789abcdef')).toBe('01234567');
    expect(shortId(null)).toBe('—');
  });
});
