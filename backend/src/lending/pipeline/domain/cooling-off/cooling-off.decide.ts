import { assertNever } from '../../../loan/domain/assert-never.js';
import { exitClosedOut } from '../../../loan/domain/schedule/close-outs.js';
import { FieldProblems } from '../../../loan/domain/loan-input.validation.js';
import { IllegalTransition, LoanDomainError, SamePerson } from '../../../loan/domain/loan.errors.js';
import type { LoanStatus, LoanMessageBase } from '../../../loan/domain/loan.types.js';
import type { ServicingEvent, ServicingTerms } from '../../../loan/domain/schedule/servicing.types.js';
import type { CoolingOffCommand } from './cooling-off.commands.js';
import type { CoolingOffEvent, LoanExitedInCoolingOff } from './cooling-off.events.js';
import {
  coolingOffExitAmount,
  coolingOffTermsFor,
  coolingOffWindow,
  isWithinWindow,
  localDayOf,
  type PinnedCoolingOff,
} from './cooling-off.rules.js';

/** pending: staff asked, a second person must approve; open: payable; exited: paid, the loan closed. */
export type CoolingOffExitStatus = 'pending' | 'open' | 'exited';

export type CoolingOffExitRecord = {
  exitId: string;
  status: CoolingOffExitStatus;
  requestedBy: string;
  requestedByRole: 'borrower' | 'staff';
  requestedAt: string;
  amount: number;
  principal: number;
  interest: number;
  fee: number;
  alreadyPaid: number;
  daysHeld: number;
  aprBasisPoints: number;
  exitOn: string;
  lastDay: string;
  deadline: string;
  approvedBy?: string;
  approvedAt?: string;
  /** The position in `servicing.events` at the request: payments from there on count towards the amount. */
  countFrom: number;
  amountPaid?: number;
  exitedOn?: string;
};

/** What of the loan the cooling-off exit reads and changes. */
type Exitable = {
  id: string;
  status: LoanStatus;
  fee: number;
  disbursedOn?: string;
  agreement?: { coolingOff?: PinnedCoolingOff };
  servicing?: { terms: ServicingTerms; events: ServicingEvent[] };
  coolingOffExit?: CoolingOffExitRecord;
  closedOn?: string;
};

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00.000Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The request came after the window: refused, with the deadline and what the borrower can do instead. */
export class CoolingOffWindowClosed extends LoanDomainError {
  readonly code = 'LOAN.COOLING_OFF_WINDOW_CLOSED';
  readonly kind = 'conflict';
  override readonly title = 'The cooling-off period is over';
  constructor(disbursedOn: string, days: number, lastDay: string, deadline: string) {
    const message =
      `The cooling-off period of ${days} day${days === 1 ? '' : 's'} from the disbursal on ${dayLabel(disbursedOn)} ended at ` +
      `23:59:59 IST on ${dayLabel(lastDay)}: the loan can no longer be exited without interest for its term. ` +
      'It can still be repaid early at any time, without a foreclosure charge.';
    super(message, { disbursedOn, coolingOffDays: days, lastDay, deadline, fields: [{ name: 'exit', message }] });
  }
}

/** An exit is already asked for (waiting for approval, or open for payment). */
export class CoolingOffExitOpen extends LoanDomainError {
  readonly code = 'LOAN.COOLING_OFF_EXIT_OPEN';
  readonly kind = 'conflict';
  constructor(exitId: string, status: CoolingOffExitStatus) {
    super(
      status === 'pending'
        ? `An exit (${exitId}) is already asked for and waits for a second person's approval.`
        : `An exit (${exitId}) is already open: pay its amount to close the loan.`,
      { exitId, status },
    );
  }
}

export class CoolingOffExitNotFound extends LoanDomainError {
  readonly code = 'LOAN.COOLING_OFF_EXIT_NOT_FOUND';
  readonly kind = 'not-found';
  constructor(loanId: string, exitId: string) {
    super(`Loan ${loanId} has no cooling-off exit ${exitId}`, { loanId, exitId });
  }
}

/** Repayments applied to the loan and not reversed, from `from` on (valued up to `lastDay` when given). */
export function repaidSince(events: readonly ServicingEvent[], from: number, lastDay?: string): number {
  const reversed = new Set(events.filter((e) => e.type === 'RepaymentReversed').map((e) => (e as { paymentId: string }).paymentId));
  return events
    .slice(from)
    .reduce(
      (sum, e) =>
        e.type === 'RepaymentApplied' && !reversed.has(e.paymentId) && (lastDay === undefined || e.valueDate <= lastDay)
          ? sum + e.amount
          : sum,
      0,
    );
}

/**
 * A cooling-off command on a disbursed loan. A request inside the window fixes the amount (principal, interest for
 * the days held at the KFS's APR, the fee only if the KFS keeps it, less what was repaid); the borrower's own request
 * is open at once, staff's waits for a checker who is not the maker. A request at or after the window's close is
 * refused with CoolingOffWindowClosed.
 */
export function decideCoolingOff(command: CoolingOffCommand, loan: Exitable): CoolingOffEvent[] {
  const { loanId, at, actor, reason } = command.data;
  const base: LoanMessageBase = { loanId, at, actor, ...(reason !== undefined && { reason }) };
  const existing = loan.coolingOffExit;
  switch (command.type) {
    case 'RequestCoolingOffExit': {
      const { exitId } = command.data;
      // The command's period and fee rule are the settings now; the ones pinned on the signed agreement win.
      const terms = coolingOffTermsFor(loan.agreement?.coolingOff, command.data.terms, command.data.terms.aprBasisPoints);
      if (existing?.exitId === exitId) return [];
      if (loan.status !== 'active' || !loan.servicing || !loan.disbursedOn)
        throw new IllegalTransition(loan.status, 'exit-cooling-off', []);
      const problems = new FieldProblems();
      problems.requireText('exitId', exitId);
      problems.requireInteger('terms.days', terms.days, 1, 365);
      problems.requireInteger('terms.aprBasisPoints', terms.aprBasisPoints, 0, 1_000_000);
      problems.throwIfAny();
      const window = coolingOffWindow(loan.disbursedOn, terms.days);
      if (!isWithinWindow(window, at)) throw new CoolingOffWindowClosed(loan.disbursedOn, terms.days, window.lastDay, window.deadline);
      if (existing && existing.status !== 'exited') throw new CoolingOffExitOpen(existing.exitId, existing.status);
      const exitOn = localDayOf(at);
      const quote = coolingOffExitAmount({
        principal: loan.servicing.terms.principal,
        fee: loan.fee,
        disbursedOn: loan.disbursedOn,
        exitOn: exitOn < loan.disbursedOn ? loan.disbursedOn : exitOn,
        terms,
        alreadyPaid: repaidSince(loan.servicing.events, 0),
      });
      return [
        {
          type: 'CoolingOffExitRequested',
          data: { ...base, exitId, by: actor.id, ...quote, exitOn, lastDay: window.lastDay, deadline: window.deadline },
        },
      ];
    }
    case 'ApproveCoolingOffExit': {
      const { exitId } = command.data;
      if (!existing || existing.exitId !== exitId) throw new CoolingOffExitNotFound(loan.id, exitId);
      if (existing.status !== 'pending') return [];
      if (actor.role !== 'staff') throw new IllegalTransition(loan.status, 'approve-cooling-off-exit', []);
      if (existing.requestedBy === actor.id) throw new SamePerson('approve', existing.requestedBy);
      if (Date.parse(at) > Date.parse(existing.deadline))
        throw new CoolingOffWindowClosed(loan.disbursedOn ?? existing.exitOn, 0, existing.lastDay, existing.deadline);
      return [{ type: 'CoolingOffExitApproved', data: { ...base, exitId, by: actor.id } }];
    }
    default:
      return assertNever(command, 'cooling-off command');
  }
}

/**
 * After a payment (handed in by the aggregate, as settlement's rule is): an open exit whose amount is now paid by
 * repayments since the request, valued inside the window, closes the loan.
 */
export function coolingOffAfterPayment(after: Exitable, base: LoanMessageBase, businessDate: string): LoanExitedInCoolingOff[] {
  const exit = after.coolingOffExit;
  if (after.status !== 'active' || exit?.status !== 'open' || !after.servicing) return [];
  const paid = repaidSince(after.servicing.events, exit.countFrom, exit.lastDay);
  if (paid < exit.amount) return [];
  return [
    {
      type: 'LoanExitedInCoolingOff',
      data: { ...base, exitId: exit.exitId, amountPaid: paid, on: businessDate, interest: exit.interest, fee: exit.fee },
    },
  ];
}

/** How the cooling-off events change a loan: the exit's record; the exit closes the loan and takes the rest off the books. */
export function evolveCoolingOff<Loan extends Exitable>(loan: Loan, event: CoolingOffEvent): Loan {
  const { data } = event;
  switch (event.type) {
    case 'CoolingOffExitRequested': {
      const d = event.data;
      return {
        ...loan,
        coolingOffExit: {
          exitId: d.exitId,
          status: d.actor.role === 'borrower' ? 'open' : 'pending',
          requestedBy: d.by,
          requestedByRole: d.actor.role,
          requestedAt: d.at,
          amount: d.amount,
          principal: d.principal,
          interest: d.interest,
          fee: d.fee,
          alreadyPaid: d.alreadyPaid,
          daysHeld: d.daysHeld,
          aprBasisPoints: d.aprBasisPoints,
          exitOn: d.exitOn,
          lastDay: d.lastDay,
          deadline: d.deadline,
          countFrom: loan.servicing?.events.length ?? 0,
        },
      };
    }
    case 'CoolingOffExitApproved':
      return loan.coolingOffExit
        ? { ...loan, coolingOffExit: { ...loan.coolingOffExit, status: 'open', approvedBy: event.data.by, approvedAt: data.at } }
        : loan;
    case 'LoanExitedInCoolingOff': {
      const { amountPaid, on } = event.data;
      const servicing = loan.servicing
        ? { ...loan.servicing, events: [...loan.servicing.events, exitClosedOut(event.data)] }
        : loan.servicing;
      return {
        ...loan,
        status: 'closed',
        closedOn: on,
        servicing,
        ...(loan.coolingOffExit ? { coolingOffExit: { ...loan.coolingOffExit, status: 'exited', amountPaid, exitedOn: on } } : {}),
      };
    }
    default:
      return assertNever(event, 'cooling-off event');
  }
}
