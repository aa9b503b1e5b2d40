import type { Actor, AgreementTerms, LoanStatus, LoanType, ScheduleLine } from '../../loan/domain/loan.types.js';
import type { PinnedProductTerms } from '../../loan/domain/terms/loan-product.js';
import { DEFAULT_SERVICING_CHOICES, servicingTermsFor, type ServicingChoices } from '../../loan/domain/schedule/servicing-terms.js';
import type { ServicingEvent, ServicingTerms } from '../../loan/domain/schedule/servicing.types.js';
import { assertNever } from '../../loan/domain/assert-never.js';
import type { PinnedCoolingOff } from './cooling-off/cooling-off.rules.js';
import type { BankVerificationMethod } from './bank-verification.js';
import type { LoanApplicationStarted, PipelineEvent } from './pipeline.events.js';

/** A gate of the pipeline; the admin "approved" lists show who passed it and when. */
export type LoanGate = 'soft' | 'bank' | 'consent' | 'final';

export type GatePassage = { at: string; actor: Actor };

/** What the pipeline records of a loan, from its start to the payout; the rest of the loan's state builds on it. */
export type PipelineRecord = {
  status: LoanStatus;
  id: string;
  borrowerId: string;
  loanType: LoanType;
  /** As requested by the borrower. */
  amount: number;
  /** Set by the soft check; the principal from then on. */
  approvedAmount?: number;
  tenureMonths: number;
  annualRatePercent: number;
  fee: number;
  payDayOfMonth?: number;
  /** The pinned product version; absent for loans started before products were data. */
  product?: { id: string; version: number; terms: PinnedProductTerms };
  score?: number;
  bankAccountLast4?: string;
  /** How the account was verified; absent for loans verified before it was recorded. */
  bankVerification?: { method: BankVerificationMethod; ifsc?: string; reference?: string };
  agreement?: { documentHash: string; terms: AgreementTerms; issuedAt: string; coolingOff?: PinnedCoolingOff };
  signedAt?: string;
  payoutReference?: string;
  /** The verified account the payout went to (issue 33); absent on loans disbursed before it was recorded. */
  payoutAccount?: { accountLast4: string; ifsc: string };
  disbursedOn?: string;
  schedule?: ScheduleLine[];
  /** From disbursal: the terms the servicing fold starts from and the money events it reads, in log order. */
  servicing?: { terms: ServicingTerms; events: ServicingEvent[] };
  createdAt: string;
  updatedAt: string;
  lastActor: Actor;
  lastReason?: string;
  /** Number of events applied: the expected version for the next append. */
  version: number;
  /**
   * Gates passed: soft = SoftCheckApproved, bank = BankVerificationApproved,
   * consent = AgreementSigned, final = FinalApprovalGranted.
   */
  passed: Partial<Record<LoanGate, GatePassage>>;
};

/** The loan a LoanApplicationStarted begins. */
export function startedLoan({ data }: LoanApplicationStarted): PipelineRecord {
  return {
    status: 'new',
    id: data.loanId,
    borrowerId: data.borrowerId,
    loanType: data.loanType,
    amount: data.amount,
    tenureMonths: data.tenureMonths,
    annualRatePercent: data.annualRatePercent,
    fee: data.fee,
    payDayOfMonth: data.payDayOfMonth,
    ...(data.productId !== undefined && data.productVersion !== undefined && data.productTerms !== undefined
      ? { product: { id: data.productId, version: data.productVersion, terms: data.productTerms } }
      : {}),
    createdAt: data.at,
    updatedAt: data.at,
    lastActor: data.actor,
    lastReason: data.reason,
    version: 1,
    passed: {},
  };
}

/**
 * A pipeline event on a loan already started (its version and last actor already moved on by the aggregate).
 * Spreads, though each key added after `...loan` costs about a microsecond on Node 20: `Object.assign({}, loan, ...)`
 * would put a loan of twenty-odd keys in dictionary mode (docs/architecture.md, "Objects on the hot paths").
 */
export function evolvePipeline<Loan extends PipelineRecord>(loan: Loan, event: Exclude<PipelineEvent, LoanApplicationStarted>): Loan {
  const { data } = event;
  const passage: GatePassage = { at: data.at, actor: data.actor };
  switch (event.type) {
    case 'LoanApplicationAmended':
      return {
        ...loan,
        amount: event.data.amount,
        tenureMonths: event.data.tenureMonths,
        fee: event.data.fee,
      };
    case 'LoanApplicationSubmitted':
      return { ...loan, status: 'applied' };
    case 'LoanApplicationAccepted':
      return { ...loan, status: 'soft.pending' };
    case 'SoftCheckApproved':
      return {
        ...loan,
        status: 'bank.pending',
        score: event.data.score,
        approvedAmount: event.data.approvedAmount,
        fee: event.data.fee,
        passed: { ...loan.passed, soft: passage },
      };
    case 'BankVerificationApproved':
      return {
        ...loan,
        status: 'consent.pending',
        bankAccountLast4: event.data.bankAccountLast4,
        ...(event.data.method
          ? { bankVerification: { method: event.data.method, ifsc: event.data.ifsc, reference: event.data.pennyDrop?.reference } }
          : {}),
        passed: { ...loan.passed, bank: passage },
      };
    case 'AgreementIssued':
      return {
        ...loan,
        status: 'consent.customerpending',
        agreement: {
          documentHash: event.data.documentHash,
          terms: event.data.terms,
          issuedAt: data.at,
          ...(event.data.coolingOff ? { coolingOff: event.data.coolingOff } : {}),
        },
      };
    case 'AgreementSigned':
      return {
        ...loan,
        status: 'final.pending',
        signedAt: data.at,
        passed: { ...loan.passed, consent: passage },
      };
    case 'FinalApprovalGranted':
      return { ...loan, status: 'disbursal.pending', passed: { ...loan.passed, final: passage } };
    case 'LoanDisbursed': {
      const disbursed: Loan = {
        ...loan,
        status: 'active',
        payoutReference: event.data.payoutReference,
        ...(event.data.payoutAccount ? { payoutAccount: event.data.payoutAccount } : {}),
        disbursedOn: event.data.disbursedOn,
        schedule: event.data.schedule,
      };
      return {
        ...disbursed,
        servicing: { terms: event.data.servicingTerms ?? servicingTermsFor(disbursed, servicingChoicesOf(loan)), events: [] },
      };
    }
    case 'LoanRejected':
      return { ...loan, status: 'rejected' };
    case 'LoanApplicationCancelled':
      return { ...loan, status: 'cancelled' };
    default:
      return assertNever(event, 'pipeline event');
  }
}

/**
 * The product's allocation strategy, prepayment mode and advance-payment setting, as the loan pinned them (defaults for
 * loans from before products, and for the advance-payment setting of terms pinned before it existed).
 */
export function servicingChoicesOf(loan: PipelineRecord): ServicingChoices {
  const terms = loan.product?.terms as
    (Omit<PinnedProductTerms, 'advancePayment'> & Partial<Pick<PinnedProductTerms, 'advancePayment'>>) | undefined;
  return terms
    ? {
        strategy: terms.allocationStrategy,
        prepaymentMode: terms.prepaymentMode,
        advancePayment: terms.advancePayment ?? DEFAULT_SERVICING_CHOICES.advancePayment,
      }
    : DEFAULT_SERVICING_CHOICES;
}
