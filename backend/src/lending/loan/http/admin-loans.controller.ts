import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiDefaultResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../../identity/public/index.js';
import { contentRange, parseListParams } from '../../../platform/http/list-params.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import { CountLoanActivityQuery } from '../application/count-loan-activity.handler.js';
import { CountLoanQueuesQuery } from '../application/count-loan-queues.handler.js';
import { GetAgreementDocumentQuery } from '../../pipeline/application/get-agreement-document.handler.js';
import { GetLoanAsOfQuery } from '../application/get-loan-as-of.handler.js';
import { GetLoanHistoryQuery } from '../application/get-loan-history.handler.js';
import { GetLoanQuery } from '../application/get-loan.handler.js';
import { ApproveBankVerificationCommand } from '../../pipeline/application/approve-bank-verification.handler.js';
import { IssueAgreementCommand } from '../../pipeline/application/issue-agreement.handler.js';
import { LOAN_SORT_FIELDS, ListLoansQuery } from '../application/list-loans.handler.js';
import { MoveLoanCommand, type SimpleLoanMove } from '../../pipeline/application/move-loan.handler.js';
import { sendAgreementPdf } from '../../pipeline/http/agreement-response.js';
import { IdempotencyKey } from './idempotency-key.js';
import { activityQuery, approveBankBody, approveSoftBody, asOfParam, disburseBody, loanListFilter, noteBody, reasonBody, uuidParam } from './loan-request.schemas.js';
import { activityDaySchema, commandResultSchema, historyEntrySchema, loanDetailSchema, loanRowSchema, openApi, problemSchema, queueCountsSchema } from './loan-response.schemas.js';

const idempotencyHeader = ApiHeader({ name: 'Idempotency-Key', required: false, description: 'A repeat with the same key returns the first answer and changes nothing' });

/** Staff work on the pipeline: queues in the ra-data-simple-rest protocol, one POST per named action. */
@ApiTags('admin loans')
@ApiBearerAuth()
@ApiDefaultResponse({ description: 'RFC 9457 problem details (application/problem+json)', schema: openApi(problemSchema) })
@Controller('admin')
export class AdminLoansController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('loans')
  @RequirePermission('loans.view')
  @ApiOperation({ summary: 'Loan queues (ra-data-simple-rest): filter={"queue":"soft.pending","type":"EMI","q":"text"}, sort, range' })
  @ApiQuery({ name: 'filter', required: false, example: '{"queue":"soft.pending"}' })
  @ApiQuery({ name: 'sort', required: false, example: '["createdAt","DESC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,24]' })
  @ApiOkResponse({ description: 'one page of the queue; Content-Range: loans <start>-<end>/<total>', schema: openApi(z.array(loanRowSchema)) })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response) {
    const params = parseListParams(query, { sortFields: Object.keys(LOAN_SORT_FIELDS), defaultSort: { field: 'createdAt', order: 'DESC' }, filters: Object.keys(loanListFilter.shape) });
    const filter = parseWith(loanListFilter, params.filter);
    const { id, ...rest } = filter;
    const ids = id === undefined ? undefined : Array.isArray(id) ? id : [id];
    const { rows, total } = await this.queries.execute(new ListLoansQuery({ ...rest, ids }, params.sort, params.range));
    res.setHeader('Content-Range', contentRange('loans', params.range, rows.length, total));
    return rows;
  }

  @Get('loan-queues')
  @RequirePermission('loans.view')
  @ApiOperation({ summary: 'Number of loans in each queue' })
  @ApiOkResponse({ schema: openApi(queueCountsSchema) })
  queues() {
    return this.queries.execute(new CountLoanQueuesQuery());
  }

  @Get('loan-activity')
  @RequirePermission('loans.view')
  @ApiOperation({ summary: 'The dashboard graph: per day from..to (UTC, at most a year), applications submitted, final approvals, disbursals' })
  @ApiQuery({ name: 'from', required: true, example: '2026-11-01' })
  @ApiQuery({ name: 'to', required: true, example: '2026-11-30' })
  @ApiOkResponse({ schema: openApi(z.array(activityDaySchema)) })
  activity(@Query() query: Record<string, unknown>) {
    const { from, to } = parseWith(activityQuery, query);
    return this.queries.execute(new CountLoanActivityQuery(from, to));
  }

  @Get('loans/:id')
  @RequirePermission('loans.view')
  @ApiOperation({ summary: 'One loan; with ?asOf=<ISO time>, the loan as it stood then (replayed from the log)' })
  @ApiQuery({ name: 'asOf', required: false, example: '2026-11-21T10:00:00Z' })
  @ApiOkResponse({ description: 'the loan (with ?asOf: as it stood then, plus asOf)', schema: openApi(loanDetailSchema) })
  get(@CurrentActor() user: Actor, @Param('id') id: string, @Query('asOf') asOf?: string) {
    const loanId = parseWith(uuidParam, id);
    if (asOf !== undefined) return this.queries.execute(new GetLoanAsOfQuery(loanId, new Date(parseWith(asOfParam, asOf))));
    return this.queries.execute(new GetLoanQuery(loanId, user));
  }

  @Get('loans/:id/history')
  @RequirePermission('loans.view')
  @ApiOperation({ summary: 'Every event of the loan: {position, version, type, data, actor, recordedAt, stateAfter}' })
  @ApiOkResponse({ schema: openApi(z.array(historyEntrySchema)) })
  history(@Param('id') id: string) {
    return this.queries.execute(new GetLoanHistoryQuery(parseWith(uuidParam, id)));
  }

  @Get('loans/:id/agreement.pdf')
  @RequirePermission('loans.view')
  @ApiOperation({ summary: 'The issued agreement PDF (inline; ?download=1 to download)' })
  @ApiQuery({ name: 'download', required: false, example: '1' })
  @ApiProduces('application/pdf')
  async agreement(@CurrentActor() user: Actor, @Param('id') id: string, @Query('download') download: string | undefined, @Res() res: Response) {
    const document = await this.queries.execute(new GetAgreementDocumentQuery(parseWith(uuidParam, id), user));
    sendAgreementPdf(res, id, document, download);
  }

  @Post('loans/:id/accept')
  @RequirePermission('loans.accept')
  @HttpCode(200)
  @idempotencyHeader
  @ApiOperation({ summary: 'Accept the application for credit review (applied -> soft.pending)' })
  @ApiBody({ schema: z.toJSONSchema(noteBody) as object, required: false })
  @ApiOkResponse({ description: 'the loan after the move, the log position of its last event, the events appended', schema: openApi(commandResultSchema) })
  accept(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown, @IdempotencyKey() key?: string) {
    return this.move(user, id, { action: 'accept' }, parseWith(noteBody, body).reason, key);
  }

  @Post('loans/:id/approve-soft')
  @RequirePermission('loans.soft.approve')
  @HttpCode(200)
  @idempotencyHeader
  @ApiOperation({ summary: 'Approve the soft credit check with a score (soft.pending -> bank.pending)' })
  @ApiBody({ schema: z.toJSONSchema(approveSoftBody) as object })
  @ApiOkResponse({ description: 'the loan after the move, the log position of its last event, the events appended', schema: openApi(commandResultSchema) })
  approveSoft(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown, @IdempotencyKey() key?: string) {
    const { reason, ...input } = parseWith(approveSoftBody, body);
    return this.move(user, id, { action: 'approve-soft', ...input }, reason, key);
  }

  @Post('loans/:id/approve-bank')
  @RequirePermission('loans.bank.approve')
  @HttpCode(200)
  @idempotencyHeader
  @ApiOperation({
    summary:
      "Verify the borrower's bank account from their Bank section (bank.pending -> consent.pending): {method: penny-drop} or {method: manual, reason}; 409 bank-section-incomplete naming bank when the section is missing or rejected, 422 bank-verification-failed when the penny drop fails or names someone else",
  })
  @ApiBody({ schema: z.toJSONSchema(approveBankBody, { io: 'input' }) as object })
  @ApiOkResponse({ description: 'the loan after the move, the log position of its last event, the events appended', schema: openApi(commandResultSchema) })
  approveBank(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown, @IdempotencyKey() key?: string) {
    const { method, reason } = parseWith(approveBankBody, body);
    return this.commands.execute(new ApproveBankVerificationCommand(user, parseWith(uuidParam, id), method, reason, key));
  }

  @Post('loans/:id/issue-agreement')
  @RequirePermission('loans.agreement.issue')
  @HttpCode(200)
  @idempotencyHeader
  @ApiOperation({ summary: 'Render and issue the agreement PDF; records its SHA-256 (consent.pending -> consent.customerpending)' })
  @ApiBody({ schema: z.toJSONSchema(noteBody) as object, required: false })
  @ApiOkResponse({ description: 'the loan after the move, the log position of its last event, the events appended', schema: openApi(commandResultSchema) })
  issueAgreement(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown, @IdempotencyKey() key?: string) {
    return this.commands.execute(new IssueAgreementCommand(user, parseWith(uuidParam, id), parseWith(noteBody, body).reason, key));
  }

  @Post('loans/:id/approve-final')
  @RequirePermission('loans.final.approve')
  @HttpCode(200)
  @idempotencyHeader
  @ApiOperation({ summary: 'Final approval (final.pending -> disbursal.pending)' })
  @ApiBody({ schema: z.toJSONSchema(noteBody) as object, required: false })
  @ApiOkResponse({ description: 'the loan after the move, the log position of its last event, the events appended', schema: openApi(commandResultSchema) })
  approveFinal(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown, @IdempotencyKey() key?: string) {
    return this.move(user, id, { action: 'approve-final' }, parseWith(noteBody, body).reason, key);
  }

  @Post('loans/:id/disburse')
  @RequirePermission('loans.disburse')
  @HttpCode(200)
  @idempotencyHeader
  @ApiOperation({ summary: 'Record the payout; fixes the repayment schedule (disbursal.pending -> active)' })
  @ApiBody({ schema: z.toJSONSchema(disburseBody) as object })
  @ApiOkResponse({ description: 'the loan after the move, the log position of its last event, the events appended', schema: openApi(commandResultSchema) })
  disburse(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown, @IdempotencyKey() key?: string) {
    const { reason, ...input } = parseWith(disburseBody, body);
    return this.move(user, id, { action: 'disburse', ...input }, reason, key);
  }

  @Post('loans/:id/reject')
  @RequirePermission('loans.reject')
  @HttpCode(200)
  @idempotencyHeader
  @ApiOperation({ summary: 'Reject the loan (any state before active); reason required' })
  @ApiBody({ schema: z.toJSONSchema(reasonBody) as object })
  @ApiOkResponse({ description: 'the loan after the move, the log position of its last event, the events appended', schema: openApi(commandResultSchema) })
  reject(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown, @IdempotencyKey() key?: string) {
    const { reason } = parseWith(reasonBody, body);
    return this.move(user, id, { action: 'reject', reason }, undefined, key);
  }

  private move(user: Actor, id: string, move: SimpleLoanMove, note: string | undefined, key: string | undefined) {
    return this.commands.execute(new MoveLoanCommand(user, parseWith(uuidParam, id), move, note, key));
  }
}
