import { Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { DomainError } from '../../platform/errors/domain-error.js';
import { PUBLIC_ROUTE, PUBLIC_ROUTE_IDENTIFIES_CALLER, ROUTE_ROLES, type Role } from '../../platform/http/access.decorators.js';
import type { Permission } from '../permissions/permissions.js';
import { missingPermission, noAccessRule, roleRequired, unauthenticated } from './auth.errors.js';
import type { AuthenticatedUser } from './authenticated-user.js';
import { REQUIRED_PERMISSION } from './require-permission.decorator.js';

/**
 * Global guard: a route is reachable only if it says who may reach it. @Public() routes are open; @Roles()
 * routes need a live session of one of the roles; @RequirePermission() routes also need the named permission in
 * the staff member's role; a route that says nothing is refused (fail closed).
 */
@Injectable()
export class AccessGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) {
      if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE_IDENTIFIES_CALLER, targets)) {
        try {
          await super.canActivate(context);
        } catch {
          context.switchToHttp().getRequest().user = undefined; // anonymous, not refused
        }
      }
      return true;
    }
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROUTE_ROLES, targets);
    if (!roles || roles.length === 0) {
      throw noAccessRule();
    }
    await super.canActivate(context);
    const user = context.switchToHttp().getRequest().user as AuthenticatedUser;
    if (!roles.includes(user.role)) {
      throw roleRequired(roles);
    }
    const permission = this.reflector.getAllAndOverride<Permission | undefined>(REQUIRED_PERMISSION, targets);
    if (permission && !user.permissions.includes(permission)) throw missingPermission(permission);
    return true;
  }

  override handleRequest<T>(error: unknown, user: T): T {
    if (error instanceof DomainError) throw error;
    if (error || !user) throw unauthenticated();
    return user;
  }
}
