import type { MandateFrequency, MandateKind } from '../domain/mandate.events.js';

/** Where to send the borrower to authorise a mandate, and the provider's own id for it. */
export type ProviderMandate = { providerMandateId: string; redirectUrl: string };

/**
 * A provider's signed notice, once its signature has been checked. A mandate `cancelled`: the borrower cancelled it at
 * their bank (or in their UPI app); `reason` is the bank's words when it gives them.
 */
export type MandateNotice =
  | { about: 'mandate'; mandateId: string; status: 'registered' | 'failed' | 'cancelled'; providerReference: string; reason?: string }
  | {
      about: 'presentation';
      presentationId: string;
      status: 'succeeded' | 'bounced';
      amount: number;
      providerReference: string;
      reasonCode?: string;
    };

/**
 * The auto-debit provider (DESIGN §2: every outside system is a port): a sponsor bank's e-NACH API or a UPI PSP's
 * AutoPay API behind one face. `createMandate` is called before the registration is recorded; `present` sends a
 * recorded presentation and must be idempotent on `idempotencyKey` (a presentation sent again after a crash is the
 * same debit, never a second one); `cancel` ends the mandate at the provider; `readWebhook` checks the signature over
 * the raw body and parses it, or answers undefined when the signature is missing or wrong (401, nothing changed).
 * docs/mandates.md says what a real adapter implements.
 */
export interface MandateProvider {
  readonly name: string;
  createMandate(mandate: {
    mandateId: string;
    loanId: string;
    kind: MandateKind;
    maxAmount: number;
    frequency: MandateFrequency;
    validFrom: string;
    validUntil: string;
  }): Promise<ProviderMandate>;
  present(presentation: {
    presentationId: string;
    idempotencyKey: string;
    mandateReference: string;
    kind: MandateKind;
    amount: number;
    debitOn: string;
  }): Promise<{ providerPresentationId: string }>;
  cancel(mandate: { mandateId: string; providerReference?: string }): Promise<void>;
  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): MandateNotice | undefined | 'malformed';
}

export const MANDATE_PROVIDER = Symbol('MANDATE_PROVIDER');
