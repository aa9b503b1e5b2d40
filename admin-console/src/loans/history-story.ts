import { formatDate, formatMoney } from '@lending/web-common/format';
import type { LoanHistoryEntry } from '@lending/web-common/api';
import { cancelCauseLabel } from '../mandates/types';
import { humanizeEventType } from './labels';

/** What a sentence needs beyond the event: names for the actor and for staff in the data, money, the product. */
export type StoryContext = {
  currency: string;
  /** The entry's actor in words ("Asha Rao (borrower)", "Payment provider (sandbox)"). */
  actor: string;
  /** A staff member named in the event's data (a collector) by user id. */
  staffName(id: string): string;
  /** The product's name by id, when the loan was applied under it. */
  productName(id: string): string | null;
};

const PAYMENT_METHODS: Record<string, string> = {
  cash: 'Cash',
  bankTransfer: 'Bank transfer',
  upi: 'UPI',
  cheque: 'Cheque',
  online: 'Online',
};
const CHANNELS: Record<string, string> = { call: 'a call', sms: 'SMS', email: 'email', whatsapp: 'WhatsApp', visit: 'a visit' };
const OUTCOMES: Record<string, string> = {
  'no-answer': 'no answer',
  'promised-to-pay': 'promised to pay',
  paid: 'says they paid',
  refused: 'refused to pay',
  'wrong-number': 'wrong number',
  callback: 'asked for a call back',
  answered: 'answered',
  'message-sent': 'message sent',
};

const MANDATE_KINDS: Record<string, string> = { 'e-nach': 'e-NACH', 'upi-autopay': 'UPI AutoPay' };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * One event of a loan as a sentence: "Soft check approved by Rohan Mehta for ₹90,000.00 (score 742)". Money from
 * minor units in the loan's currency, calendar dates (value dates, due dates) as dates; an event this does not know
 * reads as its type by its actor, and its data stays in the raw event.
 */
export function storyOf(entry: Pick<LoanHistoryEntry, 'type' | 'data'>, ctx: StoryContext): string {
  const d = entry.data as Record<string, unknown>;
  const money = (key: string) => formatMoney(typeof d[key] === 'number' ? (d[key] as number) : null, ctx.currency);
  const text = (key: string) => (typeof d[key] === 'string' ? (d[key] as string) : '');
  const num = (key: string) => (typeof d[key] === 'number' ? (d[key] as number) : 0);
  const date = (key: string) => formatDate(text(key) || null);
  const by = ctx.actor;
  const instalment = `instalment ${num('instalmentNumber')}`;

  switch (entry.type) {
    case 'LoanApplicationStarted': {
      const product = text('productId') ? ctx.productName(text('productId')) : null;
      const what =
        text('loanType') === 'salaryAdvance'
          ? `a salary advance of ${money('amount')}`
          : `${money('amount')} over ${plural(num('tenureMonths'), 'month')}`;
      return `Application started by ${by} for ${what}${product ? ` under ${product}` : ''}`;
    }
    case 'LoanApplicationAmended':
      return `Application changed by ${by} to ${money('amount')} over ${plural(num('tenureMonths'), 'month')}`;
    case 'LoanApplicationSubmitted':
      return `Application submitted by ${by}`;
    case 'LoanApplicationAccepted':
      return `Accepted for credit review by ${by}`;
    case 'SoftCheckApproved':
      return `Soft check approved by ${by} for ${money('approvedAmount')} (credit score ${num('score')})`;
    case 'BankVerificationApproved': {
      const account = text('bankAccountLast4') ? ` •••• ${text('bankAccountLast4')}` : '';
      const how = text('method') === 'penny-drop' ? ' by penny drop' : text('method') === 'manual' ? ' manually' : '';
      return `Bank account${account} verified${how} by ${by}`;
    }
    case 'AgreementIssued': {
      const terms = (d.terms ?? {}) as Record<string, unknown>;
      const principal = formatMoney(typeof terms.principal === 'number' ? terms.principal : null, ctx.currency);
      return `Agreement issued by ${by} for ${principal} at ${String(terms.annualRatePercent ?? '—')} % a year over ${plural(Number(terms.tenureMonths ?? 0), 'month')}`;
    }
    case 'AgreementSigned':
      return `Agreement signed by ${by}${d.evidence ? ' with a one-time code' : ''}`;
    case 'FinalApprovalGranted':
      return `Final approval granted by ${by}`;
    case 'LoanDisbursed':
      return `Money sent by ${by} on ${date('disbursedOn')} (payout reference ${text('payoutReference')}), ${plural(Array.isArray(d.schedule) ? d.schedule.length : 0, 'instalment')} fixed`;
    case 'LoanRejected':
      return `Rejected by ${by}`;
    case 'LoanApplicationCancelled':
      return `Cancelled by ${by}`;
    case 'PaymentRecorded':
      return `${PAYMENT_METHODS[text('method')] ?? text('method')} payment of ${money('amount')} paid on ${date('paidOn')} recorded by ${by} (reference ${text('reference')}), awaiting verification`;
    case 'PaymentRejected':
      return `Recorded payment turned down by ${by}`;
    case 'OnlinePaymentCreated':
      return `Online payment of ${money('amount')} started by ${by}`;
    case 'OnlinePaymentFailed':
      return `Online payment failed, as reported by ${by}`;
    case 'PaymentAmountMismatched':
      return `${by} captured ${money('capturedAmount')} instead of ${money('expectedAmount')}: not applied`;
    case 'RepaymentApplied':
      return `${PAYMENT_METHODS[text('method')] ?? text('method')} payment of ${money('amount')} applied, value date ${date('valueDate')}, confirmed by ${by}`;
    case 'PaymentReversalRequested':
      return `Reversal of a payment requested by ${by}`;
    case 'PaymentReversalRejected':
      return `Reversal turned down by ${by}`;
    case 'RepaymentReversed':
      return `Payment reversed on ${date('valueDate')}, approved by ${by}`;
    case 'CreditBalanceRefundRequested':
      return `Refund of ${money('amount')} requested by ${by}`;
    case 'CreditBalanceRefunded':
      return `${money('amount')} refunded on ${date('valueDate')}, approved by ${by}`;
    case 'LoanClosed':
      return `Loan closed: fully repaid on ${date('closedOn')}`;
    case 'LoanReopened':
      return `Loan reopened by ${by}: a reversed payment left money owed`;
    case 'InstalmentFellDue':
      return `Instalment ${num('instalmentNumber')} of ${money('amountDue')} fell due on ${date('dueDate')}`;
    case 'InstalmentWentOverdue':
      return `Instalment ${num('instalmentNumber')} went overdue on ${date('date')} with ${money('amountOverdue')} unpaid`;
    case 'PenalChargeApplied':
      return `Penal charge of ${money('amount')} applied to ${instalment} on ${date('date')}`;
    case 'LoanClassificationChanged':
      return `Classification changed from ${text('from')} to ${text('to')} on ${date('date')} (${plural(num('dpd'), 'day')} past due)`;
    case 'CollectorAssigned':
      return text('staffId') ? `Assigned to collector ${ctx.staffName(text('staffId'))} by ${by}` : `Collector unassigned by ${by}`;
    case 'CollectionContactRecorded': {
      const promise = text('promiseToPayOn') ? ` for ${date('promiseToPayOn')}` : '';
      return `Contact by ${CHANNELS[text('channel')] ?? text('channel')} recorded by ${by}: ${OUTCOMES[text('outcome')] ?? text('outcome')}${promise}`;
    }
    case 'CollectionReminderSent':
      return `Reminder for ${instalment} (due ${date('dueOn')}) sent by ${(Array.isArray(d.channels) ? d.channels : []).join(' and ')}`;
    case 'CollectionReminderSkipped':
      return `Reminder for ${instalment} (due ${date('dueOn')}) not sent: already paid`;
    case 'SettlementOffered':
      return `Settlement of ${money('amount')} offered by ${by}, valid until ${date('validUntil')}`;
    case 'SettlementOfferApproved':
      return `Settlement offer approved by ${by}`;
    case 'SettlementOfferRejected':
      return `Settlement offer turned down by ${by}`;
    case 'SettlementOfferWithdrawn':
      return `Settlement offer withdrawn by ${by}`;
    case 'SettlementOfferLapsed':
      return `Settlement offer lapsed: not paid by ${date('validUntil')}`;
    case 'LoanSettled': {
      const waived = (d.waived ?? {}) as Record<string, unknown>;
      return `Loan settled on ${date('on')}: ${money('amountPaid')} paid, ${formatMoney(typeof waived.total === 'number' ? waived.total : null, ctx.currency)} waived`;
    }
    case 'WriteOffRequested':
      return `Write-off requested by ${by}`;
    case 'WriteOffApproved':
      return `Write-off approved by ${by}`;
    case 'WriteOffRejected':
      return `Write-off turned down by ${by}`;
    case 'WriteOffWithdrawn':
      return `Write-off request withdrawn by ${by}`;
    case 'LoanWrittenOff': {
      const outstanding = (d.outstanding ?? {}) as Record<string, unknown>;
      return `Loan written off on ${date('on')} with ${formatMoney(typeof outstanding.total === 'number' ? outstanding.total : null, ctx.currency)} outstanding`;
    }
    case 'CoolingOffExitRequested':
      return `Cooling-off exit asked for by ${by}: ${money('amount')} to pay by ${date('lastDay')} (${money('principal')} principal, ${money('interest')} interest for ${plural(num('daysHeld'), 'day')}${num('fee') > 0 ? `, ${money('fee')} fee kept` : ''}${num('alreadyPaid') > 0 ? `, ${money('alreadyPaid')} already paid` : ''})`;
    case 'CoolingOffExitApproved':
      return `Cooling-off exit approved by ${by}: open for payment`;
    case 'LoanExitedInCoolingOff':
      return `Loan exited in the cooling-off period on ${date('on')}: ${money('amountPaid')} paid, nothing else owed`;
    case 'MandateRegistrationStarted':
      return `${MANDATE_KINDS[text('kind')] ?? text('kind')} mandate registration started by ${by}: up to ${money('maxAmount')}, ${date('validFrom')} to ${date('validUntil')}`;
    case 'MandateRegistered':
      return `Mandate registered (reference ${text('providerReference')}), active from ${date('activeFrom')}`;
    case 'MandateRegistrationFailed':
      return `Mandate registration failed: ${text('reason')}`;
    case 'PreDebitNotified':
      return `Borrower told of the debit of ${money('amount')} on ${date('debitOn')} for ${instalment}`;
    case 'InstalmentPresented':
      return `${money('amount')} presented for ${instalment} (attempt ${num('attempt')}) on ${date('presentedOn')}`;
    case 'PresentationSubmitted':
      return `Presentation accepted by the provider (${text('providerPresentationId')})`;
    case 'PresentationSucceeded':
      return `Auto-debit of ${money('amount')} succeeded (${text('providerReference')})`;
    case 'PresentationBounced':
      return `Auto-debit bounced: ${text('reason')} (${text('reasonCode')})${text('nextAttemptOn') ? `; presented again on ${date('nextAttemptOn')}` : ''}`;
    case 'BounceChargeApplied':
      return `Bounce charge of ${money('amount')} on ${instalment}`;
    case 'InstalmentSentToManualCollection':
      return `${instalment[0].toUpperCase()}${instalment.slice(1)} to be paid by the borrower, not by auto-debit: ${text('detail')}`;
    case 'MandatePauseRequested':
      return `Pause of auto-debit asked for by ${by}: ${text('reason')}`;
    case 'MandatePaused':
      return `Auto-debit paused (approved by ${by})`;
    case 'MandateResumed':
      return `Auto-debit resumed by ${by}`;
    case 'MandateCancelled':
      return `Mandate cancelled: ${cancelCauseLabel(text('cause'))}`;
    default:
      return `${humanizeEventType(entry.type)} by ${by}`;
  }
}

/** The staff user ids an event's data names (a collector), to look up with the actors. */
export function staffIdsInData(entry: Pick<LoanHistoryEntry, 'type' | 'data'>): string[] {
  const staffId = (entry.data as Record<string, unknown>).staffId;
  return entry.type === 'CollectorAssigned' && typeof staffId === 'string' ? [staffId] : [];
}
