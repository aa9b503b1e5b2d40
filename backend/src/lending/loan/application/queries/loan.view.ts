import { allowedActions } from '../../domain/loan-actions.js';
import type { LoanRecord } from '../../domain/loan.state.js';

/**
 * What staff see of a loan (/api/admin/loans*): an allow-list built from the domain state, so a new field of the
 * state is not published by accident. Money is integer minor units; `state` is spelt as in DESIGN §4. Borrowers
 * never get this view (it names staff and carries their notes): they get `borrowerLoanView`.
 */
/**
 * The loan's terms, which staff and the borrower both see, but its id: each view is `{ id, ...loanTermsView(...),
 * its own fields }`. The id is named first so that the literal does not begin with a spread (28 µs an answer that way
 * on Node 20), and the view's fields are not added by Object.assign (too many: the answer would be a dictionary)
 * (docs/architecture.md, "Objects on the hot paths").
 */
export function loanTermsView(loan: LoanRecord, currency: string) {
  return {
    type: loan.loanType,
    state: loan.status,
    borrowerId: loan.borrowerId,
    amount: loan.amount,
    approvedAmount: loan.approvedAmount ?? null,
    principal: loan.approvedAmount ?? loan.amount,
    tenureMonths: loan.tenureMonths,
    annualRatePercent: loan.annualRatePercent,
    fee: loan.fee,
    currency,
    payDayOfMonth: loan.payDayOfMonth ?? null,
    /** The product version the loan pinned; null for loans started before products were data. */
    product: loan.product
      ? { id: loan.product.id, version: loan.product.version, code: loan.product.terms.code, name: loan.product.terms.name }
      : null,
  };
}

export function loanView(loan: LoanRecord, currency: string) {
  return {
    id: loan.id,
    ...loanTermsView(loan, currency),
    score: loan.score ?? null,
    bankAccountLast4: loan.bankAccountLast4 ?? null,
    bankVerification: loan.bankVerification
      ? {
          method: loan.bankVerification.method,
          ifsc: loan.bankVerification.ifsc ?? null,
          reference: loan.bankVerification.reference ?? null,
        }
      : null,
    agreement: loan.agreement
      ? { documentHash: loan.agreement.documentHash, issuedAt: loan.agreement.issuedAt, terms: loan.agreement.terms }
      : null,
    signedAt: loan.signedAt ?? null,
    payoutReference: loan.payoutReference ?? null,
    disbursedOn: loan.disbursedOn ?? null,
    dpd: loan.collections?.dpd ?? 0,
    classification: loan.collections?.classification ?? 'standard',
    schedule: loan.schedule ?? null,
    createdAt: loan.createdAt,
    updatedAt: loan.updatedAt,
    lastActor: loan.lastActor,
    lastReason: loan.lastReason ?? null,
    approvals: loan.passed,
    version: loan.version,
    allowedActions: allowedActions(loan.status, 'staff'),
  };
}

export type LoanView = ReturnType<typeof loanView>;
