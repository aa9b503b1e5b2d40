import type { Db } from '../../../platform/database/database.js';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { Subscription } from '../../../platform/subscriptions/subscription.js';

const CAUSES: Record<string, string> = {
  LoanClosed: 'loan-closed',
  LoanSettled: 'loan-settled',
  LoanWrittenOff: 'loan-written-off',
  LoanExitedInCoolingOff: 'cooling-off-exit',
};

/**
 * The mandate ends with the loan: when a loan closes, settles, is written off or is exited in the cooling-off period,
 * its open mandate is cancelled (recorded, then cancelled at the provider), so nothing more is presented. Idempotent: a cancelled mandate is not open any more, and the decider
 * appends nothing for a repeat.
 */
export function mandateClosureSubscription(
  db: Db,
  cancel: (loanId: string, mandateId: string, cause: string) => Promise<void>,
): Subscription {
  return {
    name: 'mandate-closure',
    eventTypes: Object.keys(CAUSES),
    async handle(events: RecordedEvent[]): Promise<void> {
      for (const event of events) {
        const loanId = event.streamId.slice('loan-'.length);
        const open = await db
          .selectFrom('mandates')
          .select('id')
          .where('loan_id', '=', loanId)
          .where('status', 'in', ['pending', 'active', 'paused'])
          .execute();
        for (const { id } of open) await cancel(loanId, id, CAUSES[event.type]!);
      }
    },
  };
}
