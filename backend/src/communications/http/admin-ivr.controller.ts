import { Body, Controller, Get, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiCreatedResponse, ApiDefaultResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../identity/public/index.js';
import { contentRange, parseListParams } from '../../platform/http/list-params.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { IVR_SORT_FIELDS, ListIvrCallsQuery } from '../application/list-ivr-calls.handler.js';
import { RequestIvrCallCommand } from '../application/request-ivr-call.handler.js';
import { ivrCallSchema, ivrListFilter, requestIvrCallBody } from './channel.schemas.js';
import { openApi, problemSchema } from './email-response.schemas.js';

/** The IVR calls and their outcomes (ivr.view), and automated reminder calls staff ask for. */
@ApiTags('admin ivr')
@ApiBearerAuth()
@ApiDefaultResponse({ description: 'RFC 9457 problem details (application/problem+json)', schema: openApi(problemSchema) })
@Controller('admin')
export class AdminIvrController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('ivr-calls')
  @RequirePermission('ivr.view')
  @ApiOperation({ summary: 'IVR calls (ra-data-simple-rest): filter={"outcome":"promised-to-pay","status":"completed","loanId":"…","phone":"+91…","from":"…","to":"…"}, sort, range' })
  @ApiQuery({ name: 'filter', required: false, example: '{"outcome":"no-answer"}' })
  @ApiQuery({ name: 'sort', required: false, example: '["createdAt","DESC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,24]' })
  @ApiOkResponse({ description: 'Content-Range: ivr-calls <start>-<end>/<total>', schema: openApi(z.array(ivrCallSchema)) })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response) {
    const params = parseListParams(query, { sortFields: Object.keys(IVR_SORT_FIELDS), defaultSort: { field: 'createdAt', order: 'DESC' }, filters: Object.keys(ivrListFilter.shape) });
    const filter = parseWith(ivrListFilter, params.filter);
    const { rows, total } = await this.queries.execute(new ListIvrCallsQuery({ ...filter, ...(filter.loanId ? { loanId: filter.loanId.toLowerCase() } : {}) }, params.sort, params.range));
    res.setHeader('Content-Range', contentRange('ivr-calls', params.range, rows.length, total));
    return rows;
  }

  @Post('ivr-calls')
  @RequirePermission('ivr.view')
  @ApiOperation({ summary: "Ask the IVR provider to call a loan's borrower with the overdue reminder flow (08:00–19:00 business time, else 409); the outcome arrives by webhook" })
  @ApiBody({ schema: z.toJSONSchema(requestIvrCallBody) as object })
  @ApiCreatedResponse({ schema: openApi(ivrCallSchema) })
  request(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.commands.execute(new RequestIvrCallCommand(actor, parseWith(requestIvrCallBody, body).loanId.toLowerCase()));
  }
}
