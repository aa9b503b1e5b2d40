import { Controller, Get, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { RequirePermission } from '../../identity/public/index.js';
import { parseListParams, sendPage } from '../../platform/http/list-params.js';
import { openApi } from '../../platform/http/openapi-schemas.js';
import { ApiListQuery, ApiSignedIn } from '../../platform/http/openapi.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { idsOf } from '../../platform/query/list-query.js';
import { ListPushesQuery, PUSH_SORT } from '../application/push/list-pushes.handler.js';
import { pushListFilter, pushSchema } from './push.schemas.js';

/** The push log for staff (ra-data-simple-rest list): what went to which device, and what became of it. */
@ApiTags('admin pushes')
@ApiSignedIn()
@Controller('admin')
export class AdminPushesController {
  constructor(private readonly queries: QueryBus) {}

  @Get('pushes')
  @RequirePermission('pushes.view')
  @ApiOperation({
    summary: 'The push log (ra-data-simple-rest): filter={"status":"token-removed","topic":"loan-disbursed","userId":"…"}, sort, range',
  })
  @ApiListQuery({ filter: '{"status":"sent"}', sort: '["createdAt","DESC"]' })
  @ApiOkResponse({
    description: 'one page of pushes; Content-Range: pushes <start>-<end>/<total>, <total> exact up to 10000, else 10000+',
    schema: openApi(z.array(pushSchema)),
  })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: PUSH_SORT.fields,
      defaultSort: { field: 'createdAt', order: 'DESC' },
      filters: Object.keys(pushListFilter.shape),
    });
    const { id, ...rest } = parseWith(pushListFilter, params.filter);
    return sendPage(
      res,
      'pushes',
      params.range,
      await this.queries.execute(new ListPushesQuery({ ...rest, ids: idsOf(id) }, params.sort, params.range)),
    );
  }
}
