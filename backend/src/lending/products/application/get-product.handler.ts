import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { ProductNotFound } from '../domain/product.errors.js';
import { LoanProductsRepository } from '../repository/loan-products.repository.js';
import { productVersionView, productView, type ProductView } from './product.view.js';

export class GetProductQuery extends Query<ProductView> {
  constructor(readonly id: string) {
    super();
  }
}

@QueryHandler(GetProductQuery)
export class GetProductHandler implements IQueryHandler<GetProductQuery> {
  constructor(
    private readonly products: LoanProductsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ id }: GetProductQuery) {
    const product = await this.products.find(id);
    if (!product) throw new ProductNotFound(id);
    return productView(product, this.config.profileRequiredSections);
  }
}

export class ListProductVersionsQuery extends Query<ReturnType<typeof productVersionView>[]> {
  constructor(readonly id: string) {
    super();
  }
}

/** Every version of a product, newest first, each with who made it and when. */
@QueryHandler(ListProductVersionsQuery)
export class ListProductVersionsHandler implements IQueryHandler<ListProductVersionsQuery> {
  constructor(
    private readonly products: LoanProductsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ id }: ListProductVersionsQuery) {
    const versions = await this.products.versions(id);
    if (versions.length === 0) throw new ProductNotFound(id);
    return versions.map((version) => productVersionView(version, this.config.profileRequiredSections));
  }
}
