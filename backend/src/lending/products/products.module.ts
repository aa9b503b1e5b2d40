import { Module, type OnApplicationBootstrap } from '@nestjs/common';
import { LoanProducts } from '../loan/application/loan-products.port.js';
import { CalculateEmiHandler } from './application/calculate-emi.handler.js';
import { DefaultProducts } from './application/default-products.js';
import { GetProductHandler, ListProductVersionsHandler } from './application/get-product.handler.js';
import { ListProductsHandler } from './application/list-products.handler.js';
import { ListPublicProductsHandler } from './application/list-public-products.handler.js';
import { ProductCatalog } from './application/product-catalog.js';
import { CreateProductHandler, UpdateProductHandler } from './application/save-product.handler.js';
import { AdminProductsController } from './http/admin-products.controller.js';
import { PublicEmiController } from './http/public-emi.controller.js';
import { PublicProductsController } from './http/public-products.controller.js';
import { LoanProductsRepository } from './repository/loan-products.repository.js';

/**
 * Loan products (issue 12): the catalog staff edit in versions, the public list and EMI calculator, and the loan
 * core's LoanProducts port (which version a loan command is decided with).
 */
@Module({
  controllers: [AdminProductsController, PublicProductsController, PublicEmiController],
  providers: [
    LoanProductsRepository,
    ProductCatalog,
    { provide: LoanProducts, useExisting: ProductCatalog },
    DefaultProducts,
    ListProductsHandler,
    GetProductHandler,
    ListProductVersionsHandler,
    ListPublicProductsHandler,
    CreateProductHandler,
    UpdateProductHandler,
    CalculateEmiHandler,
  ],
  exports: [LoanProducts],
})
export class ProductsModule implements OnApplicationBootstrap {
  constructor(private readonly defaultProducts: DefaultProducts) {}

  /** An empty product table gets the two products the settings describe. */
  async onApplicationBootstrap(): Promise<void> {
    await this.defaultProducts.ensure();
  }
}
