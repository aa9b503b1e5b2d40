import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { hasValidSignature } from '../../../platform/webhooks/webhook-signature.js';
import { ChannelWebhookOff, InvalidChannelSignature } from '../../domain/channel.errors.js';

export type WebhookChannel = 'whatsapp' | 'ivr';

const VARIABLE: Record<WebhookChannel, string> = { whatsapp: 'WHATSAPP_WEBHOOK_SECRET', ivr: 'IVR_WEBHOOK_SECRET' };

/**
 * Checks a provider's webhook before anything of it is read: `X-Signature: sha256=<hex HMAC-SHA256 of the raw body>`
 * keyed with the channel's secret, compared in constant time. No secret configured: the webhook is off (503).
 */
@Injectable()
export class WebhookAuthenticity {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  verify(channel: WebhookChannel, rawBody: Buffer, signature: string | string[] | undefined): void {
    const secret = channel === 'whatsapp' ? this.config.channels.whatsappWebhookSecret : this.config.channels.ivrWebhookSecret;
    if (!secret) throw new ChannelWebhookOff(VARIABLE[channel]);
    if (!hasValidSignature(rawBody, signature, secret)) throw new InvalidChannelSignature();
  }
}
