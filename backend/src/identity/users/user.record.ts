import type { Role } from '../../platform/http/access.decorators.js';

export type UserRecord = {
  id: string;
  role: Role;
  name: string;
  email: string;
  phone: string | null;
  /** Null for accounts created by social sign-in that never set a password. */
  passwordHash: string | null;
  staffRoleId: string | null;
  status: 'active' | 'disabled';
  firebaseUid: string | null;
  /** When the email was proven (a code sent to it, or a social sign-in saying so); null: not verified. */
  emailVerifiedAt: Date | null;
  createdAt: Date;
};

/** What clients see of a user: an allow-list, so a new column never leaks. `_id` is what the spec's client reads. */
export function publicUser(user: UserRecord, permissions: readonly string[] = []) {
  return {
    _id: user.id,
    id: user.id,
    role: user.role,
    name: user.name,
    email: user.email,
    phone: user.phone,
    emailVerified: user.emailVerifiedAt !== null,
    status: user.status,
    roleId: user.staffRoleId,
    permissions: [...permissions],
    createdAt: user.createdAt.toISOString(),
  };
}
