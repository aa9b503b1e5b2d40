import type { ConsentDependents } from '../domain/consents.js';

export type { ConsentDependents };

/**
 * What depends on a borrower's consents (DPDP Act, issue 33 item 5): their applications in progress and their open
 * loans. Lending (above origination) implements it from its loan summaries. Also the DI token.
 */
export abstract class BorrowerConsentDependents {
  abstract of(borrowerId: string): Promise<ConsentDependents>;
}
