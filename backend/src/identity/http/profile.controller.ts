import { Body, Controller, Get, HttpCode, Post, Put, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Roles } from '../../platform/http/access.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { ChangePassword } from '../application/change-password.handler.js';
import { GetStaffUser } from '../application/staff/get-staff-user.handler.js';
import { UpdateProfile } from '../application/update-profile.handler.js';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user.js';
import { messageSchema } from './auth-response.schemas.js';
import { clientIp } from './request-context.js';
import { changePasswordBody, updateProfileBody } from './staff-request.schemas.js';
import { staffUserSchema } from './staff-response.schemas.js';

const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input' }) as object;

/** The signed-in staff member's own record: any staff member, whatever their permissions. */
@ApiTags('admin users')
@ApiBearerAuth()
@Controller('admin/profile')
export class ProfileController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @Roles('staff')
  @ApiOperation({ summary: 'My staff record, with role and permissions' })
  @ApiOkResponse({ schema: schema(staffUserSchema) })
  get(@CurrentUser() me: AuthenticatedUser) {
    return this.queries.execute(new GetStaffUser(me.id));
  }

  @Put()
  @Roles('staff')
  @ApiOperation({ summary: 'Change my name or phone (role and status are read-only here)' })
  @ApiBody({ schema: schema(updateProfileBody) })
  @ApiOkResponse({ schema: schema(staffUserSchema) })
  update(@CurrentUser() me: AuthenticatedUser, @Body() body: unknown) {
    return this.commands.execute(new UpdateProfile(me.id, parseWith(updateProfileBody, body)));
  }

  @Post('password')
  @Roles('staff')
  @HttpCode(200)
  @ApiOperation({ summary: 'Change my password (needs the current one); my other sessions end' })
  @ApiBody({ schema: schema(changePasswordBody) })
  @ApiOkResponse({ schema: schema(messageSchema) })
  changePassword(@CurrentUser() me: AuthenticatedUser, @Body() body: unknown, @Req() req: FastifyRequest) {
    const { currentPassword, newPassword } = parseWith(changePasswordBody, body);
    return this.commands.execute(new ChangePassword(me, currentPassword, newPassword, clientIp(req)));
  }
}
