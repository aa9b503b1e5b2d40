import { Body, Controller, Get, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../identity/public/index.js';
import { parseListParams, sendPage } from '../../platform/http/list-params.js';
import { ApiListQuery, ApiSignedIn } from '../../platform/http/openapi.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { IVR_SORT, ListIvrCallsQuery } from '../application/channels/list-ivr-calls.handler.js';
import { RequestIvrCallCommand } from '../application/channels/request-ivr-call.handler.js';
import { ivrCallSchema, ivrListFilter, requestIvrCallBody } from './channel.schemas.js';
import { openApi } from './email-response.schemas.js';

/** The IVR calls and their outcomes (ivr.view), and automated reminder calls staff ask for. */
@ApiTags('admin ivr')
@ApiSignedIn()
@Controller('admin')
export class AdminIvrController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('ivr-calls')
  @RequirePermission('ivr.view')
  @ApiOperation({
    summary:
      'IVR calls (ra-data-simple-rest): filter={"outcome":"promised-to-pay","status":"completed","loanId":"…","phone":"+91…","from":"…","to":"…"}, sort, range',
  })
  @ApiListQuery({ filter: '{"outcome":"no-answer"}', sort: '["createdAt","DESC"]' })
  @ApiOkResponse({
    description: 'Content-Range: ivr-calls <start>-<end>/<total>, <total> exact up to 10000, else 10000+',
    schema: openApi(z.array(ivrCallSchema)),
  })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: IVR_SORT.fields,
      defaultSort: { field: 'createdAt', order: 'DESC' },
      filters: Object.keys(ivrListFilter.shape),
    });
    const filter = parseWith(ivrListFilter, params.filter);
    return sendPage(
      res,
      'ivr-calls',
      params.range,
      await this.queries.execute(
        new ListIvrCallsQuery({ ...filter, ...(filter.loanId ? { loanId: filter.loanId.toLowerCase() } : {}) }, params.sort, params.range),
      ),
    );
  }

  @Post('ivr-calls')
  @RequirePermission('ivr.view')
  @ApiOperation({
    summary:
      "Ask the IVR provider to call a loan's borrower with the overdue reminder flow (08:00–19:00 business time, else 409); the outcome arrives by webhook",
  })
  @ApiBody({ schema: z.toJSONSchema(requestIvrCallBody) as object })
  @ApiCreatedResponse({ schema: openApi(ivrCallSchema) })
  request(@CurrentActor() actor: Actor, @Body() body: unknown) {
    return this.commands.execute(new RequestIvrCallCommand(actor, parseWith(requestIvrCallBody, body).loanId.toLowerCase()));
  }
}
