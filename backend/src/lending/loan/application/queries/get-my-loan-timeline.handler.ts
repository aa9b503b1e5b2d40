import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '../../../../platform/event-store/event-store.port.js';
import { COLLECTION_WORK_EVENT_TYPES } from '../../../collections/domain/collection-work.events.js';
import type { ReminderEvent } from '../../../collections/domain/reminder.events.js';
import { LoanNotFound } from '../../domain/loan.errors.js';
import { evolve, initialLoanState } from '../../domain/loan.state.js';
import type { Actor } from '../../domain/loan.types.js';
import { loanStream, toLoanEvent } from '../loan-command-executor.js';

export class GetMyLoanTimelineQuery {
  constructor(
    readonly loanId: string,
    readonly viewer: Actor,
  ) {}
}

/** Events whose reason the borrower is told: why the loan ended. Staff notes on other steps stay internal. */
const REASON_SHOWN = new Set(['LoanRejected', 'LoanApplicationCancelled']);

/**
 * The lender's own collections work (who was assigned, contact notes) is not part of the borrower's timeline, nor a
 * reminder that was skipped (nothing reached the borrower). A reminder sent to the borrower is (CollectionReminderSent).
 */
const INTERNAL: ReadonlySet<string> = new Set([
  ...COLLECTION_WORK_EVENT_TYPES,
  'CollectionReminderSkipped' satisfies ReminderEvent['type'],
]);

/**
 * The borrower's view of their loan's history: what happened and when, from the log. Unlike the staff history it
 * names no staff member, carries no event data (scores, notes) and shows another borrower's loan as missing.
 */
@QueryHandler(GetMyLoanTimelineQuery)
export class GetMyLoanTimelineHandler implements IQueryHandler<GetMyLoanTimelineQuery> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ loanId, viewer }: GetMyLoanTimelineQuery) {
    const events = await this.store.readStream(loanStream(loanId));
    let state = initialLoanState;
    const entries = events.map((e) => {
      state = evolve(state, toLoanEvent(e));
      const data = e.data as { actor?: Actor; reason?: string; at?: string };
      return {
        position: e.position,
        type: e.type,
        stateAfter: state.status,
        at: data.at ?? e.recordedAt.toISOString(),
        by: data.actor?.role === 'borrower' ? ('you' as const) : ('lender' as const),
        reason: REASON_SHOWN.has(e.type) ? (data.reason ?? null) : null,
      };
    });
    if (state.status === 'none' || state.borrowerId !== viewer.id) throw new LoanNotFound(loanId);
    return entries.filter((entry) => !INTERNAL.has(entry.type));
  }
}
