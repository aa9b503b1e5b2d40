import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Role } from '../../platform/http/access.decorators.js';

export type AuthenticatedUser = { id: string; role: Role };

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthenticatedUser => {
  return ctx.switchToHttp().getRequest().user as AuthenticatedUser;
});
