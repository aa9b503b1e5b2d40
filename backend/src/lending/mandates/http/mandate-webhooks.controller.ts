import { Controller, Get, Header, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../../platform/http/access.decorators.js';
import { ApiProblems } from '../../../platform/http/openapi.decorators.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import { openApi } from '../../loan/http/loan-response.schemas.js';
import { ReceiveMandateWebhookCommand } from '../application/receive-mandate-webhook.handler.js';
import { SandboxMandatePages } from '../application/sandbox-mandate-pages.js';
import { mandateIdParam, mandateWebhookAnswerSchema, presentationIdParam, presentationResultBody } from './mandates.schemas.js';

/**
 * The auto-debit provider's side: its signed webhook, and the sandbox provider's pages. Public (the provider and the
 * borrower's browser carry no token): the webhook is authenticated by its HMAC signature instead.
 */
@ApiTags('mandates')
@ApiProblems()
@Controller('mandates')
export class MandateWebhooksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly sandbox: SandboxMandatePages,
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
      'The provider reports a registration {about: mandate, mandateId, status: registered|failed, providerReference}, the borrower cancelling at their bank {about: mandate, mandateId, status: cancelled, providerReference, reason?} or a presentation {about: presentation, presentationId, status: succeeded|bounced, amount, providerReference, reasonCode}; 401 on a bad signature; a repeat applies once',
  })
  @ApiOkResponse({ schema: openApi(mandateWebhookAnswerSchema) })
  webhook(@Req() req: FastifyRequest & { rawBody?: Buffer }) {
    return this.commands.execute(new ReceiveMandateWebhookCommand(req.rawBody ?? Buffer.alloc(0), req.headers));
  }

  @Get('sandbox/:mandateId')
  @Public()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary:
      'Sandbox mandate authorisation page with Authorise and Fail (development and tests; off in production unless PAYMENT_SANDBOX=true)',
  })
  @ApiProduces('text/html')
  page(@Param('mandateId') mandateId: string) {
    return this.sandbox.page(parseWith(mandateIdParam, mandateId));
  }

  @Post('sandbox/:mandateId/approve')
  @Public()
  @ApiOperation({ summary: 'Sandbox: the bank authorises the mandate (signed webhook sent server-side), then 303 to the portal loan page' })
  async approve(@Param('mandateId') mandateId: string, @Res() res: FastifyReply) {
    res.redirect(await this.sandbox.authorise(parseWith(mandateIdParam, mandateId), 'registered'), 303);
  }

  @Post('sandbox/:mandateId/fail')
  @Public()
  @ApiOperation({ summary: 'Sandbox: the bank declines the mandate (signed webhook sent server-side), then 303 to the portal loan page' })
  async fail(@Param('mandateId') mandateId: string, @Res() res: FastifyReply) {
    res.redirect(await this.sandbox.authorise(parseWith(mandateIdParam, mandateId), 'failed'), 303);
  }

  @Post('sandbox/:mandateId/cancel-at-bank')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sandbox: the borrower cancels an active or paused mandate at their bank (signed notice status cancelled sent server-side)',
  })
  cancelAtBank(@Param('mandateId') mandateId: string) {
    return this.sandbox.cancelAtBank(parseWith(mandateIdParam, mandateId));
  }

  @Post('sandbox/presentations/:presentationId/succeed')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: "Sandbox: the borrower's bank pays the presentation (signed webhook sent server-side)" })
  succeed(@Param('presentationId') presentationId: string) {
    return this.sandbox.result(parseWith(presentationIdParam, presentationId), 'succeeded');
  }

  @Post('sandbox/presentations/:presentationId/bounce')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: "Sandbox: the borrower's bank returns the presentation with ?reasonCode= (default INSUFFICIENT_FUNDS)" })
  bounce(@Param('presentationId') presentationId: string, @Query() query: Record<string, unknown>) {
    const { reasonCode } = parseWith(presentationResultBody, query);
    return this.sandbox.result(parseWith(presentationIdParam, presentationId), 'bounced', reasonCode);
  }
}
