import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import type { ListParams } from '../../../platform/query/list-params.js';
import { LoanProductsRepository, type ProductFilter } from '../repository/loan-products.repository.js';
import { productView, type ProductView } from './product.view.js';

export class ListProductsQuery extends Query<{ rows: ProductView[]; total: number }> {
  constructor(
    readonly filter: ProductFilter,
    readonly sort: ListParams['sort'],
    readonly range: ListParams['range'],
  ) {
    super();
  }
}

@QueryHandler(ListProductsQuery)
export class ListProductsHandler implements IQueryHandler<ListProductsQuery> {
  constructor(
    private readonly products: LoanProductsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ filter, sort, range }: ListProductsQuery) {
    const { rows, total } = await this.products.list(filter, sort, range);
    return { rows: rows.map((row) => productView(row, this.config.profileRequiredSections)), total };
  }
}
