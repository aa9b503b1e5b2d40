import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ListParams } from '../../platform/query/list-params.js';
import { StatePageNotFound, statePagePath } from '../domain/state-page.js';
import { StatePagesRepository, statePageView, type StatePageListFilter } from './state-pages.repository.js';

export class ListStatePages {
  constructor(
    readonly filter: StatePageListFilter,
    readonly sort: ListParams['sort'],
    readonly range: ListParams['range'],
  ) {}
}

@QueryHandler(ListStatePages)
export class ListStatePagesHandler implements IQueryHandler<ListStatePages> {
  constructor(private readonly pages: StatePagesRepository) {}
  execute({ filter, sort, range }: ListStatePages) {
    return this.pages.list(filter, sort, range);
  }
}

export class GetStatePage {
  constructor(readonly id: string) {}
}

@QueryHandler(GetStatePage)
export class GetStatePageHandler implements IQueryHandler<GetStatePage> {
  constructor(private readonly pages: StatePagesRepository) {}
  async execute({ id }: GetStatePage) {
    const row = await this.pages.find(id);
    if (!row) throw new StatePageNotFound(`the id ${id}`);
    return statePageView(row);
  }
}

export class GetPublishedStatePage {
  constructor(
    readonly state: string,
    readonly city: string,
  ) {}
}

/** What a visitor of `/{state}/{city}` sees: only an active page of a known pair; anything else is 404. */
@QueryHandler(GetPublishedStatePage)
export class GetPublishedStatePageHandler implements IQueryHandler<GetPublishedStatePage> {
  constructor(private readonly pages: StatePagesRepository) {}
  async execute({ state, city }: GetPublishedStatePage) {
    const row = await this.pages.published(state, city);
    if (!row) throw new StatePageNotFound(`/${state}/${city}`);
    return {
      state: row.state,
      city: row.city,
      path: statePagePath(row.state, row.city),
      title: row.title,
      text: row.text,
      offer: row.offer,
    };
  }
}
