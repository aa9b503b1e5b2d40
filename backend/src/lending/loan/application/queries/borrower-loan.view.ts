import { allowedActions } from '../../domain/loan-actions.js';
import { loanTermsView } from './loan.view.js';
import type { LoanRecord } from '../../domain/loan.state.js';
import type { GatePassage, LoanGate } from '../../../pipeline/domain/pipeline.state.js';
import type { LoanStatus } from '../../domain/loan.types.js';

/**
 * What a borrower sees of their own loan (every /api/me/loans* answer): an explicit allow-list, field by field and
 * nested objects included, never the staff view minus some fields. So a field added to the loan's state or to the
 * staff view later stays internal until someone adds it here on purpose.
 *
 * Never shown: who on the staff did anything (ids, roles of staff on gates), staff notes (`reason` on accept,
 * approvals, issue, disbursal), the credit score. The one note shown is the reason a loan ended, on a rejected or
 * cancelled loan: the lender's rejection reason or the borrower's own cancellation reason.
 */
export const ENDED_WITH_REASON: readonly LoanStatus[] = ['rejected', 'cancelled'];

const when = (passage: GatePassage | undefined) => (passage ? { at: passage.at } : undefined);

export function borrowerLoanView(loan: LoanRecord, currency: string) {
  const gates = (['soft', 'bank', 'consent', 'final'] as const satisfies readonly LoanGate[]).filter((g) => loan.passed[g]);
  const terms = loan.agreement?.terms;
  // The id first, then the terms: loanTermsView says why.
  return {
    id: loan.id,
    ...loanTermsView(loan, currency),
    bankAccountLast4: loan.bankAccountLast4 ?? null,
    agreement:
      loan.agreement && terms
        ? {
            documentHash: loan.agreement.documentHash,
            issuedAt: loan.agreement.issuedAt,
            terms: {
              principal: terms.principal,
              annualRatePercent: terms.annualRatePercent,
              tenureMonths: terms.tenureMonths,
              fee: terms.fee,
              instalmentAmount: terms.instalmentAmount,
              totalInterest: terms.totalInterest,
              totalPayable: terms.totalPayable,
              currency: terms.currency,
            },
          }
        : null,
    signedAt: loan.signedAt ?? null,
    payoutReference: loan.payoutReference ?? null,
    disbursedOn: loan.disbursedOn ?? null,
    schedule:
      loan.schedule?.map((l) => ({
        number: l.number,
        dueDate: l.dueDate,
        principal: l.principal,
        interest: l.interest,
        balance: l.balance,
      })) ?? null,
    createdAt: loan.createdAt,
    updatedAt: loan.updatedAt,
    reason: ENDED_WITH_REASON.includes(loan.status) ? (loan.lastReason ?? null) : null,
    approvals: Object.fromEntries(gates.map((g) => [g, when(loan.passed[g])])) as Partial<Record<LoanGate, { at: string }>>,
    version: loan.version,
    allowedActions: allowedActions(loan.status, 'borrower'),
  };
}

export type BorrowerLoanView = ReturnType<typeof borrowerLoanView>;
