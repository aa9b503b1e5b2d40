import { assertNever } from '../../loan/domain/assert-never.js';
import { isIsoDate } from '../../loan/domain/calendar.js';
import { FieldProblems, isIntegerBetween } from '../../loan/domain/loan-input.validation.js';
import { IllegalTransition } from '../../loan/domain/loan.errors.js';
import type { LoanEvent } from '../../loan/domain/loan.events.js';
import type { LoanRecord } from '../../loan/domain/loan.state.js';
import type { LoanMessageBase } from '../../loan/domain/loan.types.js';
import { SamePerson } from '../../loan/domain/loan.errors.js';
import { foldServicing, outstandingOf } from '../../loan/domain/schedule/loan-servicing.js';
import type { ServicingEvent } from '../../loan/domain/schedule/servicing.types.js';
import type { SettlementCommand } from './settlement.commands.js';
import {
  NotTheOfferMaker,
  NotTheWriteOffRequester,
  SettlementOfferNotFound,
  SettlementOfferNotPending,
  SettlementOfferOpen,
  SettlementTermsRefused,
  WriteOffAlreadyRequested,
  WriteOffNotRequested,
} from './settlement.errors.js';
import type { ComponentAmounts } from './settlement.events.js';
import { openOffer, type SettlementOfferRecord } from './settlement.state.js';

const MAX_REASON = 1000;

/** Action names as the HTTP API spells them, for refusals. */
const ACTION: Record<SettlementCommand['type'], string> = {
  OfferSettlement: 'offer-settlement',
  ApproveSettlementOffer: 'approve-settlement',
  RejectSettlementOffer: 'reject-settlement',
  WithdrawSettlementOffer: 'withdraw-settlement',
  RequestWriteOff: 'write-off',
  ApproveWriteOff: 'approve-write-off',
  RejectWriteOff: 'reject-write-off',
  WithdrawWriteOff: 'withdraw-write-off',
};

/**
 * Settlement offers and write-offs, maker-checker: what a command means for a disbursed loan, the events to append
 * ([] when its outcome already holds) or a LoanDomainError. Only an active loan (overdue ones are active too) takes
 * an offer or a write-off; a settled or written-off loan takes neither again.
 */
export function decideSettlement(command: SettlementCommand, loan: LoanRecord): LoanEvent[] {
  const base = baseOf(command.data);
  const action = ACTION[command.type];
  const by = base.actor.id;
  switch (command.type) {
    case 'OfferSettlement': {
      const { offerId, amount, validUntil, reason, businessDate } = command.data;
      if (loan.settlement?.offers.some((o) => o.offerId === offerId)) return [];
      requireActive(loan, action);
      const problems = new FieldProblems();
      if (!isIntegerBetween(amount, 1, Number.MAX_SAFE_INTEGER))
        problems.add('amount', 'amount must be a whole number of minor units (paise) greater than 0');
      if (!isIsoDate(validUntil)) problems.add('validUntil', 'validUntil must be a date (YYYY-MM-DD)');
      requireReason(problems, reason);
      problems.throwIfAny();
      const open = openOffer(loan.settlement);
      const lapsed: LoanEvent[] = [];
      if (open !== undefined && open.validUntil < businessDate) lapsed.push(lapse(base, open));
      else if (open !== undefined) throw new SettlementOfferOpen(open.offerId);
      const outstanding = outstandingNow(loan);
      const refused: { name: string; message: string }[] = [];
      if (amount > outstanding.total)
        refused.push({ name: 'amount', message: `amount must not exceed the total outstanding (${outstanding.total})` });
      if (validUntil < businessDate)
        refused.push({ name: 'validUntil', message: `validUntil must not be before the business date (${businessDate})` });
      if (refused.length > 0) throw new SettlementTermsRefused(refused);
      return [...lapsed, { type: 'SettlementOffered', data: { ...base, offerId, amount, validUntil, reason: reason.trim(), by } }];
    }
    case 'ApproveSettlementOffer': {
      const { offerId, businessDate } = command.data;
      const offer = loan.settlement?.offers.find((o) => o.offerId === offerId);
      if (offer === undefined) throw new SettlementOfferNotFound(loan.id, offerId);
      if (offer.status === 'approved' || offer.status === 'settled') return [];
      if (offer.status !== 'pending') throw new SettlementOfferNotPending(offerId, offer.status);
      requireActive(loan, action);
      if (offer.offeredBy === by) throw new SamePerson('approve', offer.offeredBy);
      if (offer.validUntil < businessDate) throw new SettlementOfferNotPending(offerId, `past its validUntil (${offer.validUntil})`);
      return [{ type: 'SettlementOfferApproved', data: { ...base, offerId, by } }];
    }
    case 'RejectSettlementOffer': {
      const { offerId, reason } = command.data;
      const offer = loan.settlement?.offers.find((o) => o.offerId === offerId);
      if (offer === undefined) throw new SettlementOfferNotFound(loan.id, offerId);
      if (offer.status === 'rejected') return [];
      if (offer.status !== 'pending') throw new SettlementOfferNotPending(offerId, offer.status, 'rejected');
      if (offer.offeredBy === by) throw new SamePerson('reject', offer.offeredBy);
      const problems = new FieldProblems();
      requireReason(problems, reason);
      problems.throwIfAny();
      return [{ type: 'SettlementOfferRejected', data: { ...base, offerId, reason: reason.trim(), by } }];
    }
    case 'WithdrawSettlementOffer': {
      const { offerId } = command.data;
      const offer = loan.settlement?.offers.find((o) => o.offerId === offerId);
      if (offer === undefined) throw new SettlementOfferNotFound(loan.id, offerId);
      if (offer.status === 'withdrawn') return [];
      if (offer.status !== 'pending') throw new SettlementOfferNotPending(offerId, offer.status, 'withdrawn');
      if (offer.offeredBy !== by) throw new NotTheOfferMaker(offerId);
      return [{ type: 'SettlementOfferWithdrawn', data: { ...base, offerId, by } }];
    }
    case 'RequestWriteOff': {
      const { reason } = command.data;
      requireActive(loan, action);
      if (loan.settlement?.writeOff?.status === 'requested') throw new WriteOffAlreadyRequested(loan.id);
      const problems = new FieldProblems();
      requireReason(problems, reason);
      problems.throwIfAny();
      return [{ type: 'WriteOffRequested', data: { ...base, reason: reason.trim(), by } }];
    }
    case 'ApproveWriteOff': {
      if (loan.status === 'writtenOff') return [];
      requireActive(loan, action);
      const writeOff = loan.settlement?.writeOff;
      if (writeOff?.status !== 'requested') throw new WriteOffNotRequested(loan.id);
      if (writeOff.requestedBy === by) throw new SamePerson('approve the write-off of', writeOff.requestedBy);
      const outstanding = outstandingNow(loan);
      return [
        { type: 'WriteOffApproved', data: { ...base, by } },
        { type: 'LoanWrittenOff', data: { ...base, outstanding, on: command.data.businessDate } },
      ];
    }
    case 'RejectWriteOff': {
      const { reason } = command.data;
      const writeOff = loan.settlement?.writeOff;
      if (writeOff?.status !== 'requested') throw new WriteOffNotRequested(loan.id);
      if (writeOff.requestedBy === by) throw new SamePerson('reject the write-off of', writeOff.requestedBy);
      const problems = new FieldProblems();
      requireReason(problems, reason);
      problems.throwIfAny();
      return [{ type: 'WriteOffRejected', data: { ...base, reason: reason.trim(), by } }];
    }
    case 'WithdrawWriteOff': {
      // As an offer's withdrawal: only the maker, only while it waits; a repeat after it holds appends nothing.
      const writeOff = loan.settlement?.writeOff;
      if (writeOff?.status === 'withdrawn' && writeOff.withdrawnBy === by) return [];
      if (writeOff?.status !== 'requested') throw new WriteOffNotRequested(loan.id);
      if (writeOff.requestedBy !== by) throw new NotTheWriteOffRequester(loan.id);
      return [{ type: 'WriteOffWithdrawn', data: { ...base, by } }];
    }
    default:
      return assertNever(command, 'settlement command');
  }
}

/**
 * After a payment's events (the loan as they leave it): LoanSettled when the payments since the offer's approval,
 * valued on or before its validUntil, reach the agreed amount; SettlementOfferLapsed when the business date is past
 * validUntil and they do not. Dated the business date, which no value date is after, so the fold closes the loan
 * out after every payment it holds.
 */
export function settlementAfterPayment(after: LoanRecord, base: LoanMessageBase, businessDate: string): LoanEvent[] {
  const offer = openOffer(after.settlement);
  if (after.status !== 'active' || offer?.status !== 'approved' || !after.servicing) return [];
  const paid = paidTowards(offer, after.servicing.events);
  if (paid >= offer.amount) {
    const waived = outstandingNow(after);
    return [{ type: 'LoanSettled', data: { ...base, offerId: offer.offerId, amountPaid: paid, waived, on: businessDate } }];
  }
  return offer.validUntil < businessDate ? [lapse(base, offer)] : [];
}

/** What the payments since the approval, valued by validUntil and not reversed, add up to. */
export function paidTowards(offer: SettlementOfferRecord, events: readonly ServicingEvent[]): number {
  const reversed = new Set(events.filter((e) => e.type === 'RepaymentReversed').map((e) => (e as { paymentId: string }).paymentId));
  return events
    .slice(offer.countFrom ?? events.length)
    .reduce(
      (sum, e) => (e.type === 'RepaymentApplied' && e.valueDate <= offer.validUntil && !reversed.has(e.paymentId) ? sum + e.amount : sum),
      0,
    );
}

/**
 * A payment on a written-off loan (a recovery): a whole amount, valued between the write-off and the business date.
 * Throws InvalidLoanInput naming `valueDate` or `amount`.
 */
export function checkRecovery(
  loan: LoanRecord,
  input: { paymentId: string; amount: number; valueDate: string },
  businessDate: string,
): void {
  const problems = new FieldProblems();
  if (!isIntegerBetween(input.amount, 1, Number.MAX_SAFE_INTEGER))
    problems.add('amount', 'amount must be a whole number of minor units greater than 0');
  const writtenOffOn = loan.settlement?.writeOff?.on ?? businessDate;
  if (!isIsoDate(input.valueDate)) problems.add('valueDate', 'valueDate must be a date (YYYY-MM-DD)');
  else if (input.valueDate > businessDate) problems.add('valueDate', `valueDate must not be after the business date (${businessDate})`);
  else if (input.valueDate < writtenOffOn)
    problems.add('valueDate', `valueDate must not be before the write-off (${writtenOffOn}): a recovery comes after it`);
  problems.throwIfAny();
}

/** Everything still owed by component, as the servicing fold has it now. */
export function outstandingNow(loan: LoanRecord): ComponentAmounts {
  const { principal, interest, fees, penalties, total } = outstandingOf(
    foldServicing(loan.servicing!.terms, loan.servicing!.events).instalments,
  );
  return { principal, interest, fees, penalties, total };
}

function lapse(base: LoanMessageBase, offer: SettlementOfferRecord): LoanEvent {
  return { type: 'SettlementOfferLapsed', data: { ...base, offerId: offer.offerId, validUntil: offer.validUntil } };
}

function requireActive(loan: LoanRecord, action: string): void {
  if (loan.status !== 'active' || !loan.servicing) throw new IllegalTransition(loan.status, action, []);
}

function requireReason(problems: FieldProblems, reason: unknown): void {
  problems.requireText('reason', reason);
  if (typeof reason === 'string' && reason.length > MAX_REASON) problems.add('reason', `reason must be at most ${MAX_REASON} characters`);
}

function baseOf({ loanId, at, actor, reason }: LoanMessageBase): LoanMessageBase {
  return { loanId, at, actor, ...(reason !== undefined && { reason }) };
}
