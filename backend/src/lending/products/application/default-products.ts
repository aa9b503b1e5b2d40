import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { defaultProductParameters } from '../../loan/domain/terms/loan-product.js';
import { LOAN_TYPES } from '../../loan/domain/loan.types.js';
import { LoanProductsRepository } from '../repository/loan-products.repository.js';

/**
 * Products used to be settings (EMI_*, SALARY_ADVANCE_*, CURRENCY). On an empty database the two products those
 * settings describe are created as version 1, so a fresh install and an upgraded one both start with them; after
 * that, products are edited as data and the settings no longer change them.
 */
@Injectable()
export class DefaultProducts {
  constructor(
    private readonly products: LoanProductsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  ensure(): Promise<boolean> {
    return this.products.seedIfEmpty(LOAN_TYPES.map((type) => defaultProductParameters(this.config.product, type)));
  }
}
