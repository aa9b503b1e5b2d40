/** The loan as the API describes it (docs/api.md "The loan"). Money is integer minor units. */
export type LoanType = 'EMI' | 'salaryAdvance';
export type Actor = { id: string | null; role: 'borrower' | 'staff' };
export type Gate = { at: string; actor: Actor } | null | undefined;

export type ScheduleLine = { number: number; dueDate: string; principal: number; interest: number; balance: number };

export type Loan = {
  id: string;
  type: LoanType;
  state: string;
  borrowerId: string;
  borrower?: { id: string; name: string; email: string; phone: string | null };
  amount: number;
  approvedAmount: number | null;
  principal: number;
  tenureMonths: number;
  annualRatePercent: number;
  fee: number;
  currency: string;
  payDayOfMonth: number | null;
  score?: number | null;
  bankAccountLast4: string | null;
  agreement: { documentHash: string; issuedAt: string; terms: Record<string, number | string> } | null;
  signedAt: string | null;
  payoutReference: string | null;
  disbursedOn: string | null;
  schedule: ScheduleLine[] | null;
  createdAt: string;
  updatedAt: string;
  submittedAt?: string | null;
  lastActor: Actor;
  lastReason: string | null;
  approvals: { soft?: Gate; bank?: Gate; consent?: Gate; final?: Gate };
  version: number;
  allowedActions: string[];
  position?: number;
  asOf?: string;
};

export type HistoryEntry = {
  position: number;
  version: number;
  type: string;
  data: Record<string, unknown>;
  actor: Actor | null;
  reason: string | null;
  at: string | null;
  recordedAt: string;
  stateAfter: string;
};

export type QueueCounts = Record<string, number>;
