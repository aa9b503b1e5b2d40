import { z } from 'zod';

export const generateBureauFileBody = z.strictObject({
  month: z
    .string({ error: 'month must be a month, YYYY-MM' })
    .regex(/^20\d{2}-(0[1-9]|1[0-2])$/, 'month must be a month, YYYY-MM')
    .describe('YYYY-MM: a month that has ended for the business (its last day is before the business date)'),
});

export const bureauReportQuery = z.strictObject({
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
});

export const bureauRunSchema = z.strictObject({
  id: z.uuid(),
  month: z.string().describe('YYYY-MM'),
  asOf: z.string().describe("the month's last day: what the file reports as of"),
  generatedAt: z.string(),
  generatedBy: z.strictObject({ id: z.string(), name: z.string().nullable() }),
  loansConsidered: z.number().int().describe('disbursed loans the month reports: open at its end, or closed in it'),
  recordsReported: z.number().int().describe('records in the file'),
  recordsRejected: z.number().int().describe('records left out (the validation report)'),
  fileName: z.string(),
  fileSha256: z.string().describe('SHA-256 of the file, hex'),
});

export const rejectedRecordSchema = z.strictObject({
  loanId: z.string(),
  loanType: z.enum(['EMI', 'salaryAdvance']),
  borrowerId: z.string(),
  borrowerName: z.string(),
  problems: z.array(z.strictObject({ field: z.string(), reason: z.string() })),
});

export const bureauReportSchema = z.strictObject({ month: z.string(), rejected: z.array(rejectedRecordSchema) });

/** The run id in a path, reported under `id`. */
export const bureauRunIdParam = z
  .string({ error: 'the bureau run id must be a UUID' })
  .refine((v) => z.uuid().safeParse(v).success, { message: 'the bureau run id must be a UUID', path: ['id'] });
