import { z } from 'zod';

/** The servicing part of a loan's answer (schedule, arrears, what is owed, refunds): the loan page and servicing share it. */
const money = z.number().int();

export const refundSchema = z.strictObject({
  id: z.uuid(),
  loanId: z.uuid(),
  amount: money,
  status: z.enum(['requested', 'refunded']),
  requestedBy: z.string(),
});

export const instalmentSchema = z.strictObject({
  number: z.number().int(),
  dueDate: z.string(),
  principal: money,
  interest: money,
  fees: money,
  penalties: money,
  paidPrincipal: money,
  paidInterest: money,
  paidFees: money,
  paidPenalties: money,
  status: z
    .enum(['upcoming', 'due', 'partial', 'overdue', 'paid', 'closed'])
    .describe(
      'on the business date: upcoming (due later, nothing paid), due (due today or within the grace days, nothing paid), partial (something paid, not past grace), overdue (past grace and not fully paid, whatever was paid), paid, closed (what was owed on it was taken off the books: closedOut says how)',
    ),
  paidOn: z.string().nullable().describe('when nothing was owed on it any more (paid, or closed out)'),
  closedOut: z
    .enum(['settlement', 'writeOff', 'coolingOffExit'])
    .nullable()
    .describe(
      'set when a settlement, write-off or cooling-off exit took what was still owed on it off the books; null when paid in full or still open',
    ),
});

export const outstandingSchema = z.strictObject({ principal: money, interest: money, fees: money, penalties: money, total: money });

/** What GET /api/{admin,me}/loans/:id add for servicing: [] and null until the loan is disbursed. */
export const arrearsSchema = z
  .strictObject({
    asOf: z.string().describe('the business date these figures are for'),
    daysOverdue: z.number().int().describe('days since the oldest due date before asOf still unpaid; 0 when nothing is overdue'),
    overdueAmount: money.describe('owed on instalments due before asOf, penal charges included'),
    amountDueNow: money.describe('owed on instalments due by asOf, penal charges included: what to pay now'),
    chargesDue: money.describe('of amountDueNow, the penal (late-payment) charges still owed'),
  })
  .describe('what an active loan owes now, computed on the server; null before disbursal and after the loan ends');

export const loanServicingFields = {
  arrears: arrearsSchema.nullable(),
  instalments: z.array(instalmentSchema),
  outstanding: outstandingSchema.nullable(),
  creditBalance: money.describe('money held beyond what is owed; refunded only by staff (maker-checker)'),
  instalmentAmount: money.nullable().describe('the EMI in force (lower after a reduce-EMI prepayment)'),
  closedOn: z.string().nullable(),
};

export const refundsField = { refunds: z.array(refundSchema) };
