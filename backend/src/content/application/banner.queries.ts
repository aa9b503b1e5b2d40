import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../platform/clock.js';
import type { ListParams } from '../../platform/query/list-params.js';
import { BannerNotFound, type BannerAudience } from '../domain/banner.js';
import { bannerImageUrl, BannersRepository, bannerView, type BannerListFilter } from './banners.repository.js';

export class ListBannersQuery {
  constructor(
    readonly filter: BannerListFilter,
    readonly sort: ListParams['sort'],
    readonly range: ListParams['range'],
  ) {}
}

@QueryHandler(ListBannersQuery)
export class ListBannersHandler implements IQueryHandler<ListBannersQuery> {
  constructor(private readonly banners: BannersRepository) {}
  execute({ filter, sort, range }: ListBannersQuery) {
    return this.banners.list(filter, sort, range);
  }
}

export class GetBannerQuery {
  constructor(readonly id: string) {}
}

@QueryHandler(GetBannerQuery)
export class GetBannerHandler implements IQueryHandler<GetBannerQuery> {
  constructor(private readonly banners: BannersRepository) {}
  async execute({ id }: GetBannerQuery) {
    const row = await this.banners.find(id);
    if (!row) throw new BannerNotFound(id);
    return bannerView(row);
  }
}

export class CurrentBannersQuery {
  constructor(readonly audience: BannerAudience) {}
}

/** What the portal shows now (each banner's schedule against the clock): only the fields a visitor needs. */
@QueryHandler(CurrentBannersQuery)
export class CurrentBannersHandler implements IQueryHandler<CurrentBannersQuery> {
  constructor(
    private readonly banners: BannersRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}
  async execute({ audience }: CurrentBannersQuery) {
    const rows = await this.banners.current(audience, this.clock.now());
    return rows.map((r) => ({ id: r.id, title: r.title, link: r.link, imageUrl: bannerImageUrl(r) }));
  }
}

export class GetBannerImageQuery {
  constructor(readonly id: string) {}
}

/** A banner's image, public: banners are public content (a deactivated one's image is not served). */
@QueryHandler(GetBannerImageQuery)
export class GetBannerImageHandler implements IQueryHandler<GetBannerImageQuery> {
  constructor(private readonly banners: BannersRepository) {}
  async execute({ id }: GetBannerImageQuery) {
    const row = await this.banners.find(id);
    const image = row?.active ? await this.banners.image(row) : undefined;
    if (!image) throw new BannerNotFound(id);
    return image;
  }
}
