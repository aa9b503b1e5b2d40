import type { ProductParameters } from '../domain/terms/product-parameters.js';
import type { LoanRecord } from '../domain/loan.state.js';
import type { LoanType } from '../domain/loan.types.js';

/**
 * Which product version's parameters a loan command is decided with (provided by lending/products, whose catalog
 * reads the product tables): the loan core and the slices ask this port, never the catalog.
 */
export abstract class LoanProducts {
  /** The product a new application is made under: the one named (active, of the type asked for), else the first active one. */
  abstract forApplication(type: LoanType, productId?: string): Promise<ProductParameters>;
  /** The version a loan pinned. */
  abstract parametersOf(loan: LoanRecord): Promise<ProductParameters>;
  /** The profile sections a borrower completes before submitting this loan. */
  abstract requiredProfileSectionsOf(loan: LoanRecord): Promise<string[]>;
}
