import { AlreadyDecided, BooksRefused, NotFound, SamePerson } from './accounting.errors.js';

/**
 * Accounting periods (issue 31 item 3), one stream `accounting-periods`: a close of every date up to the end of a month
 * is asked for by one person and approved by another (accounting.close). Once closed, nothing is posted on those dates:
 * a manual entry dated there is refused, and a loan event dated there posts on the first open day (postingDate).
 */
export const PERIODS_STREAM = 'accounting-periods';

export type PeriodCloseRequested = {
  type: 'AccountingPeriodCloseRequested';
  data: { requestId: string; through: string; by: string; at: string };
};
/** Every date up to `through` is closed. */
export type PeriodClosed = {
  type: 'AccountingPeriodClosed';
  data: { requestId: string; through: string; requestedBy: string; by: string; at: string };
};
export type PeriodCloseRejected = {
  type: 'AccountingPeriodCloseRejected';
  data: { requestId: string; through: string; reason: string; by: string; at: string };
};
export type PeriodEvent = PeriodCloseRequested | PeriodClosed | PeriodCloseRejected;
export const PERIOD_EVENT_TYPES = ['AccountingPeriodCloseRequested', 'AccountingPeriodClosed', 'AccountingPeriodCloseRejected'] as const;

export type PeriodsState = {
  /** The last closed date (YYYY-MM-DD), or null while nothing is closed. */
  closedThrough: string | null;
  pending: { requestId: string; through: string; by: string } | null;
};
export const NO_PERIODS: PeriodsState = { closedThrough: null, pending: null };

export function evolvePeriods(state: PeriodsState, event: PeriodEvent): PeriodsState {
  switch (event.type) {
    case 'AccountingPeriodCloseRequested':
      return { ...state, pending: { requestId: event.data.requestId, through: event.data.through, by: event.data.by } };
    case 'AccountingPeriodClosed':
      return { closedThrough: maxDate(state.closedThrough, event.data.through), pending: null };
    case 'AccountingPeriodCloseRejected':
      return { ...state, pending: null };
  }
}

const maxDate = (a: string | null, b: string) => (a !== null && a > b ? a : b);

/** The last day of a month `YYYY-MM`. */
export function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The day after a date. */
export function dayAfter(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Where an entry of `valueDate` is posted: on its date while open, else on the first open day. */
export function postingDate(valueDate: string, closedThrough: string | null): string {
  return closedThrough !== null && valueDate <= closedThrough ? dayAfter(closedThrough) : valueDate;
}

/** A period close as the log has it: where it stands in the log's order (transaction, then position) and its last date. */
export type LoggedClose = { transactionId: bigint; position: number; through: string };

/**
 * The last date closed before an event, in the log's order (transaction id, then global position: the order a replay
 * reads, whatever partition replays the event), or null. A close that comes after the event in that order does not
 * move it: what was posted stays posted.
 */
export function closedThroughBefore(closes: readonly LoggedClose[], at: { transactionId: bigint; position: number }): string | null {
  let through: string | null = null;
  for (const close of closes) {
    const before = close.transactionId < at.transactionId || (close.transactionId === at.transactionId && close.position < at.position);
    if (before && (through === null || close.through > through)) through = close.through;
  }
  return through;
}

export type PeriodCommand =
  | { type: 'RequestClose'; requestId: string; month: string; by: string; at: string; businessDate: string }
  | { type: 'ApproveClose'; requestId: string; by: string; at: string }
  | { type: 'RejectClose'; requestId: string; reason: string; by: string; at: string };

/**
 * A close is of a whole month that has ended (its last day before the business date) and later than what is closed;
 * one request waits at a time; its approver or rejecter is not the one who asked.
 */
export function decidePeriods(state: PeriodsState, command: PeriodCommand): PeriodEvent[] {
  switch (command.type) {
    case 'RequestClose': {
      const through = monthEnd(command.month);
      if (state.closedThrough !== null && through <= state.closedThrough)
        throw new BooksRefused([{ name: 'month', message: `${command.month} is closed already (closed through ${state.closedThrough})` }]);
      if (through >= command.businessDate)
        throw new BooksRefused([{ name: 'month', message: `${command.month} has not ended (business date ${command.businessDate})` }]);
      if (state.pending)
        throw new AlreadyDecided(`A close through ${state.pending.through} is waiting for approval; approve or reject it first.`);
      return [{ type: 'AccountingPeriodCloseRequested', data: { requestId: command.requestId, through, by: command.by, at: command.at } }];
    }
    case 'ApproveClose':
    case 'RejectClose': {
      const pending = state.pending;
      if (!pending || pending.requestId !== command.requestId) throw new NotFound(`pending close request ${command.requestId}`);
      if (pending.by === command.by) throw new SamePerson('asked for this close');
      if (command.type === 'RejectClose')
        return [
          {
            type: 'AccountingPeriodCloseRejected',
            data: { requestId: pending.requestId, through: pending.through, reason: command.reason, by: command.by, at: command.at },
          },
        ];
      return [
        {
          type: 'AccountingPeriodClosed',
          data: { requestId: pending.requestId, through: pending.through, requestedBy: pending.by, by: command.by, at: command.at },
        },
      ];
    }
  }
}
