/** One loan to call: its worst overdue instalment's days past due, and what is overdue on it in all. */
export type OverdueLoan = {
  loanId: string;
  borrowerName: string | null;
  phone: string | null;
  dpd: number;
  classification: string;
  amountOverdue: number;
  overdueInstalments: number;
  lastContactAt: string | null;
  promiseToPayOn: string | null;
  assignedToName: string | null;
};

/** The overdue book as a call list (communications' dialer). Also the DI token. */
export abstract class OverdueBook {
  /** One entry per loan, most days past due first, then the largest amount overdue; at most `limit`. */
  abstract loans(limit: number): Promise<OverdueLoan[]>;
}
