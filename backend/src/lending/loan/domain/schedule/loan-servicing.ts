import { assertNever } from '../assert-never.js';
import { ALLOCATE_DUE } from './allocation-strategies.js';
import { currentPeriod, payoffOfRest, sumAmounts } from './current-period.js';
import type { CurrentPeriod } from './current-period.js';
import { initialInstalments, reschedule } from './servicing-schedule.js';
import type {
  Amounts,
  ChargeApplied,
  ChargeWaived,
  ClosedOut,
  LedgerLine,
  LoanServicing,
  Outstanding,
  RepaymentApplied,
  RepaymentReversed,
  ServicingEvent,
  ServicingTerms,
} from './servicing.types.js';
import { DEFAULT_ADVANCE_PAYMENT } from './servicing.types.js';
import { mergeCharges, owed, owedTotal, pay, payInstalment, toInstalment, waive, zeroAmounts } from './working-instalment.js';
import type { WorkingInstalment } from './working-instalment.js';

/** The fold's private state; `serviceLoan` hands out a frozen view of it. */
export type ServicingState = {
  terms: ServicingTerms;
  instalments: WorkingInstalment[];
  emi: number;
  creditBalance: number;
  closedOn: string | null;
  ledger: LedgerLine[];
  /** Set by a ClosedOut (settlement, write-off): nothing is allocated after it. */
  closedOut?: ClosedOut['kind'];
  /** A cooling-off exit in the log: the loan is read as one amount (see ClosedOut['exit']); what the schedule had beyond it. */
  exit?: { scheduledInterest: number; feeCharged: number; interest: number; fee: number };
};

/**
 * Everything a loan shows after disbursal (instalments, outstanding, ledger, credit balance,
 * closure), as a pure fold of its money events in value-date order, ties in log order.
 * The order the events arrived in does not matter beyond ties: a back-dated payment or a
 * reversal gives exactly what the fold gives had it been there from the start, which is
 * what re-allocating every later payment means.
 */
export function serviceLoan(terms: ServicingTerms, events: readonly ServicingEvent[]): LoanServicing {
  return viewOf(foldServicing(terms, events));
}

export function foldServicing(terms: ServicingTerms, events: readonly ServicingEvent[]): ServicingState {
  const { emi, instalments } = initialInstalments(terms);
  const state: ServicingState = { terms, instalments, emi, creditBalance: 0, closedOn: null, ledger: [] };
  const exit = events.find((event): event is ClosedOut => event.type === 'ClosedOut' && event.exit !== undefined)?.exit;
  if (exit !== undefined) readAsExit(state, exit);
  state.ledger.push(
    line(state, 'disbursement', 'disbursement', terms.disbursedOn, terms.principal, {
      ...zeroAmounts(),
      principal: terms.principal,
    }),
  );
  if (terms.fee > 0) {
    state.ledger.push(line(state, 'fee', 'charge', terms.disbursedOn, terms.fee, { ...zeroAmounts(), fees: terms.fee }));
  }

  const ordered = inValueDateOrder(events);
  const reversals = reversalsOf(ordered);
  const seenPayments = new Set<string>();
  for (const event of ordered) {
    switch (event.type) {
      case 'RepaymentApplied':
        // A repeated payment id (a webhook delivered twice) applies once.
        if (seenPayments.has(event.paymentId)) continue;
        seenPayments.add(event.paymentId);
        if (state.closedOut !== undefined) {
          applyAfterCloseOut(state, event, state.closedOut, reversals.get(event.paymentId)?.valueDate ?? null);
          break;
        }
        applyRepayment(state, event, reversals.get(event.paymentId)?.valueDate ?? null);
        break;
      case 'RepaymentReversed':
        if (reversals.get(event.paymentId) === event) applyReversal(state, event, ordered);
        break;
      case 'ChargeApplied':
        applyCharge(state, event);
        break;
      case 'ChargeWaived':
        applyWaiver(state, event);
        break;
      case 'CreditBalanceRefunded':
        state.creditBalance -= event.amount;
        state.ledger.push(line(state, event.refundId, 'refund', event.valueDate, event.amount, zeroAmounts()));
        break;
      case 'ClosedOut':
        applyCloseOut(state, event);
        break;
      default:
        assertNever(event, 'servicing event');
    }
    settle(state, event.valueDate);
  }
  return state;
}

function inValueDateOrder(events: readonly ServicingEvent[]): ServicingEvent[] {
  return events
    .map((event, position) => ({ event, position }))
    .sort((a, b) => (a.event.valueDate < b.event.valueDate ? -1 : a.event.valueDate > b.event.valueDate ? 1 : a.position - b.position))
    .map(({ event }) => event);
}

/** The reversal that counts for each payment: the earliest by value date, then by log. */
function reversalsOf(ordered: readonly ServicingEvent[]): Map<string, RepaymentReversed> {
  const reversals = new Map<string, RepaymentReversed>();
  for (const event of ordered) {
    if (event.type === 'RepaymentReversed' && !reversals.has(event.paymentId)) {
      reversals.set(event.paymentId, event);
    }
  }
  return reversals;
}

function applyRepayment(state: ServicingState, event: RepaymentApplied, reversedOn: string | null): void {
  const { paymentId, valueDate, amount } = event;
  if (reversedOn !== null) {
    // A reversed payment is shown, but allocates nothing: the loan is as if it never came.
    state.ledger.push({
      ...line(state, paymentId, 'repayment', valueDate, amount, zeroAmounts()),
      paymentId,
      reversedOn,
    });
    return;
  }
  const allocated = zeroAmounts();
  const left = allocate(state, valueDate, amount, allocated, event.reducePrincipal === true);
  state.creditBalance += left;
  state.ledger.push({
    ...line(state, paymentId, 'repayment', valueDate, amount, allocated),
    paymentId,
    toCreditBalance: left,
  });
}

/**
 * Settlement or write-off: what is still owed of every instalment is taken off (interest, fees and penalties as
 * waived, principal as no longer due), in one ledger line of type `settlement` or `write-off` with its components.
 */
/**
 * A cooling-off exit (RBI: the borrower exits by paying the principal and the APR's interest for the days held, and
 * the processing fee only when the KFS kept it): the loan is read as that one amount, all on the first instalment, so
 * every payment is split as principal, that interest and that fee; the other instalments owe nothing.
 */
function readAsExit(state: ServicingState, exit: { interest: number; fee: number }): void {
  const scheduledInterest = state.instalments.reduce((sum, instalment) => sum + instalment.interest, 0);
  const feeCharged = state.instalments.reduce((sum, instalment) => sum + instalment.fees, 0);
  state.instalments.forEach((instalment, index) => {
    instalment.principal = index === 0 ? state.terms.principal : 0;
    instalment.interest = index === 0 ? exit.interest : 0;
    instalment.fees = index === 0 ? exit.fee : 0;
  });
  state.exit = { scheduledInterest, feeCharged, ...exit };
}

function applyCloseOut(state: ServicingState, event: ClosedOut): void {
  const parts = outstandingOf(state.instalments);
  if (event.exit !== undefined && state.exit !== undefined) {
    // What the schedule would have charged beyond the exit's terms is not owed either.
    parts.interest += Math.max(0, state.exit.scheduledInterest - state.exit.interest);
    parts.fees += Math.max(0, state.exit.feeCharged - state.exit.fee);
    parts.total = parts.principal + parts.interest + parts.fees + parts.penalties;
  }
  for (const instalment of state.instalments) {
    // An exit cancels the whole schedule: no instalment of it was paid as scheduled.
    if (owedTotal(instalment) > 0 || event.exit !== undefined) instalment.closedOut = event.kind;
    waive(instalment, 'interest', owed(instalment, 'interest'));
    waive(instalment, 'fees', owed(instalment, 'fees'));
    waive(instalment, 'penalties', owed(instalment, 'penalties'));
    instalment.principal -= Math.max(0, owed(instalment, 'principal'));
  }
  const { total, ...amounts } = parts;
  const type = event.kind === 'settlement' ? 'settlement' : event.kind === 'writeOff' ? 'write-off' : 'cooling-off-exit';
  state.ledger.push(line(state, event.id, type, event.valueDate, total, amounts));
  state.closedOut = event.kind;
}

/**
 * A payment after a write-off is a recovery; after a settlement, money held for the borrower (credit balance). A
 * reversed one is shown and holds nothing, as before the close-out: the reversal takes back what the payment brought.
 */
function applyAfterCloseOut(state: ServicingState, event: RepaymentApplied, kind: ClosedOut['kind'], reversedOn: string | null): void {
  if (kind === 'writeOff') {
    state.ledger.push({
      ...line(state, event.paymentId, 'recovery', event.valueDate, event.amount, zeroAmounts()),
      paymentId: event.paymentId,
    });
    return;
  }
  if (reversedOn !== null) {
    state.ledger.push({
      ...line(state, event.paymentId, 'repayment', event.valueDate, event.amount, zeroAmounts()),
      paymentId: event.paymentId,
      reversedOn,
    });
    return;
  }
  state.creditBalance += event.amount;
  state.ledger.push({
    ...line(state, event.paymentId, 'repayment', event.valueDate, event.amount, zeroAmounts()),
    paymentId: event.paymentId,
    toCreditBalance: event.amount,
  });
}

function applyReversal(state: ServicingState, event: RepaymentReversed, events: readonly ServicingEvent[]): void {
  const payment = events.find(
    (candidate): candidate is RepaymentApplied => candidate.type === 'RepaymentApplied' && candidate.paymentId === event.paymentId,
  );
  // A reversal of a payment the log does not hold changes nothing.
  if (payment === undefined) return;
  state.ledger.push({
    ...line(state, `${event.paymentId}:reversal`, 'reversal', event.valueDate, payment.amount, zeroAmounts()),
    paymentId: event.paymentId,
  });
}

function applyCharge(state: ServicingState, event: ChargeApplied): void {
  const target = instalmentFor(state, event.instalmentNumber);
  if (event.kind === 'fee') target.fees += event.amount;
  else target.penalties += event.amount;
  const parts = { ...zeroAmounts(), [event.kind === 'fee' ? 'fees' : 'penalties']: event.amount };
  state.ledger.push(line(state, event.chargeId, 'charge', event.valueDate, event.amount, parts));
  if (state.creditBalance > 0) payFromCreditBalance(state, event.chargeId, event.valueDate);
}

function applyWaiver(state: ServicingState, event: ChargeWaived): void {
  const target = instalmentFor(state, event.instalmentNumber);
  const waived = Math.min(event.amount, Math.max(0, owed(target, event.component)));
  const key = event.component === 'interest' ? 'waivedInterest' : event.component === 'fees' ? 'waivedFees' : 'waivedPenalties';
  target[key] += waived;
  const parts = { ...zeroAmounts(), [event.component]: waived };
  state.ledger.push(line(state, event.waiverId, 'waiver', event.valueDate, waived, parts));
}

/**
 * Money held beyond what is owed is the borrower's: when something becomes owed again (a
 * charge replayed after the closing payment), it pays that first.
 */
function payFromCreditBalance(state: ServicingState, chargeId: string, date: string): void {
  const allocated = zeroAmounts();
  const available = state.creditBalance;
  const left = allocate(state, date, available, allocated);
  const used = available - left;
  if (used === 0) return;
  state.creditBalance = left;
  state.ledger.push({
    ...line(state, `${chargeId}:credit`, 'repayment', date, used, allocated),
    fromCreditBalance: true,
  });
}

/**
 * A charge or waiver names an instalment by number; one that has since fallen away (a
 * shorter tenure, a foreclosure) lands on the last instalment that is left.
 */
function instalmentFor(state: ServicingState, number: number): WorkingInstalment {
  return state.instalments.find((candidate) => candidate.number === number) ?? state.instalments.at(-1)!;
}

/**
 * Allocates `amount` received on `date` and answers what is left beyond everything owed:
 *  1. what is due by that date, by the product's strategy;
 *  2. if the rest pays off the loan (foreclosure quote), the running period's interest is
 *     prorated by days, the later instalments fall away, and the loan is paid off;
 *  3. otherwise, by the product's advance-payment setting:
 *     - `nextInstalments` (default): the instalment of the running period, then the next ones
 *       in order, each in Fineract's order (paid in advance: none of them falls due unpaid);
 *     - `prepayPrincipal`, or a payment marked `reducePrincipal` (the payer's choice): the
 *       instalment of the running period (inside a period, or on the day of disbursal), then
 *       what is beyond it prepays principal: the instalments after it are recomputed on the
 *       lower balance by the prepayment mode. On a due date that date's instalment is the one
 *       paid (step 1) and the rest prepays at once.
 */
function allocate(state: ServicingState, date: string, amount: number, into: Amounts, reducePrincipal = false): number {
  const { terms } = state;
  // A loan read as its cooling-off exit owes one amount, on its first instalment.
  if (state.exit !== undefined) return payInstalment(state.instalments[0]!, amount, into);
  const due = state.instalments.filter((candidate) => candidate.dueDate <= date);
  let rest = ALLOCATE_DUE[terms.strategy](due, amount, into);
  const period = currentPeriod(state.instalments, terms.disbursedOn, date);
  if (rest === 0 || period === null) return rest;

  const running = state.instalments[period.index]!;
  if (rest >= sumAmounts(payoffOfRest(state.instalments, period))) {
    foreclose(state, period.index, period.proratedInterest);
    return payInstalment(running, rest, into);
  }
  const advance = reducePrincipal ? 'prepayPrincipal' : (terms.advancePayment ?? DEFAULT_ADVANCE_PAYMENT);
  if (advance === 'nextInstalments') {
    return state.instalments.slice(period.index).reduce((left, line) => payInstalment(line, left, into), rest);
  }
  if (period.underway || period.index === 0) rest = payInstalment(running, rest, into);
  if (rest === 0) return 0;
  const { from, anchor } = prepaymentStart(state.instalments, period, due);
  return prepay(state, from, anchor, rest, into);
}

/**
 * Where a prepayment starts recomputing, and the instalment it is shown on: after the last
 * instalment already paid on (the running one, or later ones paid in advance); else, on a due
 * date, from the next one, shown on the instalment paid that day.
 */
function prepaymentStart(
  instalments: readonly WorkingInstalment[],
  period: CurrentPeriod,
  due: readonly WorkingInstalment[],
): { from: number; anchor: WorkingInstalment } {
  const touched = (line: WorkingInstalment) => line.paidPrincipal + line.paidInterest + line.waivedInterest > 0;
  for (let index = instalments.length - 1; index >= period.index; index -= 1) {
    if (touched(instalments[index]!)) return { from: index + 1, anchor: instalments[index] };
  }
  // Reached only on a due date (the day of disbursal and a day inside a period paid the running instalment first).
  const paidToday = due.at(-1);
  if (paidToday === undefined) throw new Error('prepay: no instalment to show the prepayment on');
  return { from: period.index, anchor: paidToday };
}

/**
 * Pays off the loan from instalment `index`: it takes all principal left and the prorated interest. What was paid
 * ahead on the later instalments moves onto it with them; interest paid ahead beyond the prorated interest is kept.
 */
function foreclose(state: ServicingState, index: number, proratedInterest: number): void {
  const running = state.instalments[index]!;
  for (const later of state.instalments.slice(index + 1)) {
    running.principal += later.principal;
    running.paidPrincipal += later.paidPrincipal;
    running.paidInterest += later.paidInterest;
    running.waivedInterest += later.waivedInterest;
    mergeCharges(running, later);
  }
  running.interest = Math.max(proratedInterest, running.paidInterest + running.waivedInterest);
  state.instalments = state.instalments.slice(0, index + 1);
}

function prepay(state: ServicingState, from: number, anchor: WorkingInstalment, amount: number, into: Amounts): number {
  const { terms } = state;
  const unpaid = state.instalments.slice(from);
  if (unpaid.some((candidate) => candidate.paidPrincipal + candidate.paidInterest + candidate.waivedInterest > 0)) {
    throw new Error('prepay: an instalment to recompute has already been paid on');
  }
  let rest = amount;
  // Charges on later instalments are owed whatever happens to their principal.
  for (const candidate of unpaid) rest = pay(candidate, 'penalties', pay(candidate, 'fees', rest, into), into);
  const principalLeft = unpaid.reduce((sum, candidate) => sum + candidate.principal, 0);
  const prepaid = Math.min(rest, principalLeft);
  if (prepaid === 0) return rest;
  const { emi, instalments } = reschedule(
    unpaid,
    anchor,
    principalLeft - prepaid,
    terms.prepaymentMode,
    terms.annualRatePercent,
    state.emi,
  );
  state.emi = emi;
  state.instalments = [...state.instalments.slice(0, from), ...instalments];
  anchor.principal += prepaid;
  anchor.paidPrincipal += prepaid;
  into.principal += prepaid;
  return rest - prepaid;
}

/** After each event: when each instalment was paid off, and whether the loan is. */
function settle(state: ServicingState, date: string): void {
  for (const instalment of state.instalments) {
    if (owedTotal(instalment) > 0) instalment.paidOn = null;
    else instalment.paidOn ??= date;
  }
  const nothingOwed = outstandingOf(state.instalments).total === 0 && state.creditBalance >= 0;
  if (!nothingOwed) state.closedOn = null;
  else state.closedOn ??= date;
}

export function outstandingOf(instalments: readonly WorkingInstalment[]): Outstanding {
  const sums = zeroAmounts();
  for (const instalment of instalments) {
    sums.principal += owed(instalment, 'principal');
    sums.interest += owed(instalment, 'interest');
    sums.fees += owed(instalment, 'fees');
    sums.penalties += owed(instalment, 'penalties');
  }
  return Object.assign(sums, { total: sumAmounts(sums) });
}

function line(state: ServicingState, id: string, type: LedgerLine['type'], date: string, amount: number, parts: Amounts): LedgerLine {
  return {
    id,
    type,
    date,
    amount,
    ...parts,
    balanceAfter: outstandingOf(state.instalments).principal,
    paymentId: null,
    toCreditBalance: 0,
    reversedOn: null,
    fromCreditBalance: false,
  };
}

function viewOf(state: ServicingState): LoanServicing {
  return {
    status: state.closedOn === null ? 'active' : 'closed',
    closedOn: state.closedOn,
    instalmentAmount: state.emi,
    instalments: state.instalments.map(toInstalment),
    outstanding: outstandingOf(state.instalments),
    creditBalance: state.creditBalance,
    ledger: state.ledger,
  };
}
