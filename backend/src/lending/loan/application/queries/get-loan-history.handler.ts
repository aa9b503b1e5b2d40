import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '../../../../platform/event-store/event-store.port.js';
import { LoanNotFound } from '../../domain/loan.errors.js';
import { evolve, initialLoanState } from '../../domain/loan.state.js';
import { loanStream, toLoanEvent } from '../loan-command-executor.js';

export class GetLoanHistoryQuery {
  constructor(readonly loanId: string) {}
}

/** The loan's events straight from the log, each with the state it left the loan in: what an auditor replays. */
@QueryHandler(GetLoanHistoryQuery)
export class GetLoanHistoryHandler implements IQueryHandler<GetLoanHistoryQuery> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ loanId }: GetLoanHistoryQuery) {
    const events = await this.store.readStream(loanStream(loanId));
    if (events.length === 0) throw new LoanNotFound(loanId);
    let state = initialLoanState;
    return events.map((e) => {
      state = evolve(state, toLoanEvent(e));
      const data = e.data as { actor?: unknown; reason?: string; at?: string };
      return {
        position: e.position,
        version: e.version,
        type: e.type,
        data: e.data,
        actor: data.actor ?? e.metadata.actor ?? null,
        reason: data.reason ?? null,
        at: data.at ?? null,
        recordedAt: e.recordedAt.toISOString(),
        stateAfter: state.status,
      };
    });
  }
}
