import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../platform/database/schema.js';

/** Queues of DESIGN §4: a state, or a gate's "approved" list (every loan that passed it, wherever it is now). */
export const STATE_QUEUES = ['new', 'applied', 'soft.pending', 'bank.pending', 'consent.pending', 'consent.customerpending', 'final.pending', 'disbursal.pending', 'active', 'rejected', 'cancelled'] as const;
export const APPROVED_QUEUES = { 'soft.approved': 'soft_approved_at', 'bank.approved': 'bank_approved_at', 'consent.approved': 'consent_approved_at', 'final.approved': 'final_approved_at' } as const;
export const LOAN_QUEUES = [...STATE_QUEUES.slice(0, 3), 'soft.approved', 'bank.pending', 'bank.approved', 'consent.pending', 'consent.customerpending', 'consent.approved', 'final.pending', 'final.approved', 'disbursal.pending', 'active', 'rejected', 'cancelled'] as const;
export type LoanQueue = (typeof LOAN_QUEUES)[number];

export const isLoanQueue = (value: unknown): value is LoanQueue => typeof value === 'string' && (LOAN_QUEUES as readonly string[]).includes(value);

export function queueCondition(queue: LoanQueue) {
  return (eb: ExpressionBuilder<Database, 'loan_summaries'>) =>
    queue in APPROVED_QUEUES ? eb(APPROVED_QUEUES[queue as keyof typeof APPROVED_QUEUES], 'is not', null) : eb('state', '=', queue);
}

