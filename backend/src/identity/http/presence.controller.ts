import { Controller, Get, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { z } from 'zod';
import { contentRange, parseListParams } from '../../platform/http/list-params.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { ListOnlineUsers } from '../application/list-online-users.handler.js';
import { RequirePermission } from '../auth/require-permission.decorator.js';
import { PRESENCE_SORT_FIELDS } from '../users/staff-directory.js';
import { presenceListFilter } from './staff-request.schemas.js';
import { onlineUserSchema } from './staff-response.schemas.js';

@ApiTags('admin users')
@ApiBearerAuth()
@Controller('admin/presence')
export class PresenceController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @RequirePermission('users.view')
  @ApiOperation({ summary: 'Who is online now (a page connected to the presence socket), borrowers and staff' })
  @ApiQuery({ name: 'filter', required: false, example: '{"role":"staff"}' })
  @ApiQuery({ name: 'sort', required: false, example: '["name","ASC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,24]' })
  @ApiOkResponse({ schema: z.toJSONSchema(z.array(onlineUserSchema)) as object })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response) {
    const params = parseListParams(query, { sortFields: Object.keys(PRESENCE_SORT_FIELDS), defaultSort: { field: 'name', order: 'ASC' }, filters: Object.keys(presenceListFilter.shape) });
    const { id, ...filter } = parseWith(presenceListFilter, params.filter);
    const ids = id === undefined ? undefined : Array.isArray(id) ? id : [id];
    const { rows, total } = await this.queries.execute(new ListOnlineUsers({ ...filter, ids }, params.sort, params.range));
    res.setHeader('Content-Range', contentRange('presence', params.range, rows.length, total));
    return rows;
  }
}
