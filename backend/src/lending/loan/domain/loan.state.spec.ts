import { describe, expect, it } from '@jest/globals';
import { BORROWER, DOCUMENT_HASH, FIXTURES, LOAN_ID, STAFF, at, happyPath, historyTo } from './loan-history.fixture.js';
import { evolve, initialLoanState, replay } from './loan.state.js';
import { LOAN_STATES, LOAN_TYPES } from './loan.types.js';

describe('replay', () => {
  it('is the initial state for no events', () => {
    expect(replay([])).toEqual({ status: 'none' });
    expect(initialLoanState).toEqual({ status: 'none' });
  });

  it('builds an active EMI loan from its whole history, with every gate passed', () => {
    const f = FIXTURES.EMI;
    expect(replay(happyPath('EMI'))).toEqual({
      status: 'active',
      id: LOAN_ID,
      borrowerId: BORROWER.id,
      loanType: 'EMI',
      amount: f.requested,
      approvedAmount: f.approved,
      tenureMonths: 3,
      annualRatePercent: 18,
      fee: f.approvedFee,
      score: 720,
      bankAccountLast4: '4321',
      agreement: { documentHash: DOCUMENT_HASH, terms: f.terms, issuedAt: at(6) },
      signedAt: at(7),
      payoutReference: 'PAYOUT-1',
      disbursedOn: '2026-01-31',
      schedule: f.schedule,
      // The servicing terms fixed at payout: the first due date from the schedule, the 2% fee owed with instalment 1.
      servicing: {
        terms: {
          loanType: 'EMI',
          principal: f.approved,
          annualRatePercent: 18,
          months: 3,
          disbursedOn: '2026-01-31',
          firstDueDate: '2026-02-28',
          anchorDay: 31,
          fee: f.approvedFee,
          strategy: 'mifos-standard',
          prepaymentMode: 'reduceTenure',
          advancePayment: 'nextInstalments',
        },
        events: [],
      },
      createdAt: at(1),
      updatedAt: at(9),
      lastActor: STAFF,
      version: 9,
      passed: {
        soft: { at: at(4), actor: STAFF },
        bank: { at: at(5), actor: STAFF },
        consent: { at: at(7), actor: BORROWER },
        final: { at: at(8), actor: STAFF },
      },
    });
  });

  it('keeps the pay day of a salary advance', () => {
    const loan = replay(happyPath('salaryAdvance'));
    expect(loan).toMatchObject({
      status: 'active',
      loanType: 'salaryAdvance',
      payDayOfMonth: 5,
      tenureMonths: 1,
      annualRatePercent: 0,
      fee: 100_000,
      schedule: FIXTURES.salaryAdvance.schedule,
    });
  });

  it.each(LOAN_TYPES.flatMap((type) => LOAN_STATES.map((status) => [type, status] as const)))(
    'a %s history to %s ends in that state, one version per event',
    (type, status) => {
      const history = historyTo(status, type);
      expect(replay(history)).toMatchObject({ status, version: history.length });
    },
  );
});

describe('evolve', () => {
  it('records who moved the loan last and why', () => {
    const rejected = replay(historyTo('rejected', 'EMI'));
    expect(rejected).toMatchObject({
      status: 'rejected',
      lastActor: STAFF,
      lastReason: 'Score too low',
      updatedAt: at(4),
    });
  });

  it('records amendments', () => {
    const [started] = historyTo('new', 'EMI');
    const amended = evolve(replay([started!]), {
      type: 'LoanApplicationAmended',
      data: {
        loanId: LOAN_ID,
        at: at(2),
        actor: BORROWER,
        amount: 1_500_000,
        tenureMonths: 6,
        fee: 30_000,
      },
    });
    expect(amended).toMatchObject({
      status: 'new',
      amount: 1_500_000,
      tenureMonths: 6,
      fee: 30_000,
      version: 2,
    });
  });

  it('refuses a stream that does not begin with its start', () => {
    const submitted = { loanId: LOAN_ID, at: at(1), actor: BORROWER };
    expect(() => evolve(initialLoanState, { type: 'LoanApplicationSubmitted', data: submitted })).toThrow(
      /does not begin with LoanApplicationStarted/,
    );
  });
});
