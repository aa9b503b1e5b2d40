import type { LoanEvent } from '../loan/domain/loan.events.js';

export type { LoanEvent };

/** The name of a loan event: a published type is never renamed (a new version and an upcaster instead). */
export type LoanEventType = LoanEvent['type'];

/**
 * A loan's events as another context follows them (communications' loan contacts, emails and pushes): a platform
 * projection or subscription declares the LoanEventTypes it needs and reads each event it is given as a LoanEvent.
 */
export function loanEventOf(event: { type: string; data: Record<string, unknown> }): LoanEvent {
  return { type: event.type, data: event.data } as LoanEvent;
}
