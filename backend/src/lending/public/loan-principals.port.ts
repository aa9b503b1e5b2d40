/** One disbursed loan's principal outstanding on a date, as lending's servicing fold tells it. */
export type LoanPrincipal = { loanId: string; principal: number };

/**
 * The principal every disbursed loan owed on a value date (the books' reconciliation of loans receivable, issue 31):
 * lending's fold over each loan's money events dated on or before it. Bound by lending's servicing; also the DI token.
 */
export abstract class LoanPrincipals {
  /** Every loan paid out on or before `asOf` (YYYY-MM-DD) with its principal outstanding then (0 included). */
  abstract outstandingOn(asOf: string): Promise<LoanPrincipal[]>;
}
