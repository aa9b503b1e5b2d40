import type { Loan, LoanState, LoanType } from '../api/loans';
import { NEW_LOAN_SEGMENT } from './products';

/** The steps of the application flow (spec §4 "Borrower application") and the loan states each one serves. */
export type Step = 'Step0' | 'Step1' | 'Step5' | 'Step6' | 'Step7';

const IN_REVIEW: LoanState[] = ['applied', 'soft.pending', 'bank.pending', 'consent.pending', 'final.pending', 'disbursal.pending'];

const STEP_STATES: Record<Step, LoanState[]> = {
  Step0: ['new'],
  Step1: ['new'],
  Step5: ['consent.customerpending'],
  Step6: ['consent.customerpending'],
  Step7: IN_REVIEW,
};

export const newLoanBase = (type: LoanType, id: string) => `/User/newLoan/${NEW_LOAN_SEGMENT[type]}/${id}`;

/** Where a loan in this state continues: its step in the flow, or its page once the flow is over. */
export function resumePath(loan: Pick<Loan, 'id' | 'type' | 'state'>): string {
  const base = newLoanBase(loan.type, loan.id);
  if (loan.state === 'new') return `${base}/Step0`;
  if (loan.state === 'consent.customerpending') return `${base}/Step5`;
  if (IN_REVIEW.includes(loan.state)) return `${base}/Step7`;
  return `/User/Loans/${loan.id}`;
}

/** null when the step (of this loan type's flow) fits the loan, else where to go instead. */
export function redirectForStep(loan: Pick<Loan, 'id' | 'type' | 'state'>, step: Step, urlType: LoanType): string | null {
  if (urlType !== loan.type) return resumePath(loan);
  return STEP_STATES[step].includes(loan.state) ? null : resumePath(loan);
}

/** The borrower may still walk away. */
export const canCancel = (loan: Pick<Loan, 'allowedActions'>) => loan.allowedActions.includes('cancel');
