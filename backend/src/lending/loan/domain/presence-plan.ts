/**
 * Our reading of the spec's `users/{userId}/plans/{planId}` (docs/borrower-portal.md, "Presence plans"): a plan is
 * one of the borrower's loans seen as what they are to repay. Before disbursal it is the offer on the table (the
 * approved terms, once an agreement is issued), after it the repayment plan (the schedule with what is paid). Pure.
 */
export type PlanKind = 'application' | 'offer' | 'repayment' | 'finished';

const OFFER_STATES = new Set(['consent.customerpending', 'final.pending', 'disbursal.pending']);
const FINISHED_STATES = new Set(['closed', 'settled', 'writtenOff', 'rejected', 'cancelled']);

export function planKindOf(state: string): PlanKind {
  if (state === 'active') return 'repayment';
  if (OFFER_STATES.has(state)) return 'offer';
  if (FINISHED_STATES.has(state)) return 'finished';
  return 'application';
}

export type PlanInstalment = { number: number; dueDate: string; amount: number; paid: number; status: string };

/** The first instalment with money still owed, or null when none is. */
export function nextDueOf(instalments: readonly PlanInstalment[]): PlanInstalment | null {
  return instalments.find((i) => i.paid < i.amount) ?? null;
}
