import type { ConsentChannel, ConsentPurpose } from '../domain/consents.js';

export type { ConsentChannel, ConsentPurpose };

/** A consent as another context asks for it: its purpose, the exact text shown and that text's version id. */
export type GivenConsent = { purpose: ConsentPurpose; version: string; text: string };

/**
 * Records a consent where another context takes it (DPDP Act, issue 33 item 5): lending when the borrower signs the
 * loan agreement, whose clauses on credit information companies are the bureau-reporting consent. The text is kept
 * under its version with its SHA-256; a repeat with the same borrower, purpose and `reference` (what it was given for,
 * e.g. `loan:{id}`) records nothing new. Also the DI token.
 */
export abstract class ConsentRecords {
  abstract recordGiven(
    borrowerId: string,
    consent: GivenConsent,
    given: { at: Date; channel: ConsentChannel; reference: string },
  ): Promise<void>;
}
