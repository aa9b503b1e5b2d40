import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql, type Selectable } from 'kysely';
import { DB, type Db } from '../../platform/database/database.js';
import type { BannersTable } from '../../platform/database/schema.js';
import type { ListParams } from '../../platform/query/list-params.js';
import { countOf, direction, idsOrNone, inRange, likePattern, sortable } from '../../platform/query/list-query.js';
import { DOCUMENT_STORAGE, type DocumentStorage } from '../../platform/storage/document-storage.port.js';
import type { BannerAudience } from '../domain/banner.js';

export type BannerFields = {
  title: string;
  link: string | null;
  audience: BannerAudience;
  startsAt: Date;
  endsAt: Date | null;
  order: number;
  active: boolean;
};
export type BannerImage = { bytes: Buffer; type: string; ext: string };
export type BannerListFilter = { q?: string; audience?: BannerAudience; active?: boolean; ids?: string[] };

export const BANNER_SORT = sortable(
  {
    id: 'id',
    title: 'title',
    audience: 'audience',
    startsAt: 'starts_at',
    endsAt: 'ends_at',
    order: 'sort_order',
    active: 'active',
    updatedAt: 'updated_at',
  },
  { nulls: 'last' },
);

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** The image's public address: its hash in the query makes the URL change with the image, so it can be cached for long. */
export const bannerImageUrl = (r: Pick<Selectable<BannersTable>, 'id' | 'image_sha256'>) =>
  `/api/public/banners/${r.id}/image?v=${r.image_sha256.slice(0, 16)}`;

export const bannerView = (r: Selectable<BannersTable>) => ({
  id: r.id,
  title: r.title,
  link: r.link,
  audience: r.audience,
  startsAt: iso(r.starts_at)!,
  endsAt: iso(r.ends_at),
  order: r.sort_order,
  active: r.active,
  imageUrl: bannerImageUrl(r),
  createdAt: iso(r.created_at)!,
  updatedAt: iso(r.updated_at)!,
  updatedBy: r.updated_by,
});

/** Banners in PostgreSQL, their images through the document storage port (`banners/<id>/<sha256>.<ext>`). */
@Injectable()
export class BannersRepository {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(DOCUMENT_STORAGE) private readonly storage: DocumentStorage,
  ) {}

  async list(filter: BannerListFilter, sort: ListParams['sort'], range: ListParams['range']) {
    let query = this.db.selectFrom('banners');
    if (filter.audience) query = query.where('audience', '=', filter.audience);
    if (filter.active !== undefined) query = query.where('active', '=', filter.active);
    if (filter.ids) query = query.where('id', 'in', idsOrNone(filter.ids));
    if (filter.q) query = query.where('title', 'ilike', likePattern(filter.q));
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy(BANNER_SORT.orderBy(sort)).orderBy('id', direction(sort)).$call(inRange(range)).execute(),
      countOf(this.db, query),
    ]);
    return { rows: rows.map(bannerView), total };
  }

  find(id: string) {
    return this.db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Active banners of an audience within their schedule at `now`, in order. */
  current(audience: BannerAudience, now: Date) {
    return this.db
      .selectFrom('banners')
      .selectAll()
      .where('audience', '=', audience)
      .where('active', '=', true)
      .where('starts_at', '<=', now)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
      .orderBy('sort_order')
      .orderBy('starts_at')
      .orderBy('id')
      .limit(20)
      .execute();
  }

  async create(fields: BannerFields, image: BannerImage, by: string) {
    const id = randomUUID();
    const stored = await this.store(id, image);
    return this.db
      .insertInto('banners')
      .values({ id, ...columns(fields), ...stored, updated_by: by })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(id: string, fields: BannerFields, image: BannerImage | undefined, by: string) {
    const current = await this.find(id);
    if (!current) return undefined;
    const stored = image ? await this.store(id, image) : {};
    const row = await this.db
      .updateTable('banners')
      .set({ ...columns(fields), ...stored, updated_by: by, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (image && current.image_key !== row.image_key) await this.storage.delete(current.image_key);
    return row;
  }

  async delete(id: string) {
    const row = await this.db.deleteFrom('banners').where('id', '=', id).returningAll().executeTakeFirst();
    if (row) await this.storage.delete(row.image_key);
    return row;
  }

  image(row: Selectable<BannersTable>) {
    return this.storage.get(row.image_key);
  }

  private async store(id: string, image: BannerImage) {
    const sha = createHash('sha256').update(image.bytes).digest('hex');
    const key = `banners/${id}/${sha}.${image.ext}`;
    await this.storage.put(key, image.bytes, image.type);
    return { image_key: key, image_type: image.type, image_sha256: sha };
  }
}

const columns = (f: BannerFields) => ({
  title: f.title,
  link: f.link,
  audience: f.audience,
  starts_at: f.startsAt,
  ends_at: f.endsAt,
  sort_order: f.order,
  active: f.active,
});
