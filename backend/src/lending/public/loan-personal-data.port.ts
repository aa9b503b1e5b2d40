/** One instalment of a loan's schedule (money in paise). */
export type InstalmentRecord = {
  number: number;
  dueDate: string;
  principal: number;
  interest: number;
  fees: number;
  penalties: number;
  paid: number;
  status: string;
  paidOn: string | null;
};

/** One payment towards a loan (money in paise). */
export type PaymentRecord = {
  amount: number;
  paidOn: string | null;
  channel: string;
  method: string;
  reference: string | null;
  status: string;
};

/** An application or loan, with its schedule and payments, as the borrower downloads it. */
export type LoanRecord = {
  id: string;
  type: string;
  state: string;
  amount: number;
  approvedAmount: number | null;
  tenureMonths: number;
  annualRatePercent: number;
  fee: number;
  appliedAt: string;
  disbursedOn: string | null;
  schedule: InstalmentRecord[];
  payments: PaymentRecord[];
};

/**
 * The borrower's relationship with the lender, as the retention rules read it: each application or loan, whether it
 * is still running (an application in progress, an open loan) and, when it has ended, when it did (its last change).
 */
export type LoanRelationship = { loanId: string; state: string; running: boolean; endedAt: string | null };

/**
 * What lending holds of a borrower, for the privacy context (DPDP Act, 2023: the data download and the retention
 * duties an erasure keeps to). Lending erases nothing: loan records are kept under the RBI's rules, and the events
 * are immutable. Also the DI token.
 */
export abstract class LoanPersonalData {
  abstract exportOf(borrowerId: string): Promise<LoanRecord[]>;
  abstract relationshipOf(borrowerId: string): Promise<LoanRelationship[]>;
}
