import { z } from 'zod';

/** What the identity endpoints answer; OpenAPI is generated from these and the tests parse real answers with them. */
export const publicUserSchema = z.strictObject({
  _id: z.uuid().describe('the id the spec client reads as user.user._id'),
  id: z.uuid(),
  role: z.enum(['borrower', 'staff']),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  createdAt: z.string(),
});

export const authResultSchema = z.strictObject({ token: z.string().describe('JWT; also set as the HttpOnly cookie "token"'), user: publicUserSchema });
export const signedInUserSchema = z.strictObject({ user: publicUserSchema });
