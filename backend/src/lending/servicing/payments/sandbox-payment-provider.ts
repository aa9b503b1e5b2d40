import { z } from 'zod';
import type { PaymentProvider, ProviderConfirmation, ProviderOrder } from './payment-provider.port.js';
import { hasValidSignature } from '../../../platform/webhooks/webhook-signature.js';

const webhookBody = z.strictObject({
  paymentId: z.uuid(),
  status: z.enum(['captured', 'failed']),
  amount: z.number().int().min(0),
  providerReference: z.string().trim().min(1).max(200),
});

/**
 * The development and test provider: no account anywhere. Its "checkout" is the page at
 * /api/payments/sandbox/:paymentId, whose Pay and Fail buttons send the signed webhook a real provider would send
 * (`{paymentId, status, amount, providerReference}`, `X-Signature: sha256=<hex HMAC-SHA256 of the raw body>`).
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';

  constructor(private readonly webhookSecret: string | undefined) {}

  async createOrder({ paymentId }: { paymentId: string }): Promise<ProviderOrder> {
    return { providerOrderId: `sandbox_order_${paymentId}`, redirectUrl: `/api/payments/sandbox/${paymentId}` };
  }

  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProviderConfirmation | undefined | 'malformed' {
    if (this.webhookSecret === undefined || !hasValidSignature(rawBody, headers['x-signature'], this.webhookSecret)) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return 'malformed';
    }
    const body = webhookBody.safeParse(parsed);
    if (!body.success) return 'malformed';
    const { paymentId, status, amount, providerReference } = body.data;
    return { paymentId, outcome: status, amount, providerReference };
  }
}
