import { z } from 'zod';

const code = z
  .string({ error: 'code is required' })
  .trim()
  .regex(/^[0-9]{6}$/, 'code must be the 6 digits sent by SMS to your registered phone');
const documentHash = z
  .string({ error: 'documentHash is required' })
  .trim()
  .regex(/^[0-9a-f]{64}$/, 'documentHash must be the SHA-256 (64 hex digits) of the agreement you were shown');

/** Step6: the hash of the agreement shown and the one-time code sent to the registered phone. */
export const signAgreementWithCodeBody = z.strictObject({ documentHash, code });
/** The emailed link: the code alone (the link names the agreement). */
export const signByLinkBody = z.strictObject({ code });
export const linkTokenParam = z.string().trim().min(1).max(200);

export const agreementListFilter = z.strictObject({
  signed: z.boolean({ error: 'signed must be true or false' }).nullable().optional().describe('null or absent: either'),
  issuedFrom: z.iso.date('issuedFrom must be a date (YYYY-MM-DD)').optional(),
  issuedTo: z.iso.date('issuedTo must be a date (YYYY-MM-DD)').optional(),
  q: z.string().trim().max(100, 'q must be at most 100 characters').optional(),
  id: z.union([z.uuid('id must be a loan id'), z.array(z.uuid('id must be a loan id')).max(100)]).optional(),
});

const money = z.number().int().describe('integer minor units');
const nameValue = z.strictObject({ name: z.string(), value: z.string() });

export const kfsSchema = z.strictObject({
  loanId: z.string(),
  loanType: z.enum(['EMI', 'salaryAdvance']),
  currency: z.string(),
  sanctionedAmount: money,
  disbursal: z.string(),
  tenureMonths: z.number().int(),
  instalments: z.strictObject({
    type: z.enum(['Monthly', 'Single bullet']),
    count: z.number().int(),
    amount: money,
    commencement: z.string(),
  }),
  interestRate: z.strictObject({ annualRatePercent: z.number(), type: z.literal('Fixed') }),
  fees: z.array(
    z.strictObject({
      name: z.string(),
      amount: money,
      payableTo: z.enum(['lender', 'third party']),
      recurrence: z.literal('one-time'),
      collected: z.string(),
    }),
  ),
  totalFees: money,
  netDisbursedAmount: money,
  totalInterest: money,
  totalPayable: money,
  aprBasisPoints: z.number().int().describe('the APR in hundredths of a per cent: 3701 is 37.01 % a year'),
  contingentCharges: z.array(nameValue),
  coolingOffDays: z.number().int(),
  grievanceOfficer: z.strictObject({ name: z.string(), phone: z.string(), email: z.string(), address: z.string() }),
  qualitative: z.array(nameValue),
  schedule: z.array(
    z.strictObject({
      number: z.number().int(),
      dueDate: z.string(),
      principal: money,
      interest: money,
      balance: money,
      fee: money,
      amount: money,
    }),
  ),
});

export const signingCodeSentSchema = z.strictObject({ phone: z.string().describe('the registered phone, masked'), expiresAt: z.string() });

export const signLinkSchema = z.strictObject({
  loanReference: z.string(),
  loanType: z.enum(['EMI', 'salaryAdvance']),
  borrowerName: z.string(),
  documentHash: z.string(),
  phone: z.string().describe('the registered phone the code goes to, masked'),
  expiresAt: z.string(),
  kfs: kfsSchema,
});

export const signedByLinkSchema = z.strictObject({ state: z.string(), signedAt: z.string() });

export const signingEvidenceSchema = z.strictObject({
  channel: z.enum(['portal', 'email-link']),
  code: z.strictObject({ purpose: z.literal('e-sign'), phone: z.string(), verifiedAt: z.string() }),
  ip: z.string(),
  userAgent: z.string(),
});

export const agreementRowSchema = z.strictObject({
  id: z.string().describe('the loan id'),
  loanId: z.string(),
  borrowerId: z.string(),
  borrowerName: z.string(),
  borrowerEmail: z.string(),
  loanType: z.string(),
  loanState: z.string(),
  principal: money,
  currency: z.string(),
  documentHash: z.string(),
  issuedAt: z.string(),
  signedAt: z.string().nullable(),
  signed: z.boolean(),
});

export const agreementDetailSchema = agreementRowSchema.extend({
  issuedBy: z.string(),
  signedDocumentHash: z.string().nullable(),
  evidence: signingEvidenceSchema.nullable().describe('null until signed, and for agreements signed before one-time codes'),
});
