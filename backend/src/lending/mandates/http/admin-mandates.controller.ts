import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../../identity/public/index.js';
import { parseListParams, sendPage } from '../../../platform/http/list-params.js';
import { ApiIdempotencyKey, ApiListQuery, ApiSignedIn } from '../../../platform/http/openapi.decorators.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import { idsOf } from '../../../platform/query/list-query.js';
import { IdempotencyKey } from '../../loan/http/idempotency-key.js';
import { uuidParam } from '../../loan/http/loan-request.schemas.js';
import { openApi } from '../../loan/http/loan-response.schemas.js';
import { ActOnMandateCommand, type MandateAction } from '../application/act-on-mandate.handler.js';
import { MandatePresentations } from '../application/mandate-presentations.js';
import { GetLoanMandatesQuery } from '../application/get-loan-mandates.handler.js';
import { ListMandatesQuery, MANDATE_SORT } from '../application/list-mandates.handler.js';
import { ListPresentationsQuery, PRESENTATION_SORT } from '../application/list-presentations.handler.js';
import { StartMandateRegistrationCommand } from '../application/start-mandate-registration.handler.js';
import {
  cancelMandateBody,
  loanMandatesSchema,
  mandateIdParam,
  mandateListFilter,
  mandateSchema,
  mandateStartedSchema,
  pauseMandateBody,
  presentationListFilter,
  listedPresentationSchema,
  presentationsRunBody,
  presentationsRunSchema,
  registerMandateBody,
} from './mandates.schemas.js';

/**
 * Auto-debit in the console (issue 32): register a mandate on the loan page (mandates.manage), pause it with
 * maker-checker (asked with mandates.manage, approved with mandates.approve by someone else: 403 same-person), resume
 * or cancel it; the mandates list, presentations by date and status, and the bounce queue (ra-data-simple-rest).
 */
@ApiTags('admin mandates')
@ApiSignedIn()
@Controller('admin')
export class AdminMandatesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly presentationsRun: MandatePresentations,
  ) {}

  @Post('mandate-presentations/run')
  @RequirePermission('cob.run')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Close of business's auto-debit step for date (default the business date): present the instalments due, then send what was decided and not yet sent; run again, it doubles nothing",
  })
  @ApiBody({ schema: z.toJSONSchema(presentationsRunBody) as object })
  @ApiOkResponse({ schema: openApi(presentationsRunSchema) })
  runPresentations(@Body() body: unknown) {
    return this.presentationsRun.run(parseWith(presentationsRunBody, body ?? {}).date);
  }

  @Post('loans/:id/mandates')
  @RequirePermission('mandates.manage')
  @ApiIdempotencyKey('records nothing new')
  @ApiOperation({ summary: 'Start a mandate registration (e-nach or upi-autopay); send the borrower to redirectUrl to authorise it' })
  @ApiBody({ schema: z.toJSONSchema(registerMandateBody) as object })
  @ApiCreatedResponse({ schema: openApi(mandateStartedSchema) })
  register(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown, @IdempotencyKey() key?: string) {
    const { kind } = parseWith(registerMandateBody, body);
    return this.commands.execute(new StartMandateRegistrationCommand(user, parseWith(uuidParam, id), kind, key));
  }

  @Get('loans/:id/mandates')
  @RequirePermission('loans.view')
  @ApiOperation({ summary: "The loan's mandates, presentations and instalments sent to manual collection" })
  @ApiOkResponse({ schema: openApi(loanMandatesSchema) })
  loanMandates(@CurrentActor() user: Actor, @Param('id') id: string) {
    return this.queries.execute(new GetLoanMandatesQuery(parseWith(uuidParam, id), user));
  }

  @Get('mandates')
  @RequirePermission('loans.view')
  @ApiOperation({ summary: 'Mandates (ra-data-simple-rest): filter={"status":"active","kind":"e-nach","loanId":"…"}, sort, range' })
  @ApiListQuery({ filter: '{"status":"active"}', sort: '["startedAt","DESC"]' })
  @ApiOkResponse({ schema: openApi(z.array(mandateSchema)) })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: MANDATE_SORT.fields,
      defaultSort: { field: 'startedAt', order: 'DESC' },
      filters: Object.keys(mandateListFilter.shape),
    });
    const { id, ...filter } = parseWith(mandateListFilter, params.filter);
    return sendPage(
      res,
      'mandates',
      params.range,
      await this.queries.execute(new ListMandatesQuery({ ...filter, ids: idsOf(id) }, params.sort, params.range)),
    );
  }

  @Get('mandate-presentations')
  @RequirePermission('loans.view')
  @ApiOperation({ summary: 'Presentations (ra-data-simple-rest): filter={"presentedOn":"2026-12-01","status":"bounced"}, sort, range' })
  @ApiListQuery({ filter: '{"status":"bounced"}', sort: '["presentedOn","DESC"]' })
  @ApiOkResponse({ schema: openApi(z.array(listedPresentationSchema)) })
  async presentations(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: PRESENTATION_SORT.fields,
      defaultSort: { field: 'presentedOn', order: 'DESC' },
      filters: Object.keys(presentationListFilter.shape),
    });
    const filter = parseWith(presentationListFilter, params.filter);
    return sendPage(
      res,
      'mandate-presentations',
      params.range,
      await this.queries.execute(new ListPresentationsQuery(filter, params.sort, params.range)),
    );
  }

  @Get('mandate-bounces')
  @RequirePermission('collections.view')
  @ApiOperation({ summary: 'The bounce queue: the latest bounced presentation of each instalment, with its reason and next attempt' })
  @ApiListQuery({ filter: '{}', sort: '["updatedAt","DESC"]' })
  @ApiOkResponse({ schema: openApi(z.array(listedPresentationSchema)) })
  async bounces(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: PRESENTATION_SORT.fields,
      defaultSort: { field: 'updatedAt', order: 'DESC' },
      filters: ['loanId'],
    });
    const filter = parseWith(presentationListFilter.pick({ loanId: true }), params.filter);
    return sendPage(
      res,
      'mandate-bounces',
      params.range,
      await this.queries.execute(new ListPresentationsQuery({ ...filter, bounced: true }, params.sort, params.range)),
    );
  }

  @Post('mandates/:id/pause')
  @RequirePermission('mandates.manage')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ask to pause presentations under an active mandate, with a reason (the maker); a second person approves' })
  @ApiBody({ schema: z.toJSONSchema(pauseMandateBody) as object })
  @ApiOkResponse({ schema: openApi(mandateSchema) })
  pause(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown) {
    return this.act(user, id, { action: 'request-pause', reason: parseWith(pauseMandateBody, body).reason });
  }

  @Post('mandates/:id/approve-pause')
  @RequirePermission('mandates.approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve the pause asked for (the checker; 403 same-person for the one who asked)' })
  @ApiOkResponse({ schema: openApi(mandateSchema) })
  approvePause(@CurrentActor() user: Actor, @Param('id') id: string) {
    return this.act(user, id, { action: 'approve-pause' });
  }

  @Post('mandates/:id/resume')
  @RequirePermission('mandates.manage')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resume presentations under a paused mandate' })
  @ApiOkResponse({ schema: openApi(mandateSchema) })
  resume(@CurrentActor() user: Actor, @Param('id') id: string) {
    return this.act(user, id, { action: 'resume' });
  }

  @Post('mandates/:id/cancel')
  @RequirePermission('mandates.manage')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel a mandate (recorded, then cancelled at the provider); the loan falls back to manual payment' })
  @ApiBody({ schema: z.toJSONSchema(cancelMandateBody) as object })
  @ApiOkResponse({ schema: openApi(mandateSchema) })
  cancel(@CurrentActor() user: Actor, @Param('id') id: string, @Body() body: unknown) {
    return this.act(user, id, { action: 'cancel', cause: `staff: ${parseWith(cancelMandateBody, body).reason}` });
  }

  private act(user: Actor, id: string, input: MandateAction) {
    return this.commands.execute(new ActOnMandateCommand(user, parseWith(mandateIdParam, id), input));
  }
}
