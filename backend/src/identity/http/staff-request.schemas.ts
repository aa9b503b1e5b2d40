import { z } from 'zod';
import { isPermission } from '../permissions/permissions.js';
import { passwordSchema, phoneSchema } from './auth.controller.js';

const name = z.string().trim().min(2, 'must be at least 2 characters').max(100, 'must be at most 100 characters');
const roleId = z.string().trim().min(1, 'is required').max(100);
const permissions = z
  .array(z.string().refine(isPermission, { message: 'is not a permission; GET /api/admin/permissions lists them' }))
  .max(100);

export const createStaffUserBody = z.strictObject({
  name,
  email: z.email('must be a valid email address').max(254),
  phone: phoneSchema.nullable().optional(),
  password: passwordSchema,
  roleId,
});

/**
 * react-admin's edit form sends the whole record back: its read-only fields are accepted and ignored, while any
 * other unknown field is still named as an error.
 */
const readOnly = (...fields: string[]) => Object.fromEntries(fields.map((f) => [f, z.unknown().optional()]));
const ignoreReadOnly = <T extends Record<string, unknown>>(body: T, fields: string[]) => Object.fromEntries(Object.entries(body).filter(([k]) => !fields.includes(k)));

const STAFF_READ_ONLY = ['id', '_id', 'email', 'role', 'roleName', 'permissions', 'online', 'device', 'lastSeenAt', 'createdAt'];
export const updateStaffUserBody = z
  .strictObject({
    name: name.optional(),
    phone: phoneSchema.nullable().optional(),
    roleId: roleId.optional(),
    status: z.enum(['active', 'disabled'], { error: 'must be active or disabled' }).optional(),
    ...readOnly(...STAFF_READ_ONLY),
  })
  .transform((b) => ignoreReadOnly(b, STAFF_READ_ONLY) as { name?: string; phone?: string | null; roleId?: string; status?: 'active' | 'disabled' });

export const staffListFilter = z.strictObject({
  q: z.string().trim().max(100).optional(),
  roleId: z.string().max(100).optional(),
  status: z.enum(['active', 'disabled']).optional(),
  online: z.boolean().optional(),
  id: z.union([z.uuid(), z.array(z.uuid())]).optional(),
});

export const createRoleBody = z.strictObject({
  name: z.string().trim().min(2, 'must be at least 2 characters').max(60, 'must be at most 60 characters'),
  description: z.string().trim().max(300, 'must be at most 300 characters').default(''),
  permissions,
});

const ROLE_READ_ONLY = ['id', 'builtIn', 'userCount', 'createdAt', 'updatedAt'];
export const updateRoleBody = z
  .strictObject({
    name: z.string().trim().min(2, 'must be at least 2 characters').max(60, 'must be at most 60 characters').optional(),
    description: z.string().trim().max(300, 'must be at most 300 characters').optional(),
    permissions: permissions.optional(),
    ...readOnly(...ROLE_READ_ONLY),
  })
  .transform((b) => ignoreReadOnly(b, ROLE_READ_ONLY) as { name?: string; description?: string; permissions?: string[] });

export const roleListFilter = z.strictObject({ q: z.string().trim().max(100).optional(), id: z.union([z.string(), z.array(z.string())]).optional() });
export const permissionListFilter = z.strictObject({ q: z.string().trim().max(100).optional(), group: z.string().optional(), id: z.union([z.string(), z.array(z.string())]).optional() });
export const presenceListFilter = z.strictObject({ q: z.string().trim().max(100).optional(), role: z.enum(['borrower', 'staff']).optional(), id: z.union([z.uuid(), z.array(z.uuid())]).optional() });

export const updateProfileBody = z
  .strictObject({ name: name.optional(), phone: phoneSchema.nullable().optional(), ...readOnly(...STAFF_READ_ONLY, 'roleId', 'status') })
  .transform((b) => ignoreReadOnly(b, [...STAFF_READ_ONLY, 'roleId', 'status']) as { name?: string; phone?: string | null });
export const changePasswordBody = z.strictObject({ currentPassword: z.string().min(1, 'is required').max(200), newPassword: passwordSchema });
export const userIdParam = z.uuid('must be a user id (uuid)');
