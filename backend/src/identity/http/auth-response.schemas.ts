import { z } from 'zod';
import { ALL_PERMISSIONS } from '../permissions/permissions.js';

/** What the identity endpoints answer; OpenAPI is generated from these and the tests parse real answers with them. */
export const publicUserSchema = z.strictObject({
  _id: z.uuid().describe('the id the spec client reads as user.user._id'),
  id: z.uuid(),
  role: z.enum(['borrower', 'staff']),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  emailVerified: z.boolean().describe('whether the email was proven (POST /api/me/email-verification, or a social sign-in saying so)'),
  status: z.enum(['active', 'disabled']),
  roleId: z.string().nullable().describe("the staff role's id; null for borrowers"),
  permissions: z.array(z.enum(ALL_PERMISSIONS as [string, ...string[]])).describe('what the staff role allows; empty for borrowers'),
  createdAt: z.string(),
});

export const authResultSchema = z.strictObject({
  token: z.string().describe('JWT naming the session (sid) and device; also set as the HttpOnly cookie "token"'),
  deviceId: z.string().describe('the device the session is bound to: the one sent, or a generated one'),
  user: publicUserSchema,
});
export const socialAuthResultSchema = authResultSchema.extend({
  created: z.boolean().describe('true when this sign-in created the account'),
});
export const signedInUserSchema = z.strictObject({
  user: publicUserSchema,
  defaultPasswordInUse: z
    .literal(true)
    .optional()
    .describe('present (development only) while the first staff user (ADMIN_EMAIL) still has the default password admin-password'),
});
export const messageSchema = z.strictObject({ message: z.string() });
export const tokenSchema = z.strictObject({ token: z.string() });
