import { z } from 'zod';

/** What /api/admin/customers answers: OpenAPI is generated from these and the API tests parse real answers. */
export const customerRowSchema = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  loanCount: z.number().int(),
  updatedAt: z.string(),
});

const sectionStatus = z.enum(['missing', 'complete', 'verified', 'rejected']);

export const customerSectionSchema = z.strictObject({
  section: z.enum(['address', 'bank', 'documents', 'employment', 'profile', 'reference', 'selfie']),
  status: sectionStatus,
  reason: z.string().nullable().describe('why staff rejected it'),
  updatedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.strictObject({ id: z.string(), name: z.string().nullable() }).nullable(),
  data: z.record(z.string(), z.unknown()).nullable().describe("the section's fields; a bank account number is masked"),
});

export const customerDetailSchema = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean().describe('whether the borrower proved this email (signed documents are emailed only then)'),
  phone: z.string().nullable(),
  currency: z.string(),
  loans: z.array(
    z.strictObject({
      id: z.uuid(),
      type: z.string(),
      state: z.string(),
      amount: z.number().int().describe('minor units'),
      approvedAmount: z.number().int().nullable(),
      tenureMonths: z.number().int(),
      createdAt: z.string(),
      submittedAt: z.string().nullable(),
      disbursedOn: z.string().nullable(),
      dpd: z.number().int(),
      classification: z.string(),
    }),
  ),
  sections: z.array(customerSectionSchema),
  documents: z
    .array(z.strictObject({ id: z.uuid(), kind: z.string(), contentType: z.string(), size: z.number().int(), createdAt: z.string() }))
    .describe('read each at /api/admin/customers/{id}/documents/{docId}'),
  changes: z
    .array(
      z.strictObject({
        section: z.string(),
        action: z.string().describe('saved (by the borrower), verified or rejected (by staff)'),
        fromStatus: z.string().nullable(),
        toStatus: z.string(),
        reason: z.string().nullable(),
        actor: z.strictObject({ id: z.string(), role: z.string(), name: z.string().nullable() }),
        at: z.string(),
      }),
    )
    .describe('the audit of the profile sections, oldest first'),
});

export const customerListFilter = z.strictObject({
  q: z.string().trim().min(1).max(100).optional(),
  pan: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z]{4}$/, "must be the PAN's last four characters")
    .optional(),
  loanId: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F-]{4,36}$/, 'must be a loan id or at least four of its characters')
    .optional(),
  hasLoans: z.boolean().optional(),
  id: z.union([z.uuid(), z.array(z.uuid()).max(500)]).optional(),
});

export const customerIdParam = z
  .string()
  .refine((v) => z.uuid().safeParse(v).success, { message: 'the customer id must be a UUID', path: ['id'] });
