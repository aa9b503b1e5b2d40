/**
 * Click-to-call: the provider rings the agent's phone, then bridges the borrower's (Exotel's Calls/connect with
 * From = agent, To = borrower, CallerId = our virtual number; Knowlarity's click-to-call API). Answers the
 * provider's call id; the agent captures the outcome in the console afterwards.
 */
export interface DialerProvider {
  readonly name: string;
  connect(call: { agentId: string; to: string; reference: string }): Promise<{ providerCallId: string }>;
}

export const DIALER_PROVIDER = Symbol('DIALER_PROVIDER');
