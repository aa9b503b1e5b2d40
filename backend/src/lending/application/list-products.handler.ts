import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListParams } from '../../platform/query/list-params.js';
import { LoanProductsRepository, type ProductFilter, type ProductSortField } from '../products/loan-products.repository.js';
import { productView, type ProductView } from './product.view.js';

export class ListProductsQuery extends Query<{ rows: ProductView[]; total: number }> {
  constructor(
    readonly filter: ProductFilter,
    readonly sort: { field: ProductSortField; order: ListParams['sort']['order'] },
    readonly range: ListParams['range'],
  ) {
    super();
  }
}

@QueryHandler(ListProductsQuery)
export class ListProductsHandler implements IQueryHandler<ListProductsQuery> {
  constructor(private readonly products: LoanProductsRepository) {}

  async execute({ filter, sort, range }: ListProductsQuery) {
    const { rows, total } = await this.products.list(filter, sort, range);
    return { rows: rows.map(productView), total };
  }
}
