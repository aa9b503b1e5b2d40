import type { LoanEvent } from './loan.events.js';
import { LOAN_STATES } from './loan.types.js';
import type { Actor, AgreementTerms, LoanStatus, LoanType, ScheduleLine } from './loan.types.js';

// Hand-checkable loans for the decider and evolve specs. Amounts in paise, default params.

export const LOAN_ID = 'loan-1';
export const BORROWER: Actor = { id: 'borrower-1', role: 'borrower' };
export const STAFF: Actor = { id: 'staff-1', role: 'staff' };
export const DOCUMENT_HASH = 'a'.repeat(64);

/** Business time of step n of a history: one day apart, so each step is recognisable. */
export function at(step: number): string {
  return `2026-01-${String(step).padStart(2, '0')}T09:00:00.000Z`;
}

type LoanFixture = {
  requested: number;
  requestedFee: number;
  tenureMonths: number;
  annualRatePercent: number;
  payDayOfMonth?: number;
  approved: number;
  approvedFee: number;
  terms: AgreementTerms;
  disbursedOn: string;
  schedule: ScheduleLine[];
};

export const FIXTURES: Record<LoanType, LoanFixture> = {
  // 12,000.00 requested, 10,000.00 approved for 3 months at 18%: r = 0.015,
  // EMI = 1,000,000 × 0.015 × 1.015³ / (1.015³ − 1) = 343,382.9 → 343,383.
  // Interest 15,000 then 671,617 × 0.015 = 10,074.3 → 10,074, then 338,308 × 0.015 =
  // 5,074.6 → 5,075; the last instalment repays the remaining 338,308.
  // Fee 2%: 24,000 on the request, 20,000 on the approved amount.
  EMI: {
    requested: 1_200_000,
    requestedFee: 24_000,
    tenureMonths: 3,
    annualRatePercent: 18,
    approved: 1_000_000,
    approvedFee: 20_000,
    terms: {
      principal: 1_000_000,
      annualRatePercent: 18,
      tenureMonths: 3,
      fee: 20_000,
      instalmentAmount: 343_383,
      totalInterest: 30_149,
      totalPayable: 1_050_149,
      currency: 'INR',
    },
    // Paid out on Jan 31: due dates stay anchored on the 31st, clamped in short months.
    disbursedOn: '2026-01-31',
    schedule: [
      { number: 1, dueDate: '2026-02-28', principal: 328_383, interest: 15_000, balance: 671_617 },
      { number: 2, dueDate: '2026-03-31', principal: 333_309, interest: 10_074, balance: 338_308 },
      { number: 3, dueDate: '2026-04-30', principal: 338_308, interest: 5_075, balance: 0 },
    ],
  },
  // 25,000.00 requested, 20,000.00 approved; flat fee 5%: 125,000 then 100,000.
  // Paid out on Mar 1 with pay day 5: Mar 5 is 4 days away (< 7), so Apr 5.
  salaryAdvance: {
    requested: 2_500_000,
    requestedFee: 125_000,
    tenureMonths: 1,
    annualRatePercent: 0,
    payDayOfMonth: 5,
    approved: 2_000_000,
    approvedFee: 100_000,
    terms: {
      principal: 2_000_000,
      annualRatePercent: 0,
      tenureMonths: 1,
      fee: 100_000,
      instalmentAmount: 2_100_000,
      totalInterest: 0,
      totalPayable: 2_100_000,
      currency: 'INR',
    },
    disbursedOn: '2026-03-01',
    schedule: [{ number: 1, dueDate: '2026-04-05', principal: 2_000_000, interest: 100_000, balance: 0 }],
  },
};

function base(step: number, actor: Actor) {
  return { loanId: LOAN_ID, at: at(step), actor };
}

/** The whole pipeline from start to payout, one event per step, in order. */
export function happyPath(loanType: LoanType): LoanEvent[] {
  const f = FIXTURES[loanType];
  return [
    {
      type: 'LoanApplicationStarted',
      data: {
        ...base(1, BORROWER),
        borrowerId: BORROWER.id,
        loanType,
        amount: f.requested,
        tenureMonths: f.tenureMonths,
        annualRatePercent: f.annualRatePercent,
        fee: f.requestedFee,
        ...(f.payDayOfMonth !== undefined && { payDayOfMonth: f.payDayOfMonth }),
      },
    },
    { type: 'LoanApplicationSubmitted', data: base(2, BORROWER) },
    { type: 'LoanApplicationAccepted', data: base(3, STAFF) },
    {
      type: 'SoftCheckApproved',
      data: { ...base(4, STAFF), score: 720, approvedAmount: f.approved, fee: f.approvedFee },
    },
    { type: 'BankVerificationApproved', data: { ...base(5, STAFF), bankAccountLast4: '4321' } },
    {
      type: 'AgreementIssued',
      data: { ...base(6, STAFF), documentHash: DOCUMENT_HASH, terms: f.terms },
    },
    { type: 'AgreementSigned', data: { ...base(7, BORROWER), documentHash: DOCUMENT_HASH } },
    { type: 'FinalApprovalGranted', data: base(8, STAFF) },
    {
      type: 'LoanDisbursed',
      data: {
        ...base(9, STAFF),
        payoutReference: 'PAYOUT-1',
        disbursedOn: f.disbursedOn,
        schedule: f.schedule,
      },
    },
  ];
}

// The happy path visits the states in the order LOAN_STATES lists them, up to active.
const PIPELINE = LOAN_STATES.slice(0, LOAN_STATES.indexOf('active') + 1);

/** Events that bring a loan of this type into this status. */
export function historyTo(status: LoanStatus, loanType: LoanType): LoanEvent[] {
  if (status === 'rejected') {
    return [
      ...historyTo('soft.pending', loanType),
      {
        type: 'LoanRejected',
        data: {
          ...base(4, STAFF),
          reason: 'Score too low',
          fromState: 'soft.pending',
        },
      },
    ];
  }
  if (status === 'cancelled') {
    return [
      ...historyTo('applied', loanType),
      {
        type: 'LoanApplicationCancelled',
        data: {
          ...base(3, BORROWER),
          reason: 'No longer needed',
          fromState: 'applied',
        },
      },
    ];
  }
  if (status === 'closed') {
    // Paid off on the day of payout: principal and the fee, no interest yet.
    const f = FIXTURES[loanType];
    const paidOff = f.approved + f.approvedFee;
    return [
      ...happyPath(loanType),
      {
        type: 'RepaymentApplied',
        data: { ...base(10, STAFF), paymentId: 'payment-1', amount: paidOff, valueDate: f.disbursedOn, method: 'cash' },
      },
      { type: 'LoanClosed', data: { ...base(10, STAFF), closedOn: f.disbursedOn } },
    ];
  }
  if (status === 'settled' || status === 'writtenOff') {
    // Issue 13 item 5: settled by an approved offer of the principal paid on the payout day; or written off then.
    const f = FIXTURES[loanType];
    const checker: Actor = { id: 'staff-2', role: 'staff' };
    const owed = { principal: 0, interest: 0, fees: f.approvedFee, penalties: 0, total: f.approvedFee };
    if (status === 'writtenOff') {
      const outstanding = { principal: f.approved, interest: 0, fees: f.approvedFee, penalties: 0, total: f.approved + f.approvedFee };
      return [
        ...happyPath(loanType),
        { type: 'WriteOffRequested', data: { ...base(10, STAFF), reason: 'Borrower unreachable', by: STAFF.id } },
        { type: 'WriteOffApproved', data: { ...base(11, checker), by: checker.id } },
        { type: 'LoanWrittenOff', data: { ...base(11, checker), outstanding, on: f.disbursedOn } },
      ];
    }
    return [
      ...happyPath(loanType),
      {
        type: 'SettlementOffered',
        data: { ...base(10, STAFF), offerId: 'offer-1', amount: f.approved, validUntil: f.disbursedOn, reason: 'Hardship', by: STAFF.id },
      },
      { type: 'SettlementOfferApproved', data: { ...base(10, checker), offerId: 'offer-1', by: checker.id } },
      {
        type: 'RepaymentApplied',
        data: { ...base(10, STAFF), paymentId: 'payment-1', amount: f.approved, valueDate: f.disbursedOn, method: 'cash' },
      },
      { type: 'LoanSettled', data: { ...base(10, STAFF), offerId: 'offer-1', amountPaid: f.approved, waived: owed, on: f.disbursedOn } },
    ];
  }
  return happyPath(loanType).slice(0, PIPELINE.indexOf(status) + 1);
}
