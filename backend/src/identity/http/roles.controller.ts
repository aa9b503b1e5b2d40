import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { parseListParams, sendPage } from '../../platform/http/list-params.js';
import { ApiListQuery } from '../../platform/http/openapi.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { idsOf } from '../../platform/query/list-query.js';
import { CreateRole } from '../application/staff/create-role.handler.js';
import { DeleteRole } from '../application/staff/delete-role.handler.js';
import { GetRole } from '../application/staff/get-role.handler.js';
import { ListRoles } from '../application/staff/list-roles.handler.js';
import { UpdateRole } from '../application/staff/update-role.handler.js';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user.js';
import { RequirePermission } from '../auth/require-permission.decorator.js';
import { PERMISSIONS, type Permission } from '../permissions/permissions.js';
import { ROLE_SORT, type StaffRoleRecord } from '../roles/staff-roles.repository.js';
import { createRoleBody, permissionListFilter, roleListFilter, updateRoleBody } from './staff-request.schemas.js';
import { permissionSchema, roleSchema } from './staff-response.schemas.js';

const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input' }) as object;

const roleView = (r: StaffRoleRecord) => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() });

/** Roles group permissions; the permission catalogue itself is fixed in code and listed read-only. */
@ApiTags('admin users')
@ApiBearerAuth()
@Controller('admin')
export class RolesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('roles')
  @RequirePermission('users.view')
  @ApiOperation({ summary: 'Staff roles with their permissions and how many active users hold each' })
  @ApiListQuery({ filter: '{"q":"officer"}', sort: '["name","ASC"]' })
  @ApiOkResponse({ schema: schema(z.array(roleSchema)) })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: ROLE_SORT.fields,
      defaultSort: { field: 'name', order: 'ASC' },
      filters: Object.keys(roleListFilter.shape),
    });
    const { id, q } = parseWith(roleListFilter, params.filter);
    return sendPage(
      res,
      'roles',
      params.range,
      await this.queries.execute(new ListRoles({ q, ids: idsOf(id) }, params.sort, params.range)),
    ).map(roleView);
  }

  @Get('roles/:id')
  @RequirePermission('users.view')
  @ApiOperation({ summary: 'One role' })
  @ApiOkResponse({ schema: schema(roleSchema) })
  async get(@Param('id') id: string) {
    return roleView(await this.queries.execute(new GetRole(id)));
  }

  @Post('roles')
  @RequirePermission('roles.manage')
  @ApiOperation({ summary: 'Create a role from permissions the creator holds' })
  @ApiBody({ schema: schema(createRoleBody) })
  @ApiOkResponse({ schema: schema(roleSchema) })
  async create(@CurrentUser() actor: AuthenticatedUser, @Body() body: unknown) {
    return roleView(await this.commands.execute(new CreateRole(actor, parseWith(createRoleBody, body))));
  }

  @Put('roles/:id')
  @RequirePermission('roles.manage')
  @ApiOperation({ summary: "Edit a role (not Administrator, not one's own); applies to its holders at once" })
  @ApiBody({ schema: schema(updateRoleBody) })
  @ApiOkResponse({ schema: schema(roleSchema) })
  async update(@CurrentUser() actor: AuthenticatedUser, @Param('id') id: string, @Body() body: unknown) {
    return roleView(await this.commands.execute(new UpdateRole(actor, id, parseWith(updateRoleBody, body))));
  }

  @Delete('roles/:id')
  @RequirePermission('roles.manage')
  @ApiOperation({ summary: 'Delete a role nobody holds' })
  @ApiOkResponse({ schema: schema(roleSchema) })
  async remove(@CurrentUser() actor: AuthenticatedUser, @Param('id') id: string) {
    return roleView(await this.commands.execute(new DeleteRole(actor, id)));
  }

  @Get('permissions')
  @RequirePermission('users.view')
  @ApiOperation({ summary: 'The permission catalogue: [{id, group, label}]' })
  @ApiListQuery({ filter: '{"group":"Loans"}', sort: '["id","ASC"]' })
  @ApiOkResponse({ schema: schema(z.array(permissionSchema)) })
  permissions(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: FastifyReply) {
    const params = parseListParams(query, {
      sortFields: ['id', 'group'],
      defaultSort: { field: 'id', order: 'ASC' },
      filters: Object.keys(permissionListFilter.shape),
    });
    const { q, group, id } = parseWith(permissionListFilter, params.filter);
    const ids = idsOf(id);
    // Catalogue order (grouped as the console shows it) unless another sort is asked for.
    let all = (Object.entries(PERMISSIONS) as [Permission, { group: string; label: string }][]).map(([pid, p]) => ({
      id: pid,
      group: p.group,
      label: p.label,
    }));
    if (q) all = all.filter((p) => `${p.id} ${p.label}`.toLowerCase().includes(q.toLowerCase()));
    if (group) all = all.filter((p) => p.group === group);
    if (ids) all = all.filter((p) => ids.includes(p.id));
    if (query.sort !== undefined) {
      const field = params.sort.field as 'id' | 'group';
      all.sort((a, b) => a[field].localeCompare(b[field]) * (params.sort.order === 'ASC' ? 1 : -1));
    }
    return sendPage(res, 'permissions', params.range, { rows: all.slice(params.range.start, params.range.end + 1), total: all.length });
  }
}
