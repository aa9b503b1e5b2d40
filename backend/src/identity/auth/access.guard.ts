import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../../platform/database/database-unavailable.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { PUBLIC_ROUTE, PUBLIC_ROUTE_IDENTIFIES_CALLER, ROUTE_ROLES, type Role } from '../../platform/http/access.decorators.js';
import type { Permission } from '../permissions/permissions.js';
import { missingPermission, noAccessRule, roleRequired, unauthenticated } from './auth.errors.js';
import type { AuthenticatedUser } from './authenticated-user.js';
import { requestCredential } from './credentials.js';
import { REQUIRED_PERMISSION } from './require-permission.decorator.js';
import { SessionAuthenticator } from './session-authenticator.js';
import { TokenIssuer, type TokenClaims } from './token-issuer.js';

/**
 * Global guard: a route is reachable only if it says who may reach it. @Public() routes are open; @Roles()
 * routes need a live session of one of the roles; @RequirePermission() routes also need the named permission in
 * the staff member's role; a route that says nothing is refused (fail closed).
 *
 * The caller is established here without passport (which this guard used to go through, at a measurable cost per
 * request): the token from the Authorization header or the cookie (credentials.ts), its HS256 signature and expiry
 * (TokenIssuer.verify), then the session behind it (SessionAuthenticator).
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenIssuer,
    private readonly authenticator: SessionAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthenticatedUser }>();
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) {
      if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE_IDENTIFIES_CALLER, targets)) {
        try {
          request.user = await this.identify(request);
        } catch {
          request.user = undefined; // anonymous, not refused
        }
      }
      return true;
    }
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROUTE_ROLES, targets);
    if (!roles || roles.length === 0) {
      throw noAccessRule();
    }
    const user = await this.identify(request);
    request.user = user;
    if (!roles.includes(user.role)) {
      throw roleRequired(roles);
    }
    const permission = this.reflector.getAllAndOverride<Permission | undefined>(REQUIRED_PERMISSION, targets);
    if (permission && !user.permissions.includes(permission)) throw missingPermission(permission);
    return true;
  }

  /** The caller, or the coded reason there is none (a bad or missing token is plain `unauthenticated`). */
  private async identify(request: FastifyRequest): Promise<AuthenticatedUser> {
    // The bearer header when there is one (never the cookie then), else the cookie.
    const token = requestCredential(request)?.token;
    if (!token) throw unauthenticated();
    let claims: TokenClaims;
    try {
      claims = this.tokens.verify(token);
    } catch {
      throw unauthenticated();
    }
    const raw = request.headers['x-device-id'];
    const deviceId = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    try {
      return await this.authenticator.authenticate(claims, deviceId ? deviceId : undefined);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // The session could not be read (PostgreSQL down): 503 from the filter, never a 401 that signs the user out.
      if (isDatabaseUnavailable(error)) throw error;
      throw unauthenticated();
    }
  }
}
