import type { Role } from '../../platform/http/access.decorators.js';

export type UserRecord = {
  id: string;
  role: Role;
  name: string;
  email: string;
  phone: string | null;
  passwordHash: string;
  createdAt: Date;
};

/** What clients see of a user: an allow-list, so a new column never leaks. `_id` is what the spec's client reads. */
export function publicUser(user: UserRecord) {
  return { _id: user.id, id: user.id, role: user.role, name: user.name, email: user.email, phone: user.phone, createdAt: user.createdAt.toISOString() };
}
