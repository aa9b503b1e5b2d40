import { describe, expect, it } from 'vitest';
import { canAccess } from '../permissions/canAccess';
import { bankReasonLabel } from './types';

describe('auto-debit access (issue 32)', () => {
  it('lists with loans.view, the bounce queue with collections.view, and keeps registering and approving a pause apart', () => {
    const viewer = ['loans.view'];
    expect(canAccess(viewer, 'list', 'Mandates')).toBe(true);
    expect(canAccess(viewer, 'list', 'MandatePresentations')).toBe(true);
    expect(canAccess(viewer, 'list', 'MandateBounces')).toBe(false);
    expect(canAccess(['collections.view'], 'list', 'MandateBounces')).toBe(true);
    expect(canAccess(viewer, 'create', 'Mandates')).toBe(false);
    const agent = ['loans.view', 'mandates.manage'];
    expect(canAccess(agent, 'create', 'Mandates')).toBe(true);
    expect(canAccess(agent, 'approve-pause', 'Mandates')).toBe(false);
    expect(canAccess(['mandates.approve'], 'approve-pause', 'Mandates')).toBe(true);
  });
});

describe('a returned debit’s reason', () => {
  it('reads in the bank’s words with the code, the code alone when there are no words, a dash when not returned', () => {
    expect(bankReasonLabel({ reason: 'Balance insufficient', reasonCode: 'INSUFFICIENT_FUNDS' })).toBe(
      'Balance insufficient (INSUFFICIENT_FUNDS)',
    );
    expect(bankReasonLabel({ reason: null, reasonCode: 'R99' })).toBe('R99');
    expect(bankReasonLabel({ reason: null, reasonCode: null })).toBe('—');
  });
});
