import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../../identity/public/index.js';
import { ApiIdempotencyKey, ApiSignedIn } from '../../../platform/http/openapi.decorators.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import { GetAgreementDocumentQuery } from '../application/get-agreement-document.handler.js';
import { ApproveBankVerificationCommand } from '../application/approve-bank-verification.handler.js';
import { IssueAgreementCommand } from '../application/issue-agreement.handler.js';
import { DisburseLoanCommand } from '../application/disburse-loan.handler.js';
import { MoveLoanCommand, type SimpleLoanMove } from '../application/move-loan.handler.js';
import { sendAgreementPdf } from './agreement-response.js';
import { IdempotencyKey } from '../../loan/http/idempotency-key.js';
import { approveBankBody, approveSoftBody, disburseBody, noteBody, reasonBody, uuidParam } from '../../loan/http/loan-request.schemas.js';
import { commandResultSchema, openApi } from '../../loan/http/loan-response.schemas.js';

/** Staff move loans through the pipeline: one POST per named action, and the issued agreement's PDF. */
@ApiTags('admin loans')
@ApiSignedIn()
@Controller('admin')
export class AdminLoanPipelineController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('loans/:id/agreement.pdf')
  @RequirePermission('loans.view')
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

  @Post('loans/:id/accept')
  @RequirePermission('loans.accept')
  @HttpCode(200)
  @ApiIdempotencyKey('changes nothing')
  @ApiOperation({ summary: 'Accept the application for credit review (applied -> soft.pending)' })
  @ApiBody({ schema: z.toJSONSchema(noteBody) as object, required: false })
  @ApiOkResponse({
    description: 'the loan after the move, the log position of its last event, the events appended',
    schema: openApi(commandResultSchema),
  })
  accept(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown, @IdempotencyKey() key?: string) {
    return this.move(user, id, { action: 'accept' }, parseWith(noteBody, body).reason, key);
  }

  @Post('loans/:id/approve-soft')
  @RequirePermission('loans.soft.approve')
  @HttpCode(200)
  @ApiIdempotencyKey('changes nothing')
  @ApiOperation({ summary: 'Approve the soft credit check with a score (soft.pending -> bank.pending)' })
  @ApiBody({ schema: z.toJSONSchema(approveSoftBody) as object })
  @ApiOkResponse({
    description: 'the loan after the move, the log position of its last event, the events appended',
    schema: openApi(commandResultSchema),
  })
  approveSoft(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown, @IdempotencyKey() key?: string) {
    const { reason, ...input } = parseWith(approveSoftBody, body);
    return this.move(user, id, { action: 'approve-soft', ...input }, reason, key);
  }

  @Post('loans/:id/approve-bank')
  @RequirePermission('loans.bank.approve')
  @HttpCode(200)
  @ApiIdempotencyKey('changes nothing')
  @ApiOperation({
    summary:
      "Verify the borrower's bank account from their Bank section (bank.pending -> consent.pending): {method: penny-drop} or {method: manual, reason}; 409 bank-section-incomplete naming bank when the section is missing or rejected, 422 bank-verification-failed when the penny drop fails or names someone else",
  })
  @ApiBody({ schema: z.toJSONSchema(approveBankBody, { io: 'input' }) as object })
  @ApiOkResponse({
    description: 'the loan after the move, the log position of its last event, the events appended',
    schema: openApi(commandResultSchema),
  })
  approveBank(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown, @IdempotencyKey() key?: string) {
    const { method, reason } = parseWith(approveBankBody, body);
    return this.commands.execute(new ApproveBankVerificationCommand(user, parseWith(uuidParam, id), method, reason, key));
  }

  @Post('loans/:id/issue-agreement')
  @RequirePermission('loans.agreement.issue')
  @HttpCode(200)
  @ApiIdempotencyKey('changes nothing')
  @ApiOperation({ summary: 'Render and issue the agreement PDF; records its SHA-256 (consent.pending -> consent.customerpending)' })
  @ApiBody({ schema: z.toJSONSchema(noteBody) as object, required: false })
  @ApiOkResponse({
    description: 'the loan after the move, the log position of its last event, the events appended',
    schema: openApi(commandResultSchema),
  })
  issueAgreement(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown, @IdempotencyKey() key?: string) {
    return this.commands.execute(new IssueAgreementCommand(user, parseWith(uuidParam, id), parseWith(noteBody, body).reason, key));
  }

  @Post('loans/:id/approve-final')
  @RequirePermission('loans.final.approve')
  @HttpCode(200)
  @ApiIdempotencyKey('changes nothing')
  @ApiOperation({ summary: 'Final approval (final.pending -> disbursal.pending)' })
  @ApiBody({ schema: z.toJSONSchema(noteBody) as object, required: false })
  @ApiOkResponse({
    description: 'the loan after the move, the log position of its last event, the events appended',
    schema: openApi(commandResultSchema),
  })
  approveFinal(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown, @IdempotencyKey() key?: string) {
    return this.move(user, id, { action: 'approve-final' }, parseWith(noteBody, body).reason, key);
  }

  @Post('loans/:id/disburse')
  @RequirePermission('loans.disburse')
  @HttpCode(200)
  @ApiIdempotencyKey('changes nothing')
  @ApiOperation({
    summary: 'Record the payout; fixes the repayment schedule (disbursal.pending -> active)',
    description:
      "Payouts go only to the borrower's verified Bank section (RBI Digital Lending Directions 2025, no pass-through): a payeeAccount that is not that account, or a Bank section changed since it was verified, is refused with 422 naming the field.",
  })
  @ApiBody({ schema: z.toJSONSchema(disburseBody) as object })
  @ApiOkResponse({
    description: 'the loan after the move, the log position of its last event, the events appended',
    schema: openApi(commandResultSchema),
  })
  disburse(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown, @IdempotencyKey() key?: string) {
    const { reason, ...payout } = parseWith(disburseBody, body);
    return this.commands.execute(new DisburseLoanCommand(user, parseWith(uuidParam, id), payout, reason, key));
  }

  @Post('loans/:id/reject')
  @RequirePermission('loans.reject')
  @HttpCode(200)
  @ApiIdempotencyKey('changes nothing')
  @ApiOperation({ summary: 'Reject the loan (any state before active); reason required' })
  @ApiBody({ schema: z.toJSONSchema(reasonBody) as object })
  @ApiOkResponse({
    description: 'the loan after the move, the log position of its last event, the events appended',
    schema: openApi(commandResultSchema),
  })
  reject(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown, @IdempotencyKey() key?: string) {
    const { reason } = parseWith(reasonBody, body);
    return this.move(user, id, { action: 'reject', reason }, undefined, key);
  }

  private move(user: Actor, id: string, move: SimpleLoanMove, note: string | undefined, key: string | undefined) {
    return this.commands.execute(new MoveLoanCommand(user, parseWith(uuidParam, id), move, note, key));
  }
}
