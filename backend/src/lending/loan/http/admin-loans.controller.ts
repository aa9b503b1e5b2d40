import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../../identity/public/index.js';
import { parseListParams, sendPage } from '../../../platform/http/list-params.js';
import { ApiListQuery, ApiSignedIn } from '../../../platform/http/openapi.decorators.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import { idsOf } from '../../../platform/query/list-query.js';
import { CountLoanActivityQuery } from '../application/queries/count-loan-activity.handler.js';
import { CountLoanQueuesQuery } from '../application/queries/count-loan-queues.handler.js';
import { GetLoanAsOfQuery } from '../application/queries/get-loan-as-of.handler.js';
import { GetLoanHistoryQuery } from '../application/queries/get-loan-history.handler.js';
import { GetLoanQuery } from '../application/queries/get-loan.handler.js';
import { LOAN_SORT, ListLoansQuery } from '../application/queries/list-loans.handler.js';
import { activityQuery, asOfParam, loanListFilter, uuidParam } from './loan-request.schemas.js';
import {
  activityDaySchema,
  historyEntrySchema,
  loanDetailSchema,
  loanRowSchema,
  openApi,
  queueCountsSchema,
} from './loan-response.schemas.js';

/** Staff read loans: queues in the ra-data-simple-rest protocol, counts, one loan, its history (the moves are in lending/pipeline). */
@ApiTags('admin loans')
@ApiSignedIn()
@Controller('admin')
export class AdminLoansController {
  constructor(private readonly queries: QueryBus) {}

  @Get('loans')
  @RequirePermission('loans.view')
  @ApiOperation({ summary: 'Loan queues (ra-data-simple-rest): filter={"queue":"soft.pending","type":"EMI","q":"text"}, sort, range' })
  @ApiListQuery({ filter: '{"queue":"soft.pending"}', sort: '["createdAt","DESC"]' })
  @ApiOkResponse({
    description: 'one page of the queue; Content-Range: loans <start>-<end>/<total>, <total> exact up to 10000, else 10000+',
    schema: openApi(z.array(loanRowSchema)),
  })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: LOAN_SORT.fields,
      defaultSort: { field: 'createdAt', order: 'DESC' },
      filters: Object.keys(loanListFilter.shape),
    });
    const filter = parseWith(loanListFilter, params.filter);
    const { id, ...rest } = filter;
    return sendPage(
      res,
      'loans',
      params.range,
      await this.queries.execute(new ListLoansQuery({ ...rest, ids: idsOf(id) }, params.sort, params.range)),
    );
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
  @ApiOperation({
    summary:
      'The dashboard graph: per day from..to (business dates in the business time zone, at most a year), applications submitted, final approvals, disbursals',
  })
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
}
