import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql, type Selectable } from 'kysely';
import { DB, type Db } from '../../platform/database/database.js';
import type { StatePagesTable } from '../../platform/database/schema.js';
import type { ListParams } from '../../platform/query/list-params.js';
import { countOf, idsOrNone, inRange, likePattern, sortable } from '../../platform/query/list-query.js';
import { placeKey, statePagePath } from '../domain/state-page.js';

export type StatePageFields = { state: string; city: string; title: string; text: string; offer: string | null; active: boolean };
export type StatePageListFilter = { q?: string; state?: string; active?: boolean; ids?: string[] };

export const STATE_PAGE_SORT = sortable({ state: 'state', city: 'city', title: 'title', active: 'active', updatedAt: 'updated_at' });

export const statePageView = (r: Selectable<StatePagesTable>) => ({
  id: r.id,
  state: r.state,
  city: r.city,
  path: statePagePath(r.state, r.city),
  title: r.title,
  text: r.text,
  offer: r.offer,
  active: r.active,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
  updatedBy: r.updated_by,
});

const columns = (f: StatePageFields) => ({
  state: f.state,
  city: f.city,
  state_slug: placeKey(f.state),
  city_slug: placeKey(f.city),
  title: f.title,
  text: f.text,
  offer: f.offer,
  active: f.active,
});

/** State landing pages in PostgreSQL; (state, city) is unique by slug, so `/Karnataka/Bengaluru` names one page. */
@Injectable()
export class StatePagesRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  async list(filter: StatePageListFilter, sort: ListParams['sort'], range: ListParams['range']) {
    let query = this.db.selectFrom('state_pages');
    if (filter.state) query = query.where('state', '=', filter.state);
    if (filter.active !== undefined) query = query.where('active', '=', filter.active);
    if (filter.ids) query = query.where('id', 'in', idsOrNone(filter.ids));
    if (filter.q) {
      const q = likePattern(filter.q);
      query = query.where((eb) => eb.or([eb('title', 'ilike', q), eb('city', 'ilike', q), eb('state', 'ilike', q)]));
    }
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy(STATE_PAGE_SORT.orderBy(sort)).orderBy('city').orderBy('id').$call(inRange(range)).execute(),
      countOf(this.db, query),
    ]);
    return { rows: rows.map(statePageView), total };
  }

  find(id: string) {
    return this.db.selectFrom('state_pages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The active page of a state and city, by their URL segments (any case). */
  published(stateSegment: string, citySegment: string) {
    return this.db
      .selectFrom('state_pages')
      .selectAll()
      .where('state_slug', '=', placeKey(stateSegment))
      .where('city_slug', '=', placeKey(citySegment))
      .where('active', '=', true)
      .executeTakeFirst();
  }

  /** Inserts a page; undefined when its state and city already have one. */
  async create(fields: StatePageFields, by: string) {
    return this.db
      .insertInto('state_pages')
      .values({ id: randomUUID(), ...columns(fields), updated_by: by })
      .onConflict((oc) => oc.columns(['state_slug', 'city_slug']).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /** Saves a page: 'missing' for no such page, 'taken' when another page has the new state and city. */
  async update(id: string, fields: StatePageFields, by: string): Promise<Selectable<StatePagesTable> | 'missing' | 'taken'> {
    if (!(await this.find(id))) return 'missing';
    const other = await this.db
      .selectFrom('state_pages')
      .select('id')
      .where('state_slug', '=', placeKey(fields.state))
      .where('city_slug', '=', placeKey(fields.city))
      .where('id', '<>', id)
      .executeTakeFirst();
    if (other) return 'taken';
    return this.db
      .updateTable('state_pages')
      .set({ ...columns(fields), updated_by: by, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  delete(id: string) {
    return this.db.deleteFrom('state_pages').where('id', '=', id).returningAll().executeTakeFirst();
  }
}
