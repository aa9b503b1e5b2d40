import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { parseListParams, sendPage } from '../../platform/http/list-params.js';
import { ApiListQuery } from '../../platform/http/openapi.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { idsOf } from '../../platform/query/list-query.js';
import { GetPhoneCollision } from '../application/phone-collisions/get-phone-collision.handler.js';
import { ListPhoneCollisions } from '../application/phone-collisions/list-phone-collisions.handler.js';
import { ResolvePhoneCollision } from '../application/phone-collisions/resolve-phone-collision.handler.js';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user.js';
import { RequirePermission } from '../auth/require-permission.decorator.js';
import { PHONE_COLLISION_SORT } from '../users/phone-collisions.repository.js';
import {
  phoneCollisionIdParam,
  phoneCollisionListFilter,
  phoneCollisionSchema,
  resolvePhoneCollisionBody,
} from './phone-collision.schemas.js';

const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input' }) as object;

/**
 * Phones to review (ra-data-simple-rest, customers.phones): what the 0037 migration could not put in one form,
 * and the staff action that settles each one.
 */
@ApiTags('admin phone collisions')
@ApiBearerAuth()
@Controller('admin/phone-collisions')
export class AdminPhoneCollisionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @RequirePermission('customers.phones')
  @ApiOperation({
    summary:
      'Listed phones: filter={"status":"open"|"resolved","reason":"collision"|"unreadable","id"}, sort, range; Content-Range: phone-collisions a-b/total, total exact up to 10000, else 10000+',
  })
  @ApiListQuery({ filter: '{"status":"open"}', sort: '["foundAt","ASC"]' })
  @ApiOkResponse({ schema: schema(z.array(phoneCollisionSchema)) })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: PHONE_COLLISION_SORT.fields,
      defaultSort: { field: 'foundAt', order: 'ASC' },
      filters: Object.keys(phoneCollisionListFilter.shape),
    });
    const { id, ...filter } = parseWith(phoneCollisionListFilter, params.filter);
    return sendPage(
      res,
      'phone-collisions',
      params.range,
      await this.queries.execute(new ListPhoneCollisions({ ...filter, ids: idsOf(id) }, params.sort, params.range)),
    );
  }

  @Get(':id')
  @RequirePermission('customers.phones')
  @ApiOperation({ summary: 'One listed phone, with the other accounts that read as the same number' })
  @ApiOkResponse({ schema: schema(phoneCollisionSchema) })
  get(@Param('id') id: string) {
    return this.queries.execute(new GetPhoneCollision(parseWith(phoneCollisionIdParam, id)));
  }

  @Post(':id/resolve')
  @HttpCode(200)
  @RequirePermission('customers.phones')
  @ApiOperation({
    summary: 'Settle a listed phone: keep (the account gets the number in E.164, once no other account holds it) or clear (no phone)',
  })
  @ApiBody({ schema: schema(resolvePhoneCollisionBody) })
  @ApiOkResponse({ schema: schema(phoneCollisionSchema) })
  resolve(@CurrentUser() actor: AuthenticatedUser, @Param('id') id: string, @Body() body: unknown) {
    const { action } = parseWith(resolvePhoneCollisionBody, body);
    return this.commands.execute(new ResolvePhoneCollision(actor, parseWith(phoneCollisionIdParam, id), action));
  }
}
