import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { LoanProductsRepository } from '../repository/loan-products.repository.js';
import { publicProductView } from './product.view.js';

export class ListPublicProductsQuery extends Query<ReturnType<typeof publicProductView>[]> {}

/** The products open for applications, by type, the default of each type (the oldest) first. */
@QueryHandler(ListPublicProductsQuery)
export class ListPublicProductsHandler implements IQueryHandler<ListPublicProductsQuery> {
  constructor(private readonly products: LoanProductsRepository) {}

  async execute() {
    return (await this.products.active()).map(publicProductView);
  }
}
