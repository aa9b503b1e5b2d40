import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { DEFAULT_PRODUCT_IDS, defaultProductParameters, type ProductParameters } from '../../loan/domain/terms/loan-product.js';
import { InvalidLoanInput } from '../../loan/domain/loan.errors.js';
import type { LoanRecord } from '../../loan/domain/loan.state.js';
import type { LoanType } from '../../loan/domain/loan.types.js';
import { requiredProfileSections } from '../domain/product-profile-sections.js';
import { NoActiveProduct } from '../domain/product.errors.js';
import { LoanProducts } from '../../loan/application/loan-products.port.js';
import { LoanProductsRepository } from '../repository/loan-products.repository.js';

/** Which product version's parameters a loan command is decided with. */
@Injectable()
export class ProductCatalog implements LoanProducts {
  constructor(
    private readonly products: LoanProductsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The product a new application is made under: the one named (active, of the type asked for), else the first active
   * product of the type (the oldest). Its current version is the one the loan pins.
   */
  async forApplication(type: LoanType, productId?: string): Promise<ProductParameters> {
    if (productId === undefined) {
      const [first] = await this.products.active(type);
      if (!first) throw new NoActiveProduct(type);
      return first;
    }
    const product = await this.products.find(productId);
    if (!product || !product.active)
      throw new InvalidLoanInput([
        { name: 'productId', message: 'productId must name an active loan product (GET /api/public/products lists them)' },
      ]);
    if (product.type !== type)
      throw new InvalidLoanInput([{ name: 'productId', message: `productId names a ${product.type} product, not ${type}` }]);
    return product;
  }

  /**
   * The version a loan pinned, from the copy its LoanApplicationStarted recorded (versions never change, so this is
   * the stored version). A loan started before products were data is read as applied under version 1 of the default
   * product of its type, which the settings it was started under created.
   */
  async parametersOf(loan: LoanRecord): Promise<ProductParameters> {
    if (loan.product) return { ...loan.product.terms, productId: loan.product.id, productVersion: loan.product.version, active: true };
    const stored = await this.products.version(DEFAULT_PRODUCT_IDS[loan.loanType], 1);
    return stored ?? defaultProductParameters(this.config.product, loan.loanType);
  }

  /**
   * The profile sections a borrower completes before submitting this loan: those of the product version it pinned
   * (version 1 of its type's default product for a loan from before products), or the PROFILE_REQUIRED_SECTIONS
   * setting when that version names none.
   */
  async requiredProfileSectionsOf(loan: LoanRecord): Promise<string[]> {
    const stored = loan.product
      ? await this.products.version(loan.product.id, loan.product.version)
      : await this.products.version(DEFAULT_PRODUCT_IDS[loan.loanType], 1);
    return requiredProfileSections(stored?.requiredProfileSections, this.config.profileRequiredSections);
  }
}
