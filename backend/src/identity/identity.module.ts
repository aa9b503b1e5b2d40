import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { LogInHandler } from './application/log-in.handler.js';
import { RegisterBorrowerHandler } from './application/register-borrower.handler.js';
import { SeedFirstStaffUser } from './application/seed-first-staff-user.js';
import { AccessGuard } from './auth/access.guard.js';
import { JwtStrategy } from './auth/jwt.strategy.js';
import { TokenIssuer } from './auth/token-issuer.js';
import { AdminUserController } from './http/admin-user.controller.js';
import { AuthController } from './http/auth.controller.js';
import { PasswordHasher } from './users/password-hasher.js';
import { UsersRepository } from './users/users.repository.js';

const commandHandlers = [RegisterBorrowerHandler, LogInHandler];
const controllers = [AuthController, AdminUserController];

@Module({
  imports: [PassportModule, JwtModule.register({})],
  controllers,
  providers: [
    ...commandHandlers,
    UsersRepository,
    PasswordHasher,
    TokenIssuer,
    JwtStrategy,
    SeedFirstStaffUser,
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [UsersRepository],
})
export class IdentityModule {}
