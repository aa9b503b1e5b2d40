import { Controller, Get, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiDefaultResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { z } from 'zod';
import { RequirePermission } from '../../identity/public/index.js';
import { contentRange, parseListParams } from '../../platform/http/list-params.js';
import { openApi, problemSchema } from '../../platform/http/openapi-schemas.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { ListPushesQuery, PUSH_SORT_FIELDS } from '../application/list-pushes.handler.js';
import { pushListFilter, pushSchema } from './push.schemas.js';

/** The push log for staff (ra-data-simple-rest list): what went to which device, and what became of it. */
@ApiTags('admin pushes')
@ApiBearerAuth()
@ApiDefaultResponse({ description: 'RFC 9457 problem details (application/problem+json)', schema: openApi(problemSchema) })
@Controller('admin')
export class AdminPushesController {
  constructor(private readonly queries: QueryBus) {}

  @Get('pushes')
  @RequirePermission('pushes.view')
  @ApiOperation({ summary: 'The push log (ra-data-simple-rest): filter={"status":"token-removed","topic":"loan-disbursed","userId":"…"}, sort, range' })
  @ApiQuery({ name: 'filter', required: false, example: '{"status":"sent"}' })
  @ApiQuery({ name: 'sort', required: false, example: '["createdAt","DESC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,24]' })
  @ApiOkResponse({ description: 'one page of pushes; Content-Range: pushes <start>-<end>/<total>', schema: openApi(z.array(pushSchema)) })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response) {
    const params = parseListParams(query, { sortFields: Object.keys(PUSH_SORT_FIELDS), defaultSort: { field: 'createdAt', order: 'DESC' }, filters: Object.keys(pushListFilter.shape) });
    const { id, ...rest } = parseWith(pushListFilter, params.filter);
    const ids = id === undefined ? undefined : Array.isArray(id) ? id : [id];
    const { rows, total } = await this.queries.execute(new ListPushesQuery({ ...rest, ids }, params.sort, params.range));
    res.setHeader('Content-Range', contentRange('pushes', params.range, rows.length, total));
    return rows;
  }
}
