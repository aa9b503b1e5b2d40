import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Actor, CurrentActor } from '../../../identity/public/index.js';
import { Roles } from '../../../platform/http/access.decorators.js';
import { ApiIdempotencyKey, ApiSignedIn } from '../../../platform/http/openapi.decorators.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import { GetAgreementDocumentQuery } from '../application/get-agreement-document.handler.js';
import { GetLoanKfsQuery } from '../application/get-loan-kfs.handler.js';
import { MoveLoanCommand } from '../application/move-loan.handler.js';
import { SendSigningCodeCommand } from '../application/send-signing-code.handler.js';
import { SignAgreementCommand } from '../application/sign-agreement.handler.js';
import { StartLoanApplicationCommand } from '../application/start-loan-application.handler.js';
import { SubmitLoanApplicationCommand } from '../application/submit-loan-application.handler.js';
import { sendAgreementPdf } from './agreement-response.js';
import { kfsSchema, signAgreementWithCodeBody, signingCodeSentSchema } from './agreement.schemas.js';
import { IdempotencyKey } from '../../loan/http/idempotency-key.js';
import { amendLoanBody, reasonBody, startLoanBody, uuidParam } from '../../loan/http/loan-request.schemas.js';
import { signingClient } from './signing-client.js';
import { myCommandResultSchema, openApi } from '../../loan/http/loan-response.schemas.js';

/**
 * The borrower's own application: start, amend, submit, read the KFS, sign the agreement, cancel. Every route is borrower-only and scoped to the signed-in borrower in the handlers, and
 * answers the borrower view (application/borrower-loan.view.ts): no staff identity, no staff note, no score.
 */
@ApiTags('borrower loans')
@ApiSignedIn()
@Controller('me')
export class MyLoanApplicationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('loans')
  @Roles('borrower')
  @ApiIdempotencyKey('changes nothing')
  @ApiOperation({ summary: 'Start a loan application (state new)' })
  @ApiBody({ schema: z.toJSONSchema(startLoanBody) as object })
  @ApiCreatedResponse({ schema: openApi(myCommandResultSchema) })
  start(@CurrentActor() user: Actor, @Body() body: unknown, @IdempotencyKey() key?: string) {
    return this.commands.execute(new StartLoanApplicationCommand(user, parseWith(startLoanBody, body), key));
  }

  @Patch('loans/:id')
  @Roles('borrower')
  @ApiIdempotencyKey('changes nothing')
  @ApiOperation({ summary: 'Change amount or tenure while the application is new' })
  @ApiBody({ schema: z.toJSONSchema(amendLoanBody) as object })
  @ApiOkResponse({
    description: 'the loan after the move, the log position of its last event, the events appended',
    schema: openApi(myCommandResultSchema),
  })
  amend(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown, @IdempotencyKey() key?: string) {
    const input = parseWith(amendLoanBody, body);
    return this.commands.execute(new MoveLoanCommand(user, parseWith(uuidParam, id), { action: 'amend', ...input }, undefined, key));
  }

  @Post('loans/:id/submit')
  @Roles('borrower')
  @HttpCode(200)
  @ApiIdempotencyKey('changes nothing')
  @ApiOperation({ summary: 'Submit the application (new -> applied)' })
  @ApiOkResponse({
    description: 'the loan after the move, the log position of its last event, the events appended',
    schema: openApi(myCommandResultSchema),
  })
  submit(@CurrentActor() user: Actor, @Param('id') id: string, @IdempotencyKey() key?: string) {
    return this.commands.execute(new SubmitLoanApplicationCommand(user, parseWith(uuidParam, id), key));
  }

  @Get('loans/:id/kfs')
  @Roles('borrower')
  @ApiOperation({
    summary:
      'The Key Facts Statement of my loan (RBI KFS circular of 15 April 2024): APR with every fee, schedule, cooling-off period, grievance officer',
  })
  @ApiOkResponse({ schema: openApi(kfsSchema) })
  kfs(@CurrentActor() user: Actor, @Param('id') id: string) {
    return this.queries.execute(new GetLoanKfsQuery(parseWith(uuidParam, id), user));
  }

  @Post('loans/:id/agreement/code')
  @Roles('borrower')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Send the e-sign one-time code by SMS to my registered phone (6 digits, 5 minutes, 5 tries; 429 past the limits)',
  })
  @ApiOkResponse({ schema: openApi(signingCodeSentSchema) })
  signingCode(@CurrentActor() user: Actor, @Param('id') id: string, @Req() req: FastifyRequest) {
    return this.commands.execute(new SendSigningCodeCommand(user, parseWith(uuidParam, id), signingClient(req).ip));
  }

  @Post('loans/:id/sign-agreement')
  @Roles('borrower')
  @HttpCode(200)
  @ApiIdempotencyKey('changes nothing')
  @ApiOperation({
    summary:
      'E-sign the issued agreement, naming its SHA-256 and the one-time code sent to my phone (consent.customerpending -> final.pending)',
  })
  @ApiBody({ schema: z.toJSONSchema(signAgreementWithCodeBody) as object })
  @ApiOkResponse({
    description: 'the loan after the move, the log position of its last event, the events appended',
    schema: openApi(myCommandResultSchema),
  })
  sign(
    @CurrentActor() user: Actor,
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() req: FastifyRequest,
    @IdempotencyKey() key?: string,
  ) {
    const { documentHash, code } = parseWith(signAgreementWithCodeBody, body);
    return this.commands.execute(
      new SignAgreementCommand(user, parseWith(uuidParam, id), documentHash, code, signingClient(req), 'portal', key),
    );
  }

  @Post('loans/:id/cancel')
  @Roles('borrower')
  @HttpCode(200)
  @ApiIdempotencyKey('changes nothing')
  @ApiOperation({ summary: 'Withdraw the application (any state before active); reason required' })
  @ApiBody({ schema: z.toJSONSchema(reasonBody) as object })
  @ApiOkResponse({
    description: 'the loan after the move, the log position of its last event, the events appended',
    schema: openApi(myCommandResultSchema),
  })
  cancel(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown, @IdempotencyKey() key?: string) {
    const { reason } = parseWith(reasonBody, body);
    return this.commands.execute(new MoveLoanCommand(user, parseWith(uuidParam, id), { action: 'cancel', reason }, undefined, key));
  }

  @Get('loans/:id/agreement.pdf')
  @Roles('borrower')
  @ApiOperation({ summary: 'The issued agreement PDF (inline; ?download=1 to download)' })
  @ApiQuery({ name: 'download', required: false, example: '1' })
  @ApiProduces('application/pdf')
  async agreement(
    @CurrentActor() user: Actor,
    @Param('id') id: string,
    @Query('download') download: string | undefined,
    @Res() res: FastifyReply,
  ) {
    const document = await this.queries.execute(new GetAgreementDocumentQuery(parseWith(uuidParam, id), user));
    sendAgreementPdf(res, id, document, download);
  }
}
