import { SetMetadata } from '@nestjs/common';

export type Role = 'borrower' | 'staff';

export const PUBLIC_ROUTE = 'access:public';
export const ROUTE_ROLES = 'access:roles';

/** Opts a route out of authentication. Every route must carry @Public() or @Roles(): the guard refuses the rest. */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);
export const Roles = (...roles: Role[]) => SetMetadata(ROUTE_ROLES, roles);
