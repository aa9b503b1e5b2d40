import { z } from 'zod';
import { singleLineText } from '../../platform/text/text-fields.js';
import { isPermission } from '../permissions/permissions.js';
import { editBody, passwordSchema, personNameSchema, phoneSchema } from './user-fields.schemas.js';

const name = personNameSchema;
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

// The fields of a staff record that its edit form sends back but nobody edits there.
const STAFF_READ_ONLY = [
  'id',
  '_id',
  'email',
  'role',
  'roleName',
  'permissions',
  'online',
  'device',
  'lastSeenAt',
  'createdAt',
  'emailVerified',
];
export const updateStaffUserBody = editBody(
  {
    name: name.optional(),
    phone: phoneSchema.nullable().optional(),
    roleId: roleId.optional(),
    status: z.enum(['active', 'disabled'], { error: 'must be active or disabled' }).optional(),
  },
  STAFF_READ_ONLY,
);

export const staffListFilter = z.strictObject({
  q: z.string().trim().max(100).optional(),
  roleId: z.string().max(100).optional(),
  status: z.enum(['active', 'disabled']).optional(),
  online: z.boolean().optional(),
  id: z.union([z.uuid(), z.array(z.uuid())]).optional(),
});

const roleName = singleLineText({ min: 2, max: 60 });
const roleDescription = singleLineText({ max: 300 });

export const createRoleBody = z.strictObject({
  name: roleName,
  description: roleDescription.default(''),
  permissions,
});

export const updateRoleBody = editBody(
  {
    name: roleName.optional(),
    description: roleDescription.optional(),
    permissions: permissions.optional(),
  },
  ['id', 'builtIn', 'userCount', 'createdAt', 'updatedAt'],
);

export const roleListFilter = z.strictObject({
  q: z.string().trim().max(100).optional(),
  id: z.union([z.string(), z.array(z.string())]).optional(),
});
export const permissionListFilter = z.strictObject({
  q: z.string().trim().max(100).optional(),
  group: z.string().optional(),
  id: z.union([z.string(), z.array(z.string())]).optional(),
});
export const presenceListFilter = z.strictObject({
  q: z.string().trim().max(100).optional(),
  role: z.enum(['borrower', 'staff']).optional(),
  id: z.union([z.uuid(), z.array(z.uuid())]).optional(),
});

export const updateProfileBody = editBody({ name: name.optional(), phone: phoneSchema.nullable().optional() }, [
  ...STAFF_READ_ONLY,
  'roleId',
  'status',
]);
export const changePasswordBody = z.strictObject({
  currentPassword: z.string().min(1, 'is required').max(200),
  newPassword: passwordSchema,
});
export const userIdParam = z.uuid('must be a user id (uuid)');
