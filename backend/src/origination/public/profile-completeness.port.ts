/**
 * Origination's answer to "may this borrower submit an application?": of the sections required (the loan's product
 * version names them, lending resolves the list), those missing or rejected, in the order given. Empty means complete.
 * Also the DI token.
 */
export abstract class ProfileCompleteness {
  abstract missingSections(borrowerId: string, required: readonly string[]): Promise<string[]>;
}
