import { z } from 'zod';
import { PUSH_STATUSES } from '../domain/push.js';

const text = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} must be at most ${max} characters`);

/** Spec §3, push registration data: the browser's subscription beside the FCM token. */
export const pushSubscriptionOptions = z.strictObject({
  endpoint: z
    .url({ protocol: /^https?$/, error: 'options.endpoint must be the push service URL of the subscription' })
    .max(2000, 'options.endpoint must be at most 2000 characters'),
  auth: text('options.auth', 200),
  p256dh: text('options.p256dh', 200),
  swScope: text('options.swScope', 500),
  vapidKey: text('options.vapidKey', 200),
});

export const pushTokenBody = z.strictObject({
  token: z
    .string({ error: 'token is required: the FCM registration token' })
    .trim()
    .min(20, 'token must be an FCM registration token (at least 20 characters)')
    .max(4096, 'token must be at most 4096 characters')
    .regex(/^[A-Za-z0-9_:\-.]+$/, 'token must be an FCM registration token (letters, digits, _ : - .)'),
  options: pushSubscriptionOptions,
});

export const pushTokenIdParam = z
  .string()
  .refine((v) => z.uuid().safeParse(v).success, { message: 'the push registration id must be a UUID', path: ['id'] });

export const pushTokenSchema = z.strictObject({
  id: z.uuid(),
  deviceId: z.string().describe("the device (spec's device_id) that registered it"),
  options: pushSubscriptionOptions,
  createdAt: z.string(),
  refreshedAt: z.string(),
  refreshDueAt: z.string().describe('refreshedAt plus 7 days (spec §9): the portal refreshes the token after this'),
});

export const pushListFilter = z.strictObject({
  status: z.enum(PUSH_STATUSES, { error: `status must be one of: ${PUSH_STATUSES.join(', ')}` }).optional(),
  topic: z.string().trim().max(100).optional(),
  userId: z.uuid('userId must be a user id').optional(),
  id: z.union([z.array(z.uuid('each id must be a push id')), z.uuid('id must be a push id')]).optional(),
});

export const pushSchema = z.strictObject({
  id: z.uuid(),
  userId: z.uuid(),
  device: z.string().describe("the token's last six characters"),
  topic: z.string().describe("what it is about, e.g. 'loan-disbursed', 'instalment-due-soon'"),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  status: z.enum(PUSH_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  messageId: z.string().nullable().describe("FCM's message id once sent"),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
});
