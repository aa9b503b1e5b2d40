import { Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { HttpProblem } from '../../platform/http/problem.js';
import { PUBLIC_ROUTE, ROUTE_ROLES, type Role } from '../../platform/http/access.decorators.js';
import type { AuthenticatedUser } from './authenticated-user.js';

/**
 * Global guard: a route is reachable only if it says who may reach it. @Public() routes are open; @Roles()
 * routes need a valid token of one of the roles; a route that says neither is refused (fail closed).
 */
@Injectable()
export class AccessGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROUTE_ROLES, targets);
    if (!roles || roles.length === 0) {
      throw new HttpProblem(403, 'no-access-rule', 'Not allowed', 'This route declares no access rule, so it is closed.');
    }
    await super.canActivate(context);
    const user = context.switchToHttp().getRequest().user as AuthenticatedUser;
    if (!roles.includes(user.role)) {
      throw new HttpProblem(403, 'forbidden', 'Not allowed', `This action needs the ${roles.join(' or ')} role.`);
    }
    return true;
  }

  override handleRequest<T>(error: unknown, user: T): T {
    if (error || !user) {
      throw new HttpProblem(401, 'unauthenticated', 'Sign in required', 'Sign in to continue: the token is missing, invalid or expired.');
    }
    return user;
  }
}
