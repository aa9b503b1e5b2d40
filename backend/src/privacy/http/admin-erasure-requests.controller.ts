import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../identity/public/index.js';
import { parseListParams, sendPage } from '../../platform/http/list-params.js';
import { openApi } from '../../platform/http/openapi-schemas.js';
import { ApiListQuery, ApiSignedIn } from '../../platform/http/openapi.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { idsOf } from '../../platform/query/list-query.js';
import { CarryOutErasure } from '../application/carry-out-erasure.handler.js';
import { ERASURE_SORT } from '../application/erasure-requests.repository.js';
import { GetErasureRequestQuery } from '../application/get-erasure-request.handler.js';
import { ListErasureRequestsQuery } from '../application/list-erasure-requests.handler.js';
import { erasureIdParam, erasureListFilter, staffErasureRequestDetailSchema, staffErasureRequestSchema } from './privacy.schemas.js';

/** Borrowers' erasure requests (ra-data-simple-rest) for staff holding customers.erasure: see them, carry them out. */
@ApiTags('admin erasure requests')
@ApiSignedIn()
@Controller('admin/erasure-requests')
export class AdminErasureRequestsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @RequirePermission('customers.erasure')
  @ApiOperation({ summary: 'Erasure requests (ra-data-simple-rest): filter={"status":"requested","borrowerId":"<id>"}, sort, range' })
  @ApiListQuery({ filter: '{"status":"requested"}', sort: '["requestedAt","ASC"]' })
  @ApiOkResponse({
    description: 'one page; Content-Range: erasure-requests <start>-<end>/<total>',
    schema: openApi(z.array(staffErasureRequestSchema)),
  })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: ERASURE_SORT.fields,
      defaultSort: { field: 'requestedAt', order: 'ASC' },
      filters: Object.keys(erasureListFilter.shape),
    });
    const { id, ...filter } = parseWith(erasureListFilter, params.filter);
    return sendPage(
      res,
      'erasure-requests',
      params.range,
      await this.queries.execute(new ListErasureRequestsQuery({ ...filter, ids: idsOf(id) }, params.sort, params.range)),
    );
  }

  @Get(':id')
  @RequirePermission('customers.erasure')
  @ApiOperation({ summary: 'One request: its answer once carried out, or what carrying it out now would erase and keep' })
  @ApiOkResponse({ schema: openApi(staffErasureRequestDetailSchema) })
  get(@Param('id') id: string) {
    return this.queries.execute(new GetErasureRequestQuery(parseWith(erasureIdParam, id)));
  }

  @Post(':id/carry-out')
  @HttpCode(200)
  @RequirePermission('customers.erasure')
  @ApiOperation({
    summary:
      'Carry out the request in one transaction: erase what no law makes us keep, keep the rest (KYC and loan records under the RBI KYC Direction). Answers the request with its answer; 409 already-carried-out',
  })
  @ApiOkResponse({ schema: openApi(staffErasureRequestSchema) })
  carryOut(@CurrentActor() staff: Actor, @Param('id') id: string) {
    return this.commands.execute(new CarryOutErasure(parseWith(erasureIdParam, id), staff.id));
  }
}
