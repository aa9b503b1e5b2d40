import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { HttpProblem } from '../../platform/http/problem.js';
import { Roles } from '../../platform/http/access.decorators.js';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user.js';
import { publicUser } from '../users/user.record.js';
import { UsersRepository } from '../users/users.repository.js';

@ApiTags('users')
@ApiBearerAuth()
@Controller('users')
export class AdminUserController {
  constructor(private readonly users: UsersRepository) {}

  @Get('admin')
  @Roles('staff')
  @ApiOperation({ summary: 'The signed-in staff user, as the spec client reads it: user.user._id' })
  async admin(@CurrentUser() actor: AuthenticatedUser) {
    const user = await this.users.findById(actor.id);
    if (!user) throw new HttpProblem(401, 'unauthenticated', 'Sign in required', 'This account no longer exists.');
    return { user: publicUser(user) };
  }
}
