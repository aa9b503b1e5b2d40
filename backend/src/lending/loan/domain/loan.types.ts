export type LoanType = 'EMI' | 'salaryAdvance';

export const LOAN_TYPES = ['EMI', 'salaryAdvance'] as const satisfies readonly LoanType[];

// Order follows the pipeline (DESIGN §4), so lists built from it read front to back.
export const LOAN_STATES = [
  'new',
  'applied',
  'soft.pending',
  'bank.pending',
  'consent.pending',
  'consent.customerpending',
  'final.pending',
  'disbursal.pending',
  'active',
  'closed',
  'rejected',
  'cancelled',
  // Issue 13 item 5: closed by an agreed settlement amount; written off (later payments are recoveries).
  'settled',
  'writtenOff',
] as const;

export type LoanStatus = (typeof LOAN_STATES)[number];

export type Actor = { id: string; role: 'borrower' | 'staff' };

export type ScheduleLine = {
  number: number;
  /** YYYY-MM-DD; '' when the schedule is a quote without dates (public calculator). */
  dueDate: string;
  principal: number;
  interest: number;
  /** Principal still outstanding after this instalment. */
  balance: number;
};

export type AgreementTerms = {
  principal: number;
  annualRatePercent: number;
  tenureMonths: number;
  fee: number;
  instalmentAmount: number;
  totalInterest: number;
  totalPayable: number;
  currency: string;
};

/**
 * How a borrower signed (issue 14 item 6): where (the portal's Step6 or the emailed link), the one-time code checked
 * for the registered phone (masked to its last 4 digits), and the client's address and user agent.
 */
export type SigningEvidence = {
  channel: 'portal' | 'email-link';
  code: { purpose: 'e-sign'; phone: string; verifiedAt: string };
  ip: string;
  userAgent: string;
};

/** What every loan command and event carries: the stream, the business time, who, and why. */
export type LoanMessageBase = {
  loanId: string;
  /** ISO 8601 business time; the domain never reads a clock. */
  at: string;
  actor: Actor;
  reason?: string;
};
