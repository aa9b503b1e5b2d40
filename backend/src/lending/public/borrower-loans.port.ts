/**
 * Lending's answer to "is this loan this borrower's?", for the other contexts (a help issue may name one of the
 * borrower's loans). Also the DI token.
 */
export abstract class BorrowerLoans {
  abstract owns(borrowerId: string, loanId: string): Promise<boolean>;
}
