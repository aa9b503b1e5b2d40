import type { LoanMessageBase } from '../../loan/domain/loan.types.js';
import type { InstalmentPresented, MandateFrequency, MandateKind } from './mandate.events.js';

type MandateCommandOf<Type extends string, Data> = { type: Type; data: LoanMessageBase & Data };

/** Today's business date (YYYY-MM-DD), fetched by the handler: the domain reads no clock. */
type OnBusinessDate = { businessDate: string };

export type StartMandateRegistration = MandateCommandOf<
  'StartMandateRegistration',
  OnBusinessDate & {
    mandateId: string;
    kind: MandateKind;
    maxAmount: number;
    frequency: MandateFrequency;
    validFrom: string;
    validUntil: string;
    provider: string;
  }
>;

/** The provider's signed word on a registration (its webhook, already verified). */
export type RecordMandateRegistration = MandateCommandOf<
  'RecordMandateRegistration',
  OnBusinessDate & { mandateId: string; outcome: 'registered' | 'failed'; providerReference: string; reason?: string }
>;

/**
 * Close of business for auto-debit on one loan: pre-debit notifications for UPI AutoPay debits coming up, then the
 * presentations due on `businessDate` (first presentations of instalments due, re-presentations whose day came).
 */
export type PresentDueInstalments = MandateCommandOf<'PresentDueInstalments', OnBusinessDate>;

/** The provider took a presentation for processing. */
export type RecordPresentationSubmitted = MandateCommandOf<
  'RecordPresentationSubmitted',
  { presentationId: string; providerPresentationId: string }
>;

/**
 * A presentation the provider has already taken, recorded with its acceptance. Close of business sends a page's
 * presentations and then records each loan's decision and acceptance in one append; when that append is refused
 * because the loan was written meanwhile (a counter payment), the debit is at the provider all the same, so it is
 * recorded as it was sent, whatever the loan's state now (docs/mandates.md, "Presentations at scale").
 */
export type RecordPresentationSent = MandateCommandOf<
  'RecordPresentationSent',
  { presentation: Omit<InstalmentPresented['data'], keyof LoanMessageBase>; providerPresentationId: string }
>;

/** The provider's signed word on a presentation: the debit went through, or the bank returned it with a reason code. */
export type RecordPresentationResult = MandateCommandOf<
  'RecordPresentationResult',
  OnBusinessDate & {
    presentationId: string;
    outcome: 'succeeded' | 'bounced';
    /** The payment the success becomes (derived from the presentation by the handler). */
    paymentId: string;
    amount: number;
    providerReference: string;
    reasonCode?: string;
  }
>;

export type RequestMandatePause = MandateCommandOf<'RequestMandatePause', { mandateId: string; reason: string }>;
export type ApproveMandatePause = MandateCommandOf<'ApproveMandatePause', { mandateId: string }>;
export type ResumeMandate = MandateCommandOf<'ResumeMandate', { mandateId: string }>;
/** `cause`: loan-closed, loan-settled, loan-written-off, borrower-request, staff, cancelled-at-bank (the provider's notice). */
export type CancelMandate = MandateCommandOf<'CancelMandate', { mandateId: string; cause: string }>;

export type MandateCommand =
  | StartMandateRegistration
  | RecordMandateRegistration
  | PresentDueInstalments
  | RecordPresentationSubmitted
  | RecordPresentationSent
  | RecordPresentationResult
  | RequestMandatePause
  | ApproveMandatePause
  | ResumeMandate
  | CancelMandate;

const EVERY_MANDATE_COMMAND_TYPE: Record<MandateCommand['type'], true> = {
  StartMandateRegistration: true,
  RecordMandateRegistration: true,
  PresentDueInstalments: true,
  RecordPresentationSubmitted: true,
  RecordPresentationSent: true,
  RecordPresentationResult: true,
  RequestMandatePause: true,
  ApproveMandatePause: true,
  ResumeMandate: true,
  CancelMandate: true,
};

export function isMandateCommand(command: { type: string }): command is MandateCommand {
  return Object.hasOwn(EVERY_MANDATE_COMMAND_TYPE, command.type);
}
