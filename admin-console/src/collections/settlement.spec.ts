import { describe, expect, it } from 'vitest';
import { componentsText, mayApprove, openOffer, settlementOfferSpec, WRITE_OFF } from './settlement';
import type { SettlementOffer } from './types';

const offer = (status: SettlementOffer['status'], id = status): SettlementOffer => ({
  id,
  loanId: 'l1',
  amount: 100_00,
  validUntil: '2026-12-31',
  reason: 'r',
  status,
  offeredBy: 'maker',
  offeredAt: '2026-12-21T10:00:00Z',
  approvedBy: null,
  approvedAt: null,
  amountPaid: null,
  waived: null,
  settledOn: null,
  closedBy: null,
  closedAt: null,
  closeReason: null,
});

describe('settlement helpers', () => {
  it('finds the one open offer', () => {
    expect(openOffer([offer('lapsed'), offer('approved')])?.id).toBe('approved');
    expect(openOffer([offer('lapsed'), offer('settled')])).toBeUndefined();
  });

  it('lets anyone with the permission approve, but never the maker', () => {
    expect(mayApprove('maker', 'checker', true)).toBe(true);
    expect(mayApprove('maker', 'maker', true)).toBe(false);
    expect(mayApprove('maker', 'checker', false)).toBe(false);
    expect(mayApprove(null, 'checker', true)).toBe(false);
  });

  it('reads the waived components', () => {
    expect(componentsText({ principal: 500_00, interest: 25_50, fees: 0, penalties: 0 }, 'INR')).toMatch(
      /500\.00 principal \+ .*25\.50 interest/,
    );
    expect(componentsText({ principal: 0, interest: 0, fees: 0, penalties: 0 }, 'INR')).toBe('nothing');
  });

  it('checks an offer: amount up to the outstanding, a date from the business date, a reason', () => {
    const spec = settlementOfferSpec('INR', '2026-12-21', 1_000_00);
    const field = (name: string) => spec.fields.find((f) => f.name === name)!;
    expect(field('amount').validate!('1000.00')).toBeNull();
    expect(field('amount').validate!('1000.01')).toMatch(/At most/);
    expect(field('amount').validate!('0')).toBe('More than zero');
    expect(field('validUntil').validate!('2026-12-20')).toMatch(/on or after/);
    expect(field('validUntil').validate!('2026-12-21')).toBeNull();
    expect(spec.body({ amount: '600.50', validUntil: '2026-12-31', reason: ' hardship ' }, 'INR')).toEqual({
      amount: 600_50,
      validUntil: '2026-12-31',
      reason: 'hardship',
    });
    expect(WRITE_OFF.body({ reason: ' gone ' }, 'INR')).toEqual({ reason: 'gone' });
  });
});
