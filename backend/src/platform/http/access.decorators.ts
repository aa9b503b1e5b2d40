import { applyDecorators, SetMetadata } from '@nestjs/common';

export type Role = 'borrower' | 'staff';

export const PUBLIC_ROUTE = 'access:public';
export const ROUTE_ROLES = 'access:roles';
export const PUBLIC_ROUTE_IDENTIFIES_CALLER = 'access:public-identifies-caller';

/** Opts a route out of authentication. Every route must carry @Public() or @Roles(): the guard refuses the rest. */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);
/**
 * A public route that answers more to a signed-in caller: a valid session sets `request.user`; no token, or a bad,
 * expired or revoked one, leaves the caller anonymous instead of refusing the request.
 */
export const PublicIdentifyingCaller = () =>
  applyDecorators(SetMetadata(PUBLIC_ROUTE, true), SetMetadata(PUBLIC_ROUTE_IDENTIFIES_CALLER, true));
export const Roles = (...roles: Role[]) => SetMetadata(ROUTE_ROLES, roles);
