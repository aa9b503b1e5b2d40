import { Inject, Injectable } from '@nestjs/common';
import { DB, type Db } from '../../platform/database/database.js';
import type { ListParams } from '../../platform/query/list-params.js';
import { countOf, direction, idsOrNone, inRange, sortable } from '../../platform/query/list-query.js';
import type { PhoneCollisionReason } from '../domain/phone-collision.js';

export type PhoneCollisionFilter = { status?: 'open' | 'resolved'; reason?: PhoneCollisionReason; ids?: string[] };

/** Sortable fields of the list (API name -> column). */
export const PHONE_COLLISION_SORT = sortable({
  foundAt: 'c.found_at',
  normalizedPhone: 'c.normalized_phone',
  name: 'u.name',
  resolvedAt: 'c.resolved_at',
});

/** Another account that reads as the same number: the one to compare with, and maybe to clear first. */
export type CollidingAccount = { userId: string; name: string; email: string; role: 'borrower' | 'staff'; phone: string | null };

export type PhoneCollisionView = {
  id: string;
  userId: string;
  name: string;
  email: string;
  role: 'borrower' | 'staff';
  storedPhone: string;
  normalizedPhone: string | null;
  currentPhone: string | null;
  reason: PhoneCollisionReason;
  status: 'open' | 'resolved';
  foundAt: string;
  resolvedAt: string | null;
  resolvedBy: string | null;
  resolution: 'kept' | 'cleared' | 'changed' | null;
  /** The other accounts whose phone is, or reads as, the same number (open rows and E.164 holders). */
  others: CollidingAccount[];
};

/** Identity's `phone_collisions`: the phones the 0037 migration listed instead of changing. */
@Injectable()
export class PhoneCollisionsRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  private rows(db: Db = this.db) {
    return db
      .selectFrom('phone_collisions as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select([
        'c.id',
        'c.user_id',
        'c.stored_phone',
        'c.normalized_phone',
        'c.reason',
        'c.found_at',
        'c.resolved_at',
        'c.resolved_by',
        'c.resolution',
        'u.name',
        'u.email',
        'u.role',
        'u.phone',
      ]);
  }

  async list(
    filter: PhoneCollisionFilter,
    sort: ListParams['sort'],
    range: ListParams['range'],
  ): Promise<{ rows: PhoneCollisionView[]; total: number }> {
    let query = this.rows();
    if (filter.status) query = query.where('c.resolved_at', filter.status === 'open' ? 'is' : 'is not', null);
    if (filter.reason) query = query.where('c.reason', '=', filter.reason);
    if (filter.ids) query = query.where('c.id', 'in', idsOrNone(filter.ids));
    const [page, total] = await Promise.all([
      query.orderBy(PHONE_COLLISION_SORT.orderBy(sort)).orderBy('c.id', direction(sort)).$call(inRange(range)).execute(),
      countOf(this.db, query),
    ]);
    const others = await this.othersOf(page);
    return { rows: page.map((r) => view(r, others)), total };
  }

  async find(id: string, db: Db = this.db): Promise<PhoneCollisionView | undefined> {
    const row = await this.rows(db).where('c.id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    return view(row, await this.othersOf([row], db));
  }

  /** Locks the row for a resolution, so two staff members resolving the same number are decided one after the other. */
  async lock(id: string, db: Db): Promise<void> {
    await db.selectFrom('phone_collisions').select('id').where('id', '=', id).forUpdate().execute();
  }

  async markResolved(id: string, resolution: 'kept' | 'cleared', by: string, db: Db): Promise<void> {
    await db
      .updateTable('phone_collisions')
      .set({ resolved_at: new Date(), resolved_by: by, resolution })
      .where('id', '=', id)
      .where('resolved_at', 'is', null)
      .execute();
  }

  /** For each listed number, the accounts other than the listed one that hold it in E.164 or are listed open with it. */
  private async othersOf(
    rows: Array<{ user_id: string; normalized_phone: string | null }>,
    db: Db = this.db,
  ): Promise<Map<string, CollidingAccount[]>> {
    const numbers = [...new Set(rows.map((r) => r.normalized_phone).filter((n): n is string => n !== null))];
    if (numbers.length === 0) return new Map();
    const found = await db
      .selectFrom('users as u')
      .leftJoin('phone_collisions as c', (join) => join.onRef('c.user_id', '=', 'u.id').on('c.resolved_at', 'is', null))
      .select(['u.id', 'u.name', 'u.email', 'u.role', 'u.phone', 'c.normalized_phone'])
      .where((eb) => eb.or([eb('u.phone', 'in', numbers), eb('c.normalized_phone', 'in', numbers)]))
      .orderBy('u.created_at')
      .execute();
    const byNumber = new Map<string, CollidingAccount[]>();
    for (const f of found) {
      const number = f.normalized_phone ?? f.phone!;
      byNumber.set(number, [...(byNumber.get(number) ?? []), { userId: f.id, name: f.name, email: f.email, role: f.role, phone: f.phone }]);
    }
    return byNumber;
  }
}

type Row = {
  id: string;
  user_id: string;
  stored_phone: string;
  normalized_phone: string | null;
  reason: PhoneCollisionReason;
  found_at: Date;
  resolved_at: Date | null;
  resolved_by: string | null;
  resolution: 'kept' | 'cleared' | 'changed' | null;
  name: string;
  email: string;
  role: 'borrower' | 'staff';
  phone: string | null;
};

const view = (r: Row, others: Map<string, CollidingAccount[]>): PhoneCollisionView => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  email: r.email,
  role: r.role,
  storedPhone: r.stored_phone,
  normalizedPhone: r.normalized_phone,
  currentPhone: r.phone,
  reason: r.reason,
  status: r.resolved_at === null ? 'open' : 'resolved',
  foundAt: r.found_at.toISOString(),
  resolvedAt: r.resolved_at?.toISOString() ?? null,
  resolvedBy: r.resolved_by,
  resolution: r.resolution,
  others: r.normalized_phone === null ? [] : (others.get(r.normalized_phone) ?? []).filter((o) => o.userId !== r.user_id),
});
