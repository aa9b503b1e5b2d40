import { assertNever } from '../../loan/domain/assert-never.js';
import type { ServicingEvent, ServicingTerms } from '../../loan/domain/schedule/servicing.types.js';
import { isMandateEvent, type MandateEvent, type MandateFrequency, type MandateKind, type ManualCollectionCode } from './mandate.events.js';

/** pending -> active | failed; active <-> paused; pending, active or paused -> cancelled. */
export type MandateStatus = 'pending' | 'active' | 'failed' | 'paused' | 'cancelled';

export type MandateRecord = {
  mandateId: string;
  kind: MandateKind;
  maxAmount: number;
  frequency: MandateFrequency;
  validFrom: string;
  validUntil: string;
  provider: string;
  status: MandateStatus;
  startedBy: string;
  providerReference?: string;
  activeFrom?: string;
  failureReason?: string;
  /** An open pause request (the maker) and its reason. */
  pauseRequestedBy?: string;
  pauseReason?: string;
  cancelCause?: string;
};

/** presented (decided, maybe not yet sent) -> submitted -> succeeded | bounced. */
export type PresentationStatus = 'presented' | 'submitted' | 'succeeded' | 'bounced';

export type PresentationRecord = {
  presentationId: string;
  mandateId: string;
  instalmentNumber: number;
  attempt: number;
  amount: number;
  dueDate: string;
  presentedOn: string;
  idempotencyKey: string;
  status: PresentationStatus;
  reasonCode?: string;
  nextAttemptOn?: string;
};

export type MandatesState = {
  mandates: MandateRecord[];
  presentations: PresentationRecord[];
  /** Instalments handed to manual collection: by instalment and attempt, with why. */
  manual: { instalmentNumber: number; attempt: number; code: ManualCollectionCode }[];
  /** UPI AutoPay pre-debit notifications: by instalment, with when (ISO) they were sent. */
  notified: { instalmentNumber: number; attempt: number; at: string }[];
};

export const initialMandates: MandatesState = { mandates: [], presentations: [], manual: [], notified: [] };

type Mandated = {
  id: string;
  mandates?: MandatesState;
  servicing?: { terms: ServicingTerms; events: ServicingEvent[] };
};

/** The mandate presentations can be made under (pending, active or paused): at most one. */
export function openMandate(state: MandatesState | undefined): MandateRecord | undefined {
  return state?.mandates.find((m) => m.status === 'pending' || m.status === 'active' || m.status === 'paused');
}

/**
 * Whether an event changes nothing of the loan but its mandates (and the envelope: the version, and the last move
 * unless it is a routine step, `isRoutineAutoDebitStep`): every mandate event but BounceChargeApplied, which adds a
 * charge to the loan's servicing. What is built from the rest of the loan (loan_summaries' other columns) stands as
 * it was.
 */
export function changesOnlyMandates(event: { type: string }): boolean {
  return isMandateEvent(event) && event.type !== 'BounceChargeApplied';
}

/**
 * Close of business's routine auto-debit steps: an instalment presented on its due date, the bank's acceptance of the
 * debit, a pre-debit notice. Each moves the loan's version, not its last move (time, actor, reason: the console's
 * "Last move"), which stays that of the last change a person or servicing made: a presentation is shown in the
 * loan's auto-debit panel and history, and a loan presented every month does not rise to the top of every queue
 * sorted by its last move on each due date. What follows a presentation and matters to the people working the loan
 * moves it as any change does: the bank's bounce, the payment a success records, a charge, an instalment handed to
 * manual collection, a mandate registered, paused or cancelled.
 */
export function isRoutineAutoDebitStep(event: { type: string }): boolean {
  return ROUTINE_AUTO_DEBIT_STEPS.has(event.type);
}

const ROUTINE_AUTO_DEBIT_STEPS = new Set(['InstalmentPresented', 'PresentationSubmitted', 'PreDebitNotified']);

/** How mandate events change the loan's state. */
export function evolveMandates<Loan extends Mandated>(loan: Loan, event: MandateEvent): Loan {
  const current = loan.mandates ?? initialMandates;
  const { data } = event;
  const withMandates = (next: Partial<MandatesState>): Loan => ({ ...loan, mandates: { ...current, ...next } });
  const mandate = (id: string, change: Partial<MandateRecord>) =>
    withMandates({ mandates: current.mandates.map((m) => (m.mandateId === id ? { ...m, ...change } : m)) });
  const presentation = (id: string, change: Partial<PresentationRecord>) =>
    withMandates({ presentations: current.presentations.map((p) => (p.presentationId === id ? { ...p, ...change } : p)) });
  switch (event.type) {
    case 'MandateRegistrationStarted': {
      const { mandateId, kind, maxAmount, frequency, validFrom, validUntil, provider, by } = event.data;
      return withMandates({
        mandates: [
          ...current.mandates,
          { mandateId, kind, maxAmount, frequency, validFrom, validUntil, provider, status: 'pending', startedBy: by },
        ],
      });
    }
    case 'MandateRegistered':
      return mandate(event.data.mandateId, {
        status: 'active',
        providerReference: event.data.providerReference,
        activeFrom: event.data.activeFrom,
      });
    case 'MandateRegistrationFailed':
      return mandate(event.data.mandateId, { status: 'failed', failureReason: event.data.reason });
    case 'PreDebitNotified':
      return withMandates({
        notified: [...current.notified, { instalmentNumber: event.data.instalmentNumber, attempt: event.data.attempt, at: data.at }],
      });
    case 'InstalmentPresented': {
      const { presentationId, mandateId, instalmentNumber, attempt, amount, dueDate, presentedOn, idempotencyKey } = event.data;
      return withMandates({
        presentations: [
          ...current.presentations,
          { presentationId, mandateId, instalmentNumber, attempt, amount, dueDate, presentedOn, idempotencyKey, status: 'presented' },
        ],
      });
    }
    case 'PresentationSubmitted':
      return presentation(event.data.presentationId, { status: 'submitted' });
    case 'PresentationSucceeded':
      return presentation(event.data.presentationId, { status: 'succeeded' });
    case 'PresentationBounced':
      return presentation(event.data.presentationId, {
        status: 'bounced',
        reasonCode: event.data.reasonCode,
        ...(event.data.nextAttemptOn !== undefined && { nextAttemptOn: event.data.nextAttemptOn }),
      });
    case 'BounceChargeApplied': {
      if (!loan.servicing) throw new Error(`Loan ${loan.id} has a bounce charge before its disbursal`);
      const { chargeId, instalmentNumber, amount, date } = event.data;
      const charge: ServicingEvent = { type: 'ChargeApplied', chargeId, instalmentNumber, kind: 'penalty', amount, valueDate: date };
      return { ...loan, servicing: { ...loan.servicing, events: [...loan.servicing.events, charge] } };
    }
    case 'InstalmentSentToManualCollection': {
      const { instalmentNumber, attempt, code } = event.data;
      return withMandates({ manual: [...current.manual, { instalmentNumber, attempt, code }] });
    }
    case 'MandatePauseRequested':
      return mandate(event.data.mandateId, { pauseRequestedBy: event.data.by, pauseReason: event.data.reason });
    case 'MandatePaused':
      return mandate(event.data.mandateId, { status: 'paused', pauseRequestedBy: undefined });
    case 'MandateResumed':
      return mandate(event.data.mandateId, { status: 'active', pauseReason: undefined });
    case 'MandateCancelled':
      return mandate(event.data.mandateId, { status: 'cancelled', cancelCause: event.data.cause, pauseRequestedBy: undefined });
    default:
      return assertNever(event, 'mandate event');
  }
}
