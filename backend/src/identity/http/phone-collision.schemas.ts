import { z } from 'zod';

/** Phones the 0037 migration listed (docs/operations.md "Phones in one form"). */
const collidingAccountSchema = z.strictObject({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['borrower', 'staff']),
  phone: z.string().nullable().describe('as stored now'),
});

export const phoneCollisionSchema = z.strictObject({
  id: z.uuid(),
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['borrower', 'staff']),
  storedPhone: z.string().describe('the phone as it was stored, kept by the migration'),
  normalizedPhone: z.string().nullable().describe('what it reads as in E.164; null when it does not read as a number'),
  currentPhone: z.string().nullable().describe("the account's phone now"),
  reason: z.enum(['collision', 'unreadable']).describe('collision: other accounts read as the same number; unreadable: not a phone number'),
  status: z.enum(['open', 'resolved']),
  foundAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.uuid().nullable(),
  resolution: z
    .enum(['kept', 'cleared', 'changed'])
    .nullable()
    .describe('kept or cleared by staff; changed: the account changed its phone itself'),
  others: z.array(collidingAccountSchema).describe('the other accounts holding or reading as the same number'),
});

export const phoneCollisionListFilter = z.strictObject({
  status: z.enum(['open', 'resolved'], { error: 'must be open or resolved' }).optional(),
  reason: z.enum(['collision', 'unreadable'], { error: 'must be collision or unreadable' }).optional(),
  id: z.union([z.uuid(), z.array(z.uuid()).max(500)]).optional(),
});

export const phoneCollisionIdParam = z.uuid('must be a listed phone id (uuid)');

export const resolvePhoneCollisionBody = z.strictObject({
  action: z.enum(['keep', 'clear'], { error: 'must be keep (the account gets the number in E.164) or clear (the account has no phone)' }),
});
