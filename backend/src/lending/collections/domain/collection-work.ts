import { assertNever } from '../../loan/domain/assert-never.js';
import { addDays, isIsoDate } from '../../loan/domain/calendar.js';
import { FieldProblems } from '../../loan/domain/loan-input.validation.js';
import { IllegalTransition, LoanDomainError } from '../../loan/domain/loan.errors.js';
import type { LoanMessageBase, LoanStatus } from '../../loan/domain/loan.types.js';
import {
  CONTACT_CHANNELS,
  CONTACT_OUTCOMES,
  type CollectionContactRecorded,
  type CollectionWorkEvent,
  type BorrowerTold,
  type CollectorAssigned,
  type ContactChannel,
  type ContactOutcome,
} from './collection-work.events.js';

/** How far ahead a promise to pay may be made, in days from the business date. */
export const MAX_PROMISE_DAYS = 30;
export const MAX_CONTACT_NOTE_LENGTH = 2_000;

/** Give the loan to a collector (`staffId`), or take it back (null). Who may be assigned is checked before. */
export type AssignCollector = { type: 'AssignCollector'; data: LoanMessageBase & { staffId: string | null; borrowerTold?: BorrowerTold } };

/**
 * Record a contact attempt with the borrower on the business date. `mayWorkAnyLoan` is the outside fact whether the
 * actor may record on a loan not assigned to them (collections.manage).
 */
export type RecordCollectionContact = {
  type: 'RecordCollectionContact';
  data: LoanMessageBase & {
    channel: ContactChannel;
    outcome: ContactOutcome;
    note: string;
    promiseToPayOn?: string;
    businessDate: string;
    mayWorkAnyLoan: boolean;
  };
};

/** No collection row has this id (`inst:<loanId>:<n>`, `loan:<loanId>`, `pay:<paymentId>`). */
export class CollectionRowNotFound extends LoanDomainError {
  readonly code = 'COLLECTIONS.ROW_NOT_FOUND';
  readonly kind = 'not-found';
  constructor(id: string) {
    super(`No collection row ${id}`, { id });
  }
}

/**
 * A bucket's detail page opens only the rows of that bucket: asked for a row through a bucket it is not in, the answer
 * says which buckets it is in now (possibly none: paid long ago, a payment verified), so the page can link there.
 */
export class CollectionRowNotInBucket extends LoanDomainError {
  readonly code = 'COLLECTIONS.NOT_IN_BUCKET';
  readonly kind = 'not-found';
  override readonly title = 'Not in this bucket';
  constructor(id: string, bucket: string, buckets: readonly string[]) {
    super(
      buckets.length === 0
        ? `${id} is not in ${bucket}, nor in any other bucket now.`
        : `${id} is not in ${bucket} at the business date; it is in ${buckets.join(', ')}.`,
      { id, bucket, buckets: [...buckets] },
    );
  }
}

/** A collector records contacts on the loans assigned to them; working any other loan takes collections.manage. */
export class NotTheAssignee extends LoanDomainError {
  readonly code = 'COLLECTIONS.NOT_ASSIGNEE';
  readonly kind = 'forbidden';
  constructor(loanId: string, assignedTo: string | null) {
    super(`Loan ${loanId} is not assigned to you: only its collector, or staff with collections.manage, record contacts on it`, {
      loanId,
      assignedTo,
    });
  }
}

export type CollectionWorkCommand = AssignCollector | RecordCollectionContact;

export const isCollectionWorkCommand = (command: { type: string }): command is CollectionWorkCommand =>
  command.type === 'AssignCollector' || command.type === 'RecordCollectionContact';

/** Who works the loan and the promise to pay they last noted (with the business date it was made on). */
export type CollectorState = { staffId: string | null; promise: { on: string; madeOn: string } | null };

/** What collections work reads of a loan (its record, without importing it: the record holds this state). */
type WorkedLoan = { status: LoanStatus; collector?: CollectorState };

/** Only a loan being serviced (paid out, not closed) is worked in collections. */
function requireServicing(loan: WorkedLoan, action: string): void {
  if (loan.status !== 'active') throw new IllegalTransition(loan.status, action, []);
}

export function decideCollectionWork(command: CollectionWorkCommand, loan: WorkedLoan): CollectionWorkEvent[] {
  const { loanId, at, actor, reason } = command.data;
  const base = { loanId, at, actor, ...(reason !== undefined ? { reason } : {}) };
  switch (command.type) {
    case 'AssignCollector': {
      requireServicing(loan, 'assign a collector to');
      const staffId = command.data.staffId;
      if ((loan.collector?.staffId ?? null) === staffId) return [];
      const { borrowerTold } = command.data;
      const assigned: CollectorAssigned = {
        type: 'CollectorAssigned',
        data: { ...base, staffId, by: actor.id, ...(borrowerTold !== undefined ? { borrowerTold } : {}) },
      };
      return [assigned];
    }
    case 'RecordCollectionContact': {
      requireServicing(loan, 'record a collection contact on');
      const { channel, outcome, note, promiseToPayOn, businessDate, mayWorkAnyLoan } = command.data;
      const assignedTo = loan.collector?.staffId ?? null;
      if (!mayWorkAnyLoan && assignedTo !== actor.id) throw new NotTheAssignee(loanId, assignedTo);
      validateContact(command.data);
      const recorded: CollectionContactRecorded = {
        type: 'CollectionContactRecorded',
        data: {
          ...base,
          channel,
          outcome,
          note: note.trim(),
          ...(promiseToPayOn !== undefined ? { promiseToPayOn } : {}),
          businessDate,
          by: actor.id,
        },
      };
      return [recorded];
    }
    default:
      return assertNever(command, 'collection work command');
  }
}

function validateContact({ channel, outcome, note, promiseToPayOn, businessDate }: RecordCollectionContact['data']): void {
  const problems = new FieldProblems();
  if (!CONTACT_CHANNELS.includes(channel)) problems.add('channel', `channel must be one of ${CONTACT_CHANNELS.join(', ')}`);
  if (!CONTACT_OUTCOMES.includes(outcome)) problems.add('outcome', `outcome must be one of ${CONTACT_OUTCOMES.join(', ')}`);
  if (typeof note !== 'string' || note.length > MAX_CONTACT_NOTE_LENGTH)
    problems.add('note', `note must be text of at most ${MAX_CONTACT_NOTE_LENGTH} characters`);
  if (outcome === 'promised-to-pay') {
    const latest = addDays(businessDate, MAX_PROMISE_DAYS);
    if (promiseToPayOn === undefined) problems.add('promiseToPayOn', 'promiseToPayOn is required when the outcome is promised-to-pay');
    else if (!isIsoDate(promiseToPayOn)) problems.add('promiseToPayOn', 'promiseToPayOn must be a date (YYYY-MM-DD)');
    else if (promiseToPayOn < businessDate)
      problems.add('promiseToPayOn', `promiseToPayOn must not be before the business date (${businessDate})`);
    else if (promiseToPayOn > latest)
      problems.add('promiseToPayOn', `promiseToPayOn must be within ${MAX_PROMISE_DAYS} days of the business date (by ${latest})`);
  } else if (promiseToPayOn !== undefined) {
    problems.add('promiseToPayOn', 'promiseToPayOn is only for the outcome promised-to-pay');
  }
  problems.throwIfAny();
}

/** Who works the loan, and the promise to pay last noted (a later contact without one keeps it). */
export function evolveCollectionWork<Loan extends { collector?: CollectorState }>(loan: Loan, event: CollectionWorkEvent): Loan {
  const current: CollectorState = loan.collector ?? { staffId: null, promise: null };
  switch (event.type) {
    case 'CollectorAssigned':
      return { ...loan, collector: { ...current, staffId: event.data.staffId } };
    case 'CollectionContactRecorded': {
      const { promiseToPayOn, businessDate } = event.data;
      return {
        ...loan,
        collector: { ...current, promise: promiseToPayOn !== undefined ? { on: promiseToPayOn, madeOn: businessDate } : current.promise },
      };
    }
    default:
      return assertNever(event, 'collection work event');
  }
}
