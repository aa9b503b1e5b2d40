/** What a provider answers when asked to take a payment: its own order id, and where to send the borrower. */
export type ProviderOrder = { providerOrderId: string; redirectUrl: string };

/** A provider's confirmation, once its signature has been checked. */
export type ProviderConfirmation = {
  paymentId: string;
  outcome: 'captured' | 'failed';
  /** Minor units captured (for a failure, what the provider reports, usually the order's amount). */
  amount: number;
  /** The provider's payment id, shown to staff and on the ledger. */
  providerReference: string;
};

/**
 * The payment provider (DESIGN §2: every outside system is a port). `createOrder` is called before the payment is
 * recorded; `readWebhook` checks the webhook's signature over the raw body and parses it, or answers undefined when
 * the signature is missing or wrong (the caller answers 401 and changes nothing). docs/servicing.md shows the shape
 * of a Razorpay adapter.
 */
export interface PaymentProvider {
  readonly name: string;
  createOrder(order: { paymentId: string; loanId: string; amount: number; currency: string }): Promise<ProviderOrder>;
  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProviderConfirmation | undefined | 'malformed';
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');
