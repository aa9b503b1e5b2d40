import { replay, type LoanRecord } from '../loan/domain/loan.state.js';
import type { LoanEvent } from '../loan/domain/loan.events.js';
import { serviceLoan } from '../loan/domain/schedule/loan-servicing.js';
import type { ServicingEvent, ServicingTerms } from '../loan/domain/schedule/servicing.types.js';
import { toServicingEvent } from '../servicing/projections/servicing.projection.js';

/** A product version's rule for the books (none, cash, accrual), pinned by its loans. */
export { ACCOUNTING_RULES, type AccountingRule } from '../loan/domain/terms/loan-product.js';

/**
 * What the books (the accounting context, issue 31) read of a loan: its money events as the servicing fold reads
 * them, and the loan's money position on any value date, computed by lending's own fold. Accounting maps positions
 * to accounts; lending decides what a payment paid. Pure functions: a projection calls them over the events it keeps.
 */

/** The loan events that change a disbursed loan's money position (the servicing fold's input). */
export const LOAN_BOOK_EVENT_TYPES = [
  'LoanDisbursed',
  'RepaymentApplied',
  'RepaymentReversed',
  'CreditBalanceRefunded',
  'PenalChargeApplied',
  'BounceChargeApplied',
  'LoanSettled',
  'LoanWrittenOff',
  'LoanExitedInCoolingOff',
] as const;

export type LoanBookEventType = (typeof LOAN_BOOK_EVENT_TYPES)[number];

/** A loan's terms fixed at disbursal (opaque to the books: stored and handed back). */
export type LoanBookTerms = ServicingTerms;

/** One money event as the fold reads it; `valueDate` is the date the books date it on. */
export type LoanBookEvent = ServicingEvent;

/** The money event (any LOAN_BOOK_EVENT_TYPES but LoanDisbursed) as the fold reads it. */
export function loanBookEventOf(event: { type: string; data: Record<string, unknown> }): LoanBookEvent {
  return toServicingEvent(event);
}

/** The terms a LoanDisbursed event carries (since issue 12); undefined on older events (use loanBookTermsFromStream). */
export function loanBookTermsOf(disbursed: { data: Record<string, unknown> }): LoanBookTerms | undefined {
  return (disbursed.data as { servicingTerms?: ServicingTerms }).servicingTerms;
}

/** The terms of a loan paid out before issue 12, folded from its own stream up to and including LoanDisbursed. */
export function loanBookTermsFromStream(events: readonly { type: string; data: Record<string, unknown> }[]): LoanBookTerms {
  const state = replay(events.map((e) => ({ type: e.type, data: e.data }) as LoanEvent));
  const servicing = (state as LoanRecord).servicing;
  if (!servicing) throw new Error('no servicing terms after LoanDisbursed');
  return servicing.terms;
}

export type ComponentParts = { principal: number; fees: number; penalties: number };

/**
 * A loan's money position on a value date, every amount cumulative since disbursal (minor units):
 * what is owed now, what was charged, received, waived, settled, written off and refunded.
 */
export type LoanBookPosition = {
  /** The principal paid out (0 before the disbursal date). */
  disbursed: number;
  owed: ComponentParts;
  /** Money held for the borrower beyond what is owed (negative only when a refund outran a later-reversed payment). */
  creditBalance: number;
  /** Interest received (allocated from payments or from the credit balance). */
  interestReceived: number;
  feesCharged: number;
  penaltiesCharged: number;
  /** Fees and penal charges waived one by one (not by a settlement). */
  waived: { fees: number; penalties: number };
  /** What a settlement took off the books (interest excluded: it was never recognised before it was received). */
  settled: ComponentParts;
  /** What a write-off took off the books (interest excluded, as above). */
  writtenOff: ComponentParts;
  /** Money received on the loan after it was written off. */
  recoveries: number;
  /** Money received (payments not reversed), recoveries included. */
  received: number;
  /** Credit balance paid back to the borrower. */
  refunded: number;
};

export const ZERO_POSITION: LoanBookPosition = {
  disbursed: 0,
  owed: { principal: 0, fees: 0, penalties: 0 },
  creditBalance: 0,
  interestReceived: 0,
  feesCharged: 0,
  penaltiesCharged: 0,
  waived: { fees: 0, penalties: 0 },
  settled: { principal: 0, fees: 0, penalties: 0 },
  writtenOff: { principal: 0, fees: 0, penalties: 0 },
  recoveries: 0,
  received: 0,
  refunded: 0,
};

/**
 * The loan's position on `asOf` (YYYY-MM-DD): lending's servicing fold over the events whose value date is on or
 * before it (in log order: a reversal dated later does not yet count; a back-dated payment counts from its date).
 */
export function loanBookPosition(terms: LoanBookTerms, events: readonly LoanBookEvent[], asOf: string): LoanBookPosition {
  return loanBookDay(terms, events, asOf).position;
}

/** The loan on `asOf` as the books read it: its position and its accrual periods, from one run of lending's fold. */
export function loanBookDay(
  terms: LoanBookTerms,
  events: readonly LoanBookEvent[],
  asOf: string,
): { position: LoanBookPosition; periods: LoanBookAccrualPeriod[]; closedOn: string | null } {
  if (asOf < terms.disbursedOn) return { position: ZERO_POSITION, periods: [], closedOn: null };
  const known = events.filter((e) => e.valueDate <= asOf);
  const view = serviceLoan(terms, known);
  return { position: positionOf(terms, known, view), ...accrualPeriodsOf(terms, view) };
}

function positionOf(terms: LoanBookTerms, known: readonly LoanBookEvent[], view: ReturnType<typeof serviceLoan>): LoanBookPosition {
  const reversed = new Set(known.filter((e) => e.type === 'RepaymentReversed').map((e) => e.paymentId));
  const position: LoanBookPosition = {
    ...ZERO_POSITION,
    owed: { principal: 0, fees: 0, penalties: 0 },
    waived: { fees: 0, penalties: 0 },
    settled: { principal: 0, fees: 0, penalties: 0 },
    writtenOff: { principal: 0, fees: 0, penalties: 0 },
    disbursed: terms.principal,
  };
  position.owed = { principal: view.outstanding.principal, fees: view.outstanding.fees, penalties: view.outstanding.penalties };
  position.creditBalance = view.creditBalance;
  for (const line of view.ledger) {
    switch (line.type) {
      case 'repayment':
        position.interestReceived += line.interest;
        break;
      case 'charge':
        position.feesCharged += line.fees;
        position.penaltiesCharged += line.penalties;
        break;
      case 'waiver':
        position.waived.fees += line.fees;
        position.waived.penalties += line.penalties;
        break;
      case 'settlement':
      case 'write-off': {
        const into = line.type === 'settlement' ? position.settled : position.writtenOff;
        into.principal += line.principal;
        into.fees += line.fees;
        into.penalties += line.penalties;
        break;
      }
      case 'cooling-off-exit':
        // What the exit did not charge: the fee the KFS did not keep is waived as a fee is; principal is never left
        // by an exit (its payments cover it), and is counted as settled should an old log say otherwise.
        position.waived.fees += line.fees;
        position.waived.penalties += line.penalties;
        position.settled.principal += line.principal;
        break;
      case 'recovery':
        if (line.paymentId === null || !reversed.has(line.paymentId)) position.recoveries += line.amount;
        break;
      default:
        break;
    }
  }
  const seen = new Set<string>();
  for (const event of known) {
    if (event.type === 'RepaymentApplied' && !seen.has(event.paymentId)) {
      seen.add(event.paymentId);
      if (!reversed.has(event.paymentId)) position.received += event.amount;
    }
    if (event.type === 'CreditBalanceRefunded') position.refunded += event.amount;
  }
  return position;
}

/** An instalment's period as the books accrue its interest: (from, to] and the interest not waived. */
export type LoanBookAccrualPeriod = { from: string; to: string; interest: number };

/**
 * The loan's instalment periods with their interest as lending's fold schedules them over the events whose value date
 * is on or before `asOf` (a reduce-EMI prepayment or a foreclosure changes them), and the date it closed (paid off,
 * settled or written off), if by then.
 */
export function loanBookAccrualPeriods(
  terms: LoanBookTerms,
  events: readonly LoanBookEvent[],
  asOf: string,
): { periods: LoanBookAccrualPeriod[]; closedOn: string | null } {
  if (asOf < terms.disbursedOn) return { periods: [], closedOn: null };
  return accrualPeriodsOf(
    terms,
    serviceLoan(
      terms,
      events.filter((e) => e.valueDate <= asOf),
    ),
  );
}

function accrualPeriodsOf(
  terms: LoanBookTerms,
  view: ReturnType<typeof serviceLoan>,
): { periods: LoanBookAccrualPeriod[]; closedOn: string | null } {
  let from = terms.disbursedOn;
  const periods = view.instalments.map((instalment) => {
    const period = { from, to: instalment.dueDate, interest: instalment.interest - instalment.waivedInterest };
    from = instalment.dueDate;
    return period;
  });
  return { periods, closedOn: view.closedOn };
}

/** A loan's classification moved (collections' close of business), as the books read it: the day and the class. */
export type LoanBookClassification = { date: string; to: string };

export function loanBookClassificationOf(event: { data: Record<string, unknown> }): LoanBookClassification {
  const data = event.data as { date: string; to: string };
  return { date: data.date, to: data.to };
}
