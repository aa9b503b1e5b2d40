import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { parseListParams, sendPage } from '../../platform/http/list-params.js';
import { ApiListQuery } from '../../platform/http/openapi.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { idsOf } from '../../platform/query/list-query.js';
import { CreateStaffUser } from '../application/staff/create-staff-user.handler.js';
import { GetStaffUser } from '../application/staff/get-staff-user.handler.js';
import { ListStaffUsers } from '../application/staff/list-staff-users.handler.js';
import { ReloadUserDevice } from '../application/reload-user-device.handler.js';
import { UpdateStaffUser } from '../application/staff/update-staff-user.handler.js';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user.js';
import { RequirePermission } from '../auth/require-permission.decorator.js';
import { STAFF_SORT } from '../users/staff-directory.js';
import { createStaffUserBody, staffListFilter, updateStaffUserBody, userIdParam } from './staff-request.schemas.js';
import { reloadDeviceSchema, staffUserSchema } from './staff-response.schemas.js';

const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input' }) as object;

/** Staff users in the ra-data-simple-rest protocol. DELETE disables (loan events keep naming their actors). */
@ApiTags('admin users')
@ApiBearerAuth()
@Controller('admin/users')
export class StaffUsersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @RequirePermission('users.view')
  @ApiOperation({
    summary:
      'Staff users: filter={"q","roleId","status","online","id"}, sort, range; Content-Range: users a-b/total, total exact up to 10000, else 10000+',
  })
  @ApiListQuery({ filter: '{"online":true}', sort: '["name","ASC"]' })
  @ApiOkResponse({ schema: schema(z.array(staffUserSchema)) })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: STAFF_SORT.fields,
      defaultSort: { field: 'name', order: 'ASC' },
      filters: Object.keys(staffListFilter.shape),
    });
    const { id, ...filter } = parseWith(staffListFilter, params.filter);
    return sendPage(
      res,
      'users',
      params.range,
      await this.queries.execute(new ListStaffUsers({ ...filter, ids: idsOf(id) }, params.sort, params.range)),
    );
  }

  @Get(':id')
  @RequirePermission('users.view')
  @ApiOperation({ summary: 'One staff user, with role, permissions and presence' })
  @ApiOkResponse({ schema: schema(staffUserSchema) })
  get(@Param('id') id: string) {
    return this.queries.execute(new GetStaffUser(parseWith(userIdParam, id)));
  }

  @Post()
  @RequirePermission('users.manage')
  @ApiOperation({ summary: 'Create a staff user with a role; the role may hold only permissions the creator holds' })
  @ApiBody({ schema: schema(createStaffUserBody) })
  @ApiOkResponse({ schema: schema(staffUserSchema) })
  create(@CurrentUser() actor: AuthenticatedUser, @Body() body: unknown) {
    return this.commands.execute(new CreateStaffUser(actor, parseWith(createStaffUserBody, body)));
  }

  @Put(':id')
  @RequirePermission('users.manage')
  @ApiOperation({ summary: 'Edit name, phone, role or status; nobody changes their own role or status' })
  @ApiBody({ schema: schema(updateStaffUserBody) })
  @ApiOkResponse({ schema: schema(staffUserSchema) })
  update(@CurrentUser() actor: AuthenticatedUser, @Param('id') id: string, @Body() body: unknown) {
    return this.commands.execute(new UpdateStaffUser(actor, parseWith(userIdParam, id), parseWith(updateStaffUserBody, body)));
  }

  @Delete(':id')
  @RequirePermission('users.manage')
  @ApiOperation({ summary: 'Disable a staff user: their sessions end at once; the record stays for the audit trail' })
  @ApiOkResponse({ schema: schema(staffUserSchema) })
  disable(@CurrentUser() actor: AuthenticatedUser, @Param('id') id: string) {
    return this.commands.execute(new UpdateStaffUser(actor, parseWith(userIdParam, id), { status: 'disabled' }));
  }

  @Post(':id/reload-device')
  @HttpCode(200)
  @RequirePermission('users.reload-device')
  @ApiOperation({ summary: "Mark any user's device 'devicereload': their pages get device-reload, fetch a fresh token and reload" })
  @ApiOkResponse({ schema: schema(reloadDeviceSchema) })
  reloadDevice(@Param('id') id: string) {
    return this.commands.execute(new ReloadUserDevice(parseWith(userIdParam, id)));
  }
}
