import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { HttpProblem } from '../../platform/http/problem.js';
import { Roles } from '../../platform/http/access.decorators.js';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user.js';
import { publicUser } from '../users/user.record.js';
import { UsersRepository } from '../users/users.repository.js';
import { signedInUserSchema } from './auth-response.schemas.js';

@ApiTags('users')
@ApiBearerAuth()
@Controller('users')
export class AdminUserController {
  constructor(private readonly users: UsersRepository) {}

  @Get('admin')
  @Roles('staff')
  @ApiOperation({ summary: 'The signed-in staff user, as the spec client reads it: user.user._id' })
  @ApiOkResponse({ schema: z.toJSONSchema(signedInUserSchema) as object })
  async admin(@CurrentUser() actor: AuthenticatedUser) {
    const user = await this.users.findById(actor.id);
    if (!user) throw new HttpProblem(401, 'unauthenticated', 'Sign in required', 'This account no longer exists.');
    return { user: publicUser(user) };
  }
}
