import { z } from 'zod';
import { hasValidSignature } from '../../../platform/webhooks/webhook-signature.js';
import type { MandateNotice, MandateProvider, ProviderMandate } from './mandate-provider.port.js';

const webhookBody = z.discriminatedUnion('about', [
  z.strictObject({
    about: z.literal('mandate'),
    mandateId: z.uuid(),
    status: z.enum(['registered', 'failed', 'cancelled']),
    providerReference: z.string().trim().max(200),
    reason: z.string().trim().max(1000).optional(),
  }),
  z.strictObject({
    about: z.literal('presentation'),
    presentationId: z.string().trim().min(1).max(200),
    status: z.enum(['succeeded', 'bounced']),
    amount: z.number().int().min(0),
    providerReference: z.string().trim().min(1).max(200),
    reasonCode: z.string().trim().min(1).max(50).optional(),
  }),
]);

/**
 * The development and test provider: no bank anywhere. Its authorisation page is /api/mandates/sandbox/:mandateId
 * (Approve or Fail); a presentation's result is given at /api/mandates/sandbox/presentations/:id (Succeed or Bounce
 * with a reason code). Both send the signed webhook a real provider would send (`X-Signature: sha256=<hex
 * HMAC-SHA256 of the raw body>`, keyed with PAYMENT_WEBHOOK_SECRET). `present` remembers the idempotency keys it was
 * given, as a provider does: the same key twice is the same debit.
 */
export class SandboxMandateProvider implements MandateProvider {
  readonly name = 'sandbox';
  /** Idempotency key -> the provider's presentation id (what a real provider deduplicates on). */
  private readonly presented = new Map<string, string>();
  /** How many distinct debits were asked for (tests look: a presentation sent again is not a second one). */
  debitsRequested = 0;
  readonly cancelled: string[] = [];

  constructor(private readonly webhookSecret: string | undefined) {}

  async createMandate({ mandateId }: { mandateId: string }): Promise<ProviderMandate> {
    return { providerMandateId: `sandbox_mandate_${mandateId}`, redirectUrl: `/api/mandates/sandbox/${mandateId}` };
  }

  async present({ idempotencyKey }: Parameters<MandateProvider['present']>[0]): Promise<{ providerPresentationId: string }> {
    const known = this.presented.get(idempotencyKey);
    if (known !== undefined) return { providerPresentationId: known };
    this.debitsRequested += 1;
    const id = `sandbox_debit_${this.presented.size + 1}`;
    this.presented.set(idempotencyKey, id);
    return { providerPresentationId: id };
  }

  async cancel({ mandateId }: { mandateId: string }): Promise<void> {
    if (!this.cancelled.includes(mandateId)) this.cancelled.push(mandateId);
  }

  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): MandateNotice | undefined | 'malformed' {
    if (this.webhookSecret === undefined || !hasValidSignature(rawBody, headers['x-signature'], this.webhookSecret)) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return 'malformed';
    }
    const body = webhookBody.safeParse(parsed);
    if (!body.success) return 'malformed';
    return body.data as MandateNotice;
  }
}
