import { serviceLoan } from '../../loan/domain/schedule/loan-servicing.js';
import type { Amounts, LoanServicing, ServicingEvent, ServicingTerms } from '../../loan/domain/schedule/servicing.types.js';

export const PREVIEW_PAYMENT_ID = 'preview';

export type PaymentPreview = {
  /** The loan as the fold leaves it with the payment applied. */
  servicing: LoanServicing;
  /** How the payment is split, and what goes beyond everything owed. */
  allocated: Amounts & { toCreditBalance: number };
};

/**
 * What a payment of `amount` on `valueDate` would do, computed by the same fold that will apply it: the schedule it
 * leaves and how it is split. Events dated after `valueDate` are folded too (a back-dated payment re-allocates them).
 */
export function previewPayment(
  terms: ServicingTerms,
  events: readonly ServicingEvent[],
  payment: { amount: number; valueDate: string; reducePrincipal: boolean },
): PaymentPreview {
  const servicing = serviceLoan(terms, [
    ...events,
    {
      type: 'RepaymentApplied',
      paymentId: PREVIEW_PAYMENT_ID,
      valueDate: payment.valueDate,
      amount: payment.amount,
      ...(payment.reducePrincipal && { reducePrincipal: true }),
    },
  ]);
  const line = servicing.ledger.find((candidate) => candidate.id === PREVIEW_PAYMENT_ID)!;
  return {
    servicing,
    allocated: {
      principal: line.principal,
      interest: line.interest,
      fees: line.fees,
      penalties: line.penalties,
      toCreditBalance: line.toCreditBalance,
    },
  };
}
