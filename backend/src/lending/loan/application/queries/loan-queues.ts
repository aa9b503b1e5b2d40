import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../../../platform/database/schema.js';

/** The read-model column that records when a loan passed each gate. */
export const APPROVED_QUEUES = {
  'soft.approved': 'soft_approved_at',
  'bank.approved': 'bank_approved_at',
  'consent.approved': 'consent_approved_at',
  'final.approved': 'final_approved_at',
} as const;

/**
 * Queues of DESIGN §4, in pipeline order: a state lists the loans in it; a gate's "approved" list shows every loan
 * that passed that gate, wherever it is now (the hand-over record between teams).
 */
export const LOAN_QUEUES = [
  'new',
  'applied',
  'soft.pending',
  'soft.approved',
  'bank.pending',
  'bank.approved',
  'consent.pending',
  'consent.customerpending',
  'consent.approved',
  'final.pending',
  'final.approved',
  'disbursal.pending',
  'active',
  'closed',
  'rejected',
  'cancelled',
  'settled',
  'writtenOff',
] as const;
export type LoanQueue = (typeof LOAN_QUEUES)[number];

/** The queues that list the loans in one state (the others are the gates' approved lists). */
export const STATE_QUEUES = LOAN_QUEUES.filter((q) => !(q in APPROVED_QUEUES));

/** The gate column that is never null in `queue` (an approved list), if any. */
export function gateColumnOf(queue: LoanQueue | undefined): string | undefined {
  return queue && queue in APPROVED_QUEUES ? APPROVED_QUEUES[queue as keyof typeof APPROVED_QUEUES] : undefined;
}

export function queueCondition(queue: LoanQueue) {
  return (eb: ExpressionBuilder<Database, 'loan_summaries'>) =>
    queue in APPROVED_QUEUES ? eb(APPROVED_QUEUES[queue as keyof typeof APPROVED_QUEUES], 'is not', null) : eb('state', '=', queue);
}
