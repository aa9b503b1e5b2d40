import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { QuickStartProducts, type OfferedProduct } from '../../../origination/public/index.js';
import { ListPublicProductsQuery } from './list-public-products.handler.js';

/** Origination's QuickStartProducts: the products open for applications, as the public list shows them. */
@Injectable()
export class CatalogQuickStartProducts implements QuickStartProducts {
  constructor(private readonly queries: QueryBus) {}

  offered(): Promise<OfferedProduct[]> {
    return this.queries.execute(new ListPublicProductsQuery());
  }
}
