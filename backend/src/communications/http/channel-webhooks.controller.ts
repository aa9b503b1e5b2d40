import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '../../platform/http/access.decorators.js';
import { ApiProblems } from '../../platform/http/openapi.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { ReceiveIvrCallCommand } from '../application/channels/receive-ivr-call.handler.js';
import { ReceiveWhatsappMessageCommand } from '../application/channels/receive-whatsapp-message.handler.js';
import { WebhookAuthenticity } from '../application/channels/webhook-authenticity.js';
import { ivrReceiptSchema, ivrWebhookBody, webhookReceiptSchema, whatsappWebhookBody } from './channel.schemas.js';
import { openApi } from './email-response.schemas.js';

type RawRequest = FastifyRequest & { rawBody?: Buffer };

/**
 * The WhatsApp and IVR providers' inbound webhooks. Public (a provider carries no token): each is authenticated by
 * its X-Signature over the raw body, checked before the body is read; a missing or wrong signature is 401 and
 * stores nothing, and an unconfigured secret turns the webhook off (503). Bodies over 100 kB are 413.
 */
@ApiTags('webhooks')
@ApiProblems()
@Controller('webhooks')
export class ChannelWebhooksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly authenticity: WebhookAuthenticity,
  ) {}

  @Post('whatsapp')
  @Public()
  @HttpCode(200)
  @ApiHeader({
    name: 'X-Signature',
    required: true,
    description: 'sha256=<hex HMAC-SHA256 of the raw body, keyed with WHATSAPP_WEBHOOK_SECRET>',
  })
  @ApiOperation({
    summary:
      'An inbound WhatsApp message {messageId, from, text, timestamp}; 401 on a bad signature, 503 when WHATSAPP_WEBHOOK_SECRET is unset; a repeated messageId is stored once',
  })
  @ApiOkResponse({ schema: openApi(webhookReceiptSchema) })
  whatsapp(@Req() req: RawRequest, @Headers('x-signature') signature: string | undefined) {
    this.authenticity.verify('whatsapp', req.rawBody ?? Buffer.alloc(0), signature);
    const body = parseWith(whatsappWebhookBody, req.body);
    return this.commands.execute(
      new ReceiveWhatsappMessageCommand({
        messageId: body.messageId,
        from: body.from,
        text: body.text,
        timestamp: new Date(body.timestamp),
      }),
    );
  }

  @Post('ivr')
  @Public()
  @HttpCode(200)
  @ApiHeader({
    name: 'X-Signature',
    required: true,
    description: 'sha256=<hex HMAC-SHA256 of the raw body, keyed with IVR_WEBHOOK_SECRET>',
  })
  @ApiOperation({
    summary:
      "A finished IVR call {callId, loanId?, to, outcome, promiseToPayOn?, durationSeconds?, endedAt}; the outcome goes to the loan's contact log; 401 on a bad signature, 503 when IVR_WEBHOOK_SECRET is unset; a repeated callId is applied once",
  })
  @ApiOkResponse({ schema: openApi(ivrReceiptSchema) })
  ivr(@Req() req: RawRequest, @Headers('x-signature') signature: string | undefined) {
    this.authenticity.verify('ivr', req.rawBody ?? Buffer.alloc(0), signature);
    const { endedAt, loanId, promiseToPayOn, durationSeconds, ...rest } = parseWith(ivrWebhookBody, req.body);
    return this.commands.execute(
      new ReceiveIvrCallCommand({
        ...rest,
        endedAt: new Date(endedAt),
        ...(loanId !== undefined ? { loanId: loanId.toLowerCase() } : {}),
        ...(promiseToPayOn !== undefined ? { promiseToPayOn } : {}),
        ...(durationSeconds !== undefined ? { durationSeconds } : {}),
      }),
    );
  }
}
