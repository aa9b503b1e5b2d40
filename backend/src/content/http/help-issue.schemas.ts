import { z } from 'zod';
import { ISSUE_CATEGORIES, ISSUE_STATUSES } from '../domain/help-issue.js';

const category = z.enum(ISSUE_CATEGORIES, { error: `category must be one of: ${ISSUE_CATEGORIES.join(', ')}` });
const status = z.enum(ISSUE_STATUSES, { error: `status must be one of: ${ISSUE_STATUSES.join(', ')}` });
const message = (max: number) =>
  z.string({ error: 'message is required' }).trim().min(1, 'message is required').max(max, `message must be at most ${max} characters`);

export const raiseIssueBody = z.strictObject({
  category,
  loanId: z
    .uuid('loanId must be a loan id')
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  message: message(4000),
  attachmentIds: z
    .array(z.uuid('each attachment must be a document id'), { error: 'attachmentIds must be a list of document ids' })
    .max(5, 'at most 5 attachments')
    .default([]),
});

export const replyBody = z.strictObject({ message: message(4000) });

export const staffReplyBody = z.strictObject({
  message: message(4000),
  internal: z.boolean({ error: 'internal must be true or false' }).default(false),
});

export const updateIssueBody = z
  .strictObject({
    status: status.optional(),
    assignedTo: z.uuid('assignedTo must be a staff member id').nullable().optional(),
  })
  .refine((b) => b.status !== undefined || b.assignedTo !== undefined, { message: 'send status, assignedTo or both', path: ['status'] });

export const issueListFilter = z.strictObject({
  q: z.string().trim().max(200).optional(),
  status: status.optional(),
  category: category.optional(),
  assignedTo: z.uuid('assignedTo must be a staff member id').optional(),
  overdue: z.boolean({ error: 'overdue must be true or false' }).optional(),
  borrowerId: z.uuid('borrowerId must be a borrower id').optional(),
  id: z.union([z.array(z.uuid('each id must be an issue id')), z.uuid('id must be an issue id')]).optional(),
});

export const issueIdParam = z
  .string()
  .refine((v) => z.uuid().safeParse(v).success, { message: 'the issue id must be a UUID', path: ['id'] });
export const documentIdParam = z
  .string()
  .refine((v) => z.uuid().safeParse(v).success, { message: 'the document id must be a UUID', path: ['documentId'] });

const base = {
  id: z.uuid(),
  number: z.number().int(),
  category,
  categoryLabel: z.string(),
  loanId: z.string().nullable(),
  message: z.string(),
  status,
  createdAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
  ageHours: z.number().int(),
  dueAt: z.string(),
  overdue: z.boolean(),
  slaHours: z.number().int(),
  attachmentCount: z.number().int(),
  grievance: z
    .strictObject({
      officer: z.strictObject({ name: z.string(), phone: z.string(), email: z.string() }),
      dueAt: z.string().describe('30 days after the complaint was received'),
      slaDays: z.number().int(),
      escalated: z.boolean(),
      escalatedAt: z.string().nullable(),
      rbiPortal: z
        .strictObject({ url: z.string(), steps: z.array(z.string()) })
        .nullable()
        .describe("once escalated: the RBI's complaint portal and how to use it"),
    })
    .nullable()
    .describe('a complaint (category complaint): its owner, the grievance officer the KFS names; null for other issues'),
};

export const grievanceMonthQuery = z.strictObject({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be a month, YYYY-MM')
    .optional()
    .describe('YYYY-MM in the business time zone; default: this month'),
});

export const grievanceReportSchema = z.strictObject({
  month: z.string(),
  received: z.number().int(),
  resolved: z.number().int(),
  resolvedWithinSla: z.number().int(),
  escalated: z.number().int(),
  slaDays: z.number().int(),
});

export const escalationResultSchema = z.strictObject({ escalated: z.array(z.strictObject({ id: z.uuid(), number: z.number().int() })) });

const attachment = (url: string) =>
  z.strictObject({ id: z.uuid(), kind: z.string(), contentType: z.string(), size: z.number().int(), url: z.string().describe(url) });

export const myIssueRowSchema = z.strictObject(base);
export const myIssueSchema = z.strictObject({
  ...base,
  attachments: z.array(attachment('the upload, at /api/me/documents/{id}')),
  replies: z.array(z.strictObject({ id: z.uuid(), from: z.enum(['you', 'support']), message: z.string(), createdAt: z.string() })),
});

const staffBase = {
  ...base,
  borrowerId: z.uuid(),
  borrowerName: z.string().nullable(),
  assignedTo: z.string().nullable(),
  assigneeName: z.string().nullable(),
};

export const issueRowSchema = z.strictObject(staffBase);
export const issueSchema = z.strictObject({
  ...staffBase,
  borrowerEmail: z.string().nullable(),
  borrowerPhone: z.string().nullable(),
  nextStatuses: z.array(status),
  attachments: z.array(attachment('the attachment, at /api/admin/issues/{id}/attachments/{documentId}')),
  messages: z.array(
    z.strictObject({
      id: z.uuid(),
      author: z.enum(['borrower', 'staff']),
      authorName: z.string(),
      message: z.string(),
      internal: z.boolean(),
      emailed: z.boolean(),
      createdAt: z.string(),
    }),
  ),
  changes: z.array(
    z.strictObject({ field: z.string(), from: z.string().nullable(), to: z.string().nullable(), by: z.string(), at: z.string() }),
  ),
});

export const issueAssigneeSchema = z.strictObject({ id: z.string(), name: z.string() });
