import { Controller, Get, Header, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../../platform/http/access.decorators.js';
import { ApiProblems } from '../../../platform/http/openapi.decorators.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import { ReceivePaymentWebhookCommand } from '../application/receive-payment-webhook.handler.js';
import { SandboxCheckout } from '../application/sandbox-checkout.js';
import { paymentIdParam } from '../../loan/http/loan-request.schemas.js';
import { openApi } from '../../loan/http/loan-response.schemas.js';
import { webhookAnswerSchema } from './servicing.schemas.js';

/**
 * The payment provider's side: its signed webhook, and the sandbox provider's checkout page. Public (the provider
 * and the borrower's browser carry no token): the webhook is authenticated by its HMAC signature instead.
 */
@ApiTags('payments')
@ApiProblems()
@Controller('payments')
export class PaymentWebhooksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly sandbox: SandboxCheckout,
  ) {}

  @Post('webhooks/sandbox')
  @Public()
  @HttpCode(200)
  @ApiHeader({
    name: 'X-Signature',
    required: true,
    description: 'sha256=<hex HMAC-SHA256 of the raw body, keyed with PAYMENT_WEBHOOK_SECRET>',
  })
  @ApiOperation({
    summary:
      'The provider confirms a payment: {paymentId, status: captured|failed, amount, providerReference}; 401 on a bad signature; a repeat applies once',
  })
  @ApiOkResponse({ schema: openApi(webhookAnswerSchema) })
  webhook(@Req() req: FastifyRequest & { rawBody?: Buffer }) {
    return this.commands.execute(new ReceivePaymentWebhookCommand(req.rawBody ?? Buffer.alloc(0), req.headers));
  }

  @Get('sandbox/:paymentId')
  @Public()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Sandbox checkout page with Pay and Fail (development and tests; off in production unless PAYMENT_SANDBOX=true)',
  })
  @ApiProduces('text/html')
  page(@Param('paymentId') paymentId: string) {
    return this.sandbox.page(parseWith(paymentIdParam, paymentId));
  }

  @Post('sandbox/:paymentId/pay')
  @Public()
  @ApiOperation({
    summary: 'Sandbox: the provider captures the payment (signed webhook sent server-side), then 303 to /User/Loans/verifypayment',
  })
  async pay(@Param('paymentId') paymentId: string, @Res() res: FastifyReply) {
    res.redirect(await this.sandbox.complete(parseWith(paymentIdParam, paymentId), 'captured'), 303);
  }

  @Post('sandbox/:paymentId/fail')
  @Public()
  @ApiOperation({
    summary: 'Sandbox: the provider reports a failure (signed webhook sent server-side), then 303 to /User/Loans/verifypayment',
  })
  async fail(@Param('paymentId') paymentId: string, @Res() res: FastifyReply) {
    res.redirect(await this.sandbox.complete(parseWith(paymentIdParam, paymentId), 'failed'), 303);
  }
}
