import { describe, expect, it } from '@jest/globals';
import { funnelOf } from './application-funnel.js';

describe('the application funnel', () => {
  it('given counts by event, then every step in order with zeros for steps nobody reached', () => {
    const funnel = funnelOf(
      new Map([
        ['LoanApplicationStarted', 5],
        ['LoanApplicationSubmitted', 3],
        ['LoanDisbursed', 1],
      ]),
    );
    expect(funnel.map((s) => [s.step, s.loans])).toEqual([
      ['started', 5],
      ['submitted', 3],
      ['accepted', 0],
      ['softApproved', 0],
      ['bankVerified', 0],
      ['agreementIssued', 0],
      ['agreementSigned', 0],
      ['disbursed', 1],
      ['firstPayment', 0],
    ]);
  });
});
