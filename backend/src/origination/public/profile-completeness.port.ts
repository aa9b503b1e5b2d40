/**
 * Origination's answer to "may this borrower submit an application?": the required profile sections
 * (PROFILE_REQUIRED_SECTIONS) that are missing or were rejected, in order. Empty means complete. Also the DI token.
 */
export abstract class ProfileCompleteness {
  abstract missingSections(borrowerId: string): Promise<string[]>;
}
