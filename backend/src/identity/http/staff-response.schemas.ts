import { z } from 'zod';
import { ALL_PERMISSIONS } from '../permissions/permissions.js';

const permission = z.enum(ALL_PERMISSIONS as [string, ...string[]]);

export const staffUserSchema = z.strictObject({
  id: z.uuid(),
  _id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.literal('staff'),
  roleId: z.string().nullable(),
  roleName: z.string().nullable(),
  permissions: z.array(permission),
  status: z.enum(['active', 'disabled']),
  online: z.boolean().describe('a page of the user is connected to the presence socket now'),
  device: z.string().nullable().describe("the user's current device id, or 'devicereload'"),
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
});

export const roleSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  builtIn: z.boolean(),
  userCount: z.number().int().describe('active staff users holding the role'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const permissionSchema = z.strictObject({ id: permission, group: z.string(), label: z.string() });

export const onlineUserSchema = z.strictObject({
  id: z.uuid(),
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['borrower', 'staff']),
  online: z.boolean(),
  device: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
});

export const reloadDeviceSchema = z.strictObject({ id: z.uuid(), device: z.literal('devicereload') });
