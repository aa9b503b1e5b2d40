import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Role } from '../../platform/http/access.decorators.js';
import type { Permission } from '../permissions/permissions.js';

/** Who is calling, as the guard established it from a live session. */
export type AuthenticatedUser = {
  id: string;
  role: Role;
  sessionId: string;
  deviceId: string;
  /** The staff role's id; null for borrowers. */
  roleId: string | null;
  /** Staff permissions from the user's role, read on every request, so a role change applies at once. Empty for borrowers. */
  permissions: readonly Permission[];
};

/** The actor recorded on events: who, and in which role; nothing about the session leaks into the log. */
export type Actor = { id: string; role: Role };

const userOf = (ctx: ExecutionContext) => ctx.switchToHttp().getRequest().user as AuthenticatedUser;

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthenticatedUser => userOf(ctx));

export const CurrentActor = createParamDecorator((_: unknown, ctx: ExecutionContext): Actor => {
  const user = userOf(ctx);
  return { id: user.id, role: user.role };
});

/** The calling session and its device, for records kept per device (push registrations). */
export type CurrentDeviceSession = { userId: string; sessionId: string; deviceId: string };

export const CurrentSession = createParamDecorator((_: unknown, ctx: ExecutionContext): CurrentDeviceSession => {
  const user = userOf(ctx);
  return { userId: user.id, sessionId: user.sessionId, deviceId: user.deviceId };
});
