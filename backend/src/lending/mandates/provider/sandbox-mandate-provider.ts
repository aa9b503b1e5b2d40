import { createHash } from 'node:crypto';
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
 * HMAC-SHA256 of the raw body>`, keyed with PAYMENT_WEBHOOK_SECRET). `present` deduplicates on the idempotency key
 * durably, as a provider does: its debit id is derived from the key, so the same key is the same debit in any process
 * and after a restart (close of business sends before it records: a crash between the two sends again, with the same key).
 */
export class SandboxMandateProvider implements MandateProvider {
  readonly name = 'sandbox';
  /** The idempotency keys this process was given (what a real provider deduplicates on, in its own store). */
  private readonly presented = new Set<string>();
  /** How many distinct debits this process was asked for (tests look: a presentation sent again is not a second one). */
  debitsRequested = 0;
  readonly cancelled: string[] = [];

  constructor(private readonly webhookSecret: string | undefined) {}

  async createMandate({ mandateId }: { mandateId: string }): Promise<ProviderMandate> {
    return { providerMandateId: `sandbox_mandate_${mandateId}`, redirectUrl: `/api/mandates/sandbox/${mandateId}` };
  }

  async present({ idempotencyKey }: Parameters<MandateProvider['present']>[0]): Promise<{ providerPresentationId: string }> {
    if (!this.presented.has(idempotencyKey)) {
      this.debitsRequested += 1;
      this.presented.add(idempotencyKey);
    }
    return { providerPresentationId: `sandbox_debit_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 20)}` };
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
