import { assertNever } from '../../loan/domain/assert-never.js';
import { addDays, isIsoDate } from '../../loan/domain/calendar.js';
import { FieldProblems, isIntegerBetween } from '../../loan/domain/loan-input.validation.js';
import { IllegalTransition, SamePerson } from '../../loan/domain/loan.errors.js';
import type { LoanEvent } from '../../loan/domain/loan.events.js';
import { evolve, type LoanRecord } from '../../loan/domain/loan.state.js';
import type { LoanMessageBase, LoanStatus } from '../../loan/domain/loan.types.js';
import { owedOf } from '../../loan/domain/schedule/owed-at.js';
import { serviceLoan } from '../../loan/domain/schedule/loan-servicing.js';
import type { MandateCommand } from './mandate.commands.js';
import { MandateInWrongStatus, MandateNotFound, MandateOpen, PresentationNotFound } from './mandate.errors.js';
import {
  MANDATE_FREQUENCIES,
  MANDATE_KINDS,
  type InstalmentPresented,
  type MandateEvent,
  type ManualCollectionCode,
} from './mandate.events.js';
import {
  bounceReasonOf,
  mandateRulesOf,
  PRE_DEBIT_NOTICE_MS,
  presentationIdOf,
  UPI_AUTOPAY_LIMIT,
  type MandateRules,
} from './mandate.rules.js';
import { initialMandates, openMandate, type MandateRecord } from './mandate.state.js';

/** A collected debit, as the payment it becomes. */
export type CollectedDebit = {
  paymentId: string;
  amount: number;
  method: 'nach' | 'upi-autopay';
  providerReference: string;
  businessDate: string;
};

/**
 * What the servicing slice adds when a debit is collected (handed in by the aggregate, loan.decide, so mandates do
 * not import servicing): the payment recorded and applied by the normal allocation, and the loan's closure checked.
 */
export type CollectDebit = (loan: LoanRecord, base: LoanMessageBase, debit: CollectedDebit) => LoanEvent[];

/** A mandate may be registered once the borrower signed (the portal offers it then) and while the loan is serviced. */
export const REGISTRABLE_STATES: readonly LoanStatus[] = ['final.pending', 'disbursal.pending', 'active'];

const MAX_REASON = 1000;
const MAX_REFERENCE = 200;

/**
 * Mandates and presentations: what a command means for a loan, the events to append ([] when its outcome already
 * holds: a webhook delivered twice, a close of business run again) or a LoanDomainError.
 */
export function decideMandate(
  command: MandateCommand,
  loan: LoanRecord,
  collect: CollectDebit,
  rules: MandateRules = mandateRulesOf(loan.product?.terms),
): LoanEvent[] {
  const base = baseOf(command.data);
  const by = base.actor.id;
  const state = loan.mandates ?? initialMandates;
  switch (command.type) {
    case 'StartMandateRegistration': {
      const { mandateId, kind, maxAmount, frequency, validFrom, validUntil, provider, businessDate } = command.data;
      if (state.mandates.some((m) => m.mandateId === mandateId)) return [];
      if (!REGISTRABLE_STATES.includes(loan.status)) throw new IllegalTransition(loan.status, 'register-mandate', []);
      const problems = new FieldProblems();
      if (!(MANDATE_KINDS as readonly string[]).includes(kind)) problems.add('kind', `kind must be one of ${MANDATE_KINDS.join(', ')}`);
      if (!isIntegerBetween(maxAmount, 1, Number.MAX_SAFE_INTEGER))
        problems.add('maxAmount', 'maxAmount must be a whole number of minor units (paise) greater than 0');
      else if (kind === 'upi-autopay' && maxAmount > UPI_AUTOPAY_LIMIT)
        problems.add('maxAmount', `UPI AutoPay debits above ${UPI_AUTOPAY_LIMIT} need the borrower each time: choose e-NACH`);
      if (!(MANDATE_FREQUENCIES as readonly string[]).includes(frequency))
        problems.add('frequency', `frequency must be one of ${MANDATE_FREQUENCIES.join(', ')}`);
      problems.requireDate('validFrom', validFrom);
      problems.requireDate('validUntil', validUntil);
      if (isIsoDate(validFrom) && isIsoDate(validUntil) && validUntil < validFrom)
        problems.add('validUntil', 'validUntil must not be before validFrom');
      else if (isIsoDate(validUntil) && validUntil < businessDate)
        problems.add('validUntil', `validUntil must not be before the business date (${businessDate})`);
      problems.requireText('provider', provider);
      problems.throwIfAny();
      const open = openMandate(state);
      if (open !== undefined) throw new MandateOpen(open.mandateId, open.status);
      return [
        {
          type: 'MandateRegistrationStarted',
          data: { ...base, mandateId, kind, maxAmount, frequency, validFrom, validUntil, provider, by },
        },
      ];
    }
    case 'RecordMandateRegistration': {
      const { mandateId, outcome, providerReference, reason, businessDate } = command.data;
      const mandate = mandateOf(loan, mandateId);
      if (mandate.status !== 'pending') return [];
      if (outcome === 'registered') {
        const problems = new FieldProblems();
        problems.requireText('providerReference', providerReference);
        if (typeof providerReference === 'string' && providerReference.length > MAX_REFERENCE)
          problems.add('providerReference', `providerReference must be at most ${MAX_REFERENCE} characters`);
        problems.throwIfAny();
        return [
          {
            type: 'MandateRegistered',
            data: { ...base, mandateId, providerReference: providerReference.trim(), activeFrom: businessDate },
          },
        ];
      }
      const why = typeof reason === 'string' && reason.trim() !== '' ? reason.trim().slice(0, MAX_REASON) : 'Not authorised';
      return [{ type: 'MandateRegistrationFailed', data: { ...base, mandateId, reason: why } }];
    }
    case 'PresentDueInstalments':
      return presentDue(loan, base, command.data.businessDate);
    case 'RecordPresentationSubmitted': {
      const { presentationId, providerPresentationId } = command.data;
      const presentation = presentationOf(loan, presentationId);
      if (presentation.status !== 'presented') return [];
      return [{ type: 'PresentationSubmitted', data: { ...base, presentationId, providerPresentationId } }];
    }
    case 'RecordPresentationSent': {
      const { presentation, providerPresentationId } = command.data;
      const { presentationId } = presentation;
      const submitted: MandateEvent = { type: 'PresentationSubmitted', data: { ...base, presentationId, providerPresentationId } };
      const known = state.presentations.find((p) => p.presentationId === presentationId);
      if (known !== undefined) return known.status === 'presented' ? [submitted] : [];
      return [{ type: 'InstalmentPresented', data: { ...base, ...presentation } }, submitted];
    }
    case 'RecordPresentationResult':
      return recordResult(loan, base, command.data, collect, rules);
    case 'RequestMandatePause': {
      const { mandateId, reason } = command.data;
      const mandate = mandateOf(loan, mandateId);
      if (mandate.status === 'paused' || mandate.pauseRequestedBy !== undefined) return [];
      if (mandate.status !== 'active') throw new MandateInWrongStatus(mandateId, mandate.status, 'pause');
      requireReason(reason);
      return [{ type: 'MandatePauseRequested', data: { ...base, mandateId, reason: reason.trim(), by } }];
    }
    case 'ApproveMandatePause': {
      const { mandateId } = command.data;
      const mandate = mandateOf(loan, mandateId);
      if (mandate.status === 'paused') return [];
      if (mandate.status !== 'active' || mandate.pauseRequestedBy === undefined)
        throw new MandateInWrongStatus(
          mandateId,
          mandate.status === 'active' ? 'active with no pause requested' : mandate.status,
          'approve a pause of',
        );
      if (mandate.pauseRequestedBy === by) throw new SamePerson('approve the pause of', mandate.pauseRequestedBy);
      return [{ type: 'MandatePaused', data: { ...base, mandateId, by } }];
    }
    case 'ResumeMandate': {
      const { mandateId } = command.data;
      const mandate = mandateOf(loan, mandateId);
      if (mandate.status === 'active') return [];
      if (mandate.status !== 'paused') throw new MandateInWrongStatus(mandateId, mandate.status, 'resume');
      return [{ type: 'MandateResumed', data: { ...base, mandateId, by } }];
    }
    case 'CancelMandate': {
      const { mandateId, cause } = command.data;
      const mandate = mandateOf(loan, mandateId);
      if (mandate.status === 'cancelled') return [];
      if (mandate.status === 'failed') throw new MandateInWrongStatus(mandateId, mandate.status, 'cancel');
      const problems = new FieldProblems();
      problems.requireText('cause', cause);
      problems.throwIfAny();
      return [{ type: 'MandateCancelled', data: { ...base, mandateId, cause: cause.trim().slice(0, MAX_REASON), by } }];
    }
    default:
      return assertNever(command, 'mandate command');
  }
}

/**
 * Close of business on one loan (docs/mandates.md, "Presentations"). Each instalment due by today, due no earlier
 * than the mandate became active, still owing, and not yet decided for its attempt is presented for what it owes
 * now, unless the mandate is paused, today is outside the mandate's validity or the amount is above its maximum (then
 * it goes to manual collection, once, with the reason). A bounced presentation whose next attempt day came is
 * presented again as the next attempt. UPI AutoPay needs a pre-debit notification recorded 24 hours before the
 * decision: instalments due in the next two days are notified now; one not notified in time waits for a later run.
 */
function presentDue(loan: LoanRecord, base: LoanMessageBase, businessDate: string): LoanEvent[] {
  const mandate = openMandate(loan.mandates);
  if (loan.status !== 'active' || !loan.servicing || mandate === undefined || mandate.status === 'pending') return [];
  const state = loan.mandates!;
  const { instalments } = serviceLoan(loan.servicing.terms, loan.servicing.events);
  const events: MandateEvent[] = [];
  const decided = (n: number, attempt: number) =>
    state.presentations.some((p) => p.instalmentNumber === n && p.attempt === attempt) ||
    state.manual.some((m) => m.instalmentNumber === n && m.attempt === attempt);
  const activeFrom = mandate.activeFrom ?? mandate.validFrom;

  const due: { number: number; dueDate: string; attempt: number }[] = [];
  for (const line of instalments) {
    if (line.dueDate > businessDate || line.dueDate < activeFrom) continue;
    const tries = state.presentations.filter((p) => p.instalmentNumber === line.number);
    const last = tries.reduce<(typeof tries)[number] | undefined>((a, p) => (a === undefined || p.attempt > a.attempt ? p : a), undefined);
    if (last === undefined) due.push({ number: line.number, dueDate: line.dueDate, attempt: 1 });
    else if (last.status === 'bounced' && last.nextAttemptOn !== undefined && last.nextAttemptOn <= businessDate)
      due.push({ number: line.number, dueDate: line.dueDate, attempt: last.attempt + 1 });
  }

  const upi = mandate.kind === 'upi-autopay';
  const noticeBefore = Date.parse(base.at) - PRE_DEBIT_NOTICE_MS;
  const notifiedAt = (n: number, attempt: number) =>
    state.notified.filter((x) => x.instalmentNumber === n && x.attempt === attempt).map((x) => Date.parse(x.at));

  for (const { number, dueDate, attempt } of due) {
    if (decided(number, attempt)) continue;
    const amount = owedOf(instalments[number - 1]!).total;
    if (amount === 0) continue;
    const manual = manualReason(mandate, amount, businessDate);
    if (manual !== undefined) {
      events.push({
        type: 'InstalmentSentToManualCollection',
        data: { ...base, mandateId: mandate.mandateId, instalmentNumber: number, attempt, ...manual, on: businessDate },
      });
      continue;
    }
    if (upi) {
      const times = notifiedAt(number, attempt);
      if (!times.some((t) => t <= noticeBefore)) {
        if (times.length === 0) events.push(preDebit(base, mandate.mandateId, number, attempt, amount, addDays(businessDate, 1)));
        continue;
      }
    }
    const presentationId = presentationIdOf(loan.id, number, attempt);
    events.push({
      type: 'InstalmentPresented',
      data: {
        ...base,
        presentationId,
        mandateId: mandate.mandateId,
        instalmentNumber: number,
        attempt,
        amount,
        dueDate,
        presentedOn: businessDate,
        idempotencyKey: presentationId,
      },
    });
  }

  if (upi && mandate.status === 'active') {
    for (const line of instalments) {
      if (line.dueDate <= businessDate || line.dueDate > addDays(businessDate, 2) || line.dueDate < activeFrom) continue;
      if (notifiedAt(line.number, 1).length > 0) continue;
      const amount = owedOf(line).total;
      if (amount > 0 && amount <= mandate.maxAmount) events.push(preDebit(base, mandate.mandateId, line.number, 1, amount, line.dueDate));
    }
  }
  return events;
}

/**
 * The provider's acceptance of a presentation just decided, at `at`: close of business sends a page's presentations
 * and records each with its acceptance in the same append (docs/mandates.md, "Presentations at scale").
 */
export function presentationAccepted(presented: InstalmentPresented, providerPresentationId: string, at: string): MandateEvent {
  const { loanId, actor, presentationId } = presented.data;
  return { type: 'PresentationSubmitted', data: { loanId, at, actor, presentationId, providerPresentationId } };
}

function preDebit(
  base: LoanMessageBase,
  mandateId: string,
  instalmentNumber: number,
  attempt: number,
  amount: number,
  debitOn: string,
): MandateEvent {
  return { type: 'PreDebitNotified', data: { ...base, mandateId, instalmentNumber, attempt, amount, debitOn } };
}

function manualReason(
  mandate: MandateRecord,
  amount: number,
  businessDate: string,
): { code: ManualCollectionCode; detail: string } | undefined {
  if (mandate.status === 'paused')
    return { code: 'mandate-paused', detail: `Presentations are paused: ${mandate.pauseReason ?? ''}`.trim() };
  if (businessDate < mandate.validFrom || businessDate > mandate.validUntil)
    return { code: 'outside-mandate-validity', detail: `The mandate is valid ${mandate.validFrom} to ${mandate.validUntil}` };
  if (amount > mandate.maxAmount)
    return { code: 'above-mandate-maximum', detail: `${amount} is due, above the mandate's maximum of ${mandate.maxAmount}` };
  return undefined;
}

/**
 * The provider's word on a presentation. A repeat changes nothing. A success becomes a payment applied by the normal
 * allocation (method nach or upi-autopay); a bounce is recorded with the bank's reason code, charged (the product's
 * bounce charge, a penal charge on the instalment), and re-presented after the product's interval unless the reason
 * is final or the attempts are used up (then the instalment goes to manual collection).
 */
function recordResult(
  loan: LoanRecord,
  base: LoanMessageBase,
  data: Extract<MandateCommand, { type: 'RecordPresentationResult' }>['data'],
  collect: CollectDebit,
  rules: MandateRules,
): LoanEvent[] {
  const { presentationId, outcome, paymentId, providerReference, reasonCode, businessDate } = data;
  const presentation = presentationOf(loan, presentationId);
  if (presentation.status === 'succeeded' || presentation.status === 'bounced') return [];
  const mandate = mandateOf(loan, presentation.mandateId);
  if (outcome === 'succeeded') {
    const succeeded: MandateEvent = {
      type: 'PresentationSucceeded',
      data: { ...base, presentationId, paymentId, amount: presentation.amount, providerReference },
    };
    const after = evolve(loan, succeeded) as LoanRecord;
    const method = mandate.kind === 'e-nach' ? 'nach' : 'upi-autopay';
    return [succeeded, ...collect(after, base, { paymentId, amount: presentation.amount, method, providerReference, businessDate })];
  }
  const code = typeof reasonCode === 'string' && reasonCode.trim() !== '' ? reasonCode.trim() : 'UNKNOWN';
  const { reason, final, cancels } = bounceReasonOf(code);
  const more = !final && presentation.attempt < rules.maxPresentations && loan.status === 'active';
  const events: MandateEvent[] = [
    {
      type: 'PresentationBounced',
      data: {
        ...base,
        presentationId,
        reasonCode: code,
        reason,
        ...(more && { nextAttemptOn: addDays(businessDate, rules.representAfterDays) }),
      },
    },
  ];
  if (rules.bounceCharge > 0 && loan.status === 'active' && loan.servicing) {
    events.push({
      type: 'BounceChargeApplied',
      data: {
        ...base,
        chargeId: `bounce-${presentationId}`,
        presentationId,
        instalmentNumber: presentation.instalmentNumber,
        amount: rules.bounceCharge,
        date: businessDate,
      },
    });
  }
  if (!more && loan.status === 'active') {
    events.push({
      type: 'InstalmentSentToManualCollection',
      data: {
        ...base,
        mandateId: mandate.mandateId,
        instalmentNumber: presentation.instalmentNumber,
        attempt: presentation.attempt + 1,
        code: final ? 'bounce-final' : 'presentations-exhausted',
        detail: final ? `${reason} (${code}): presenting again would bounce` : `${presentation.attempt} presentations bounced`,
        on: businessDate,
      },
    });
  }
  // The bank says this mandate will never debit again: it is cancelled here too (nothing more is presented on it).
  if (cancels !== undefined && (mandate.status === 'active' || mandate.status === 'paused')) {
    events.push({
      type: 'MandateCancelled',
      data: { ...base, reason: `${reason} (${code})`, mandateId: mandate.mandateId, cause: cancels, by: base.actor.id },
    });
  }
  return events;
}

function mandateOf(loan: LoanRecord, mandateId: string): MandateRecord {
  const mandate = loan.mandates?.mandates.find((m) => m.mandateId === mandateId);
  if (mandate === undefined) throw new MandateNotFound(loan.id, mandateId);
  return mandate;
}

function presentationOf(loan: LoanRecord, presentationId: string) {
  const presentation = loan.mandates?.presentations.find((p) => p.presentationId === presentationId);
  if (presentation === undefined) throw new PresentationNotFound(loan.id, presentationId);
  return presentation;
}

function requireReason(reason: unknown): void {
  const problems = new FieldProblems();
  problems.requireText('reason', reason);
  if (typeof reason === 'string' && reason.length > MAX_REASON) problems.add('reason', `reason must be at most ${MAX_REASON} characters`);
  problems.throwIfAny();
}

function baseOf({ loanId, at, actor, reason }: LoanMessageBase): LoanMessageBase {
  return { loanId, at, actor, ...(reason !== undefined && { reason }) };
}
