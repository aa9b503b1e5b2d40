import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ROUTE_ROLES } from '../../platform/http/access.decorators.js';
import type { Permission } from '../permissions/permissions.js';

export const REQUIRED_PERMISSION = 'access:permission';

/** A staff route that needs one named permission; it implies @Roles('staff'). The global AccessGuard checks both. */
export const RequirePermission = (permission: Permission) =>
  applyDecorators(SetMetadata(ROUTE_ROLES, ['staff']), SetMetadata(REQUIRED_PERMISSION, permission));
