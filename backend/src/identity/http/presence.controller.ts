import { Controller, Get, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { parseListParams, sendPage } from '../../platform/http/list-params.js';
import { ApiListQuery } from '../../platform/http/openapi.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { idsOf } from '../../platform/query/list-query.js';
import { ListOnlineUsers } from '../application/staff/list-online-users.handler.js';
import { RequirePermission } from '../auth/require-permission.decorator.js';
import { PRESENCE_SORT } from '../users/staff-directory.js';
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
  @ApiListQuery({ filter: '{"role":"staff"}', sort: '["name","ASC"]' })
  @ApiOkResponse({ schema: z.toJSONSchema(z.array(onlineUserSchema)) as object })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: PRESENCE_SORT.fields,
      defaultSort: { field: 'name', order: 'ASC' },
      filters: Object.keys(presenceListFilter.shape),
    });
    const { id, ...filter } = parseWith(presenceListFilter, params.filter);
    return sendPage(
      res,
      'presence',
      params.range,
      await this.queries.execute(new ListOnlineUsers({ ...filter, ids: idsOf(id) }, params.sort, params.range)),
    );
  }
}
