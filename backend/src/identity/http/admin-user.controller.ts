import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Roles } from '../../platform/http/access.decorators.js';
import { GetSignedInUser } from '../application/get-signed-in-user.handler.js';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user.js';
import { signedInUserSchema } from './auth-response.schemas.js';

@ApiTags('users')
@ApiBearerAuth()
@Controller()
export class AdminUserController {
  constructor(private readonly queries: QueryBus) {}

  @Get('users/admin')
  @Roles('staff')
  @ApiOperation({ summary: 'The signed-in staff user, as the spec client reads it: user.user._id (with permissions)' })
  @ApiOkResponse({ schema: z.toJSONSchema(signedInUserSchema) as object })
  admin(@CurrentUser() caller: AuthenticatedUser) {
    return this.queries.execute(new GetSignedInUser(caller));
  }

  @Get('me')
  @Roles('borrower', 'staff')
  @ApiOperation({ summary: 'The signed-in user, borrower or staff: {user:{_id, ...}}' })
  @ApiOkResponse({ schema: z.toJSONSchema(signedInUserSchema) as object })
  me(@CurrentUser() caller: AuthenticatedUser) {
    return this.queries.execute(new GetSignedInUser(caller));
  }
}
