import { Inject, Injectable } from '@nestjs/common';
import type { ExpressionBuilder } from 'kysely';
import { DB, type Db } from '../../platform/database/database.js';
import type { Database } from '../../platform/database/schema.js';
import type { ListParams } from '../../platform/query/list-params.js';
import { countOf, idsOrNone, inRange, sortable, likePattern } from '../../platform/query/list-query.js';
import { permissionsOf } from '../auth/session-authenticator.js';

export type StaffFilter = { q?: string; roleId?: string; status?: 'active' | 'disabled'; online?: boolean; ids?: string[] };
export type PresenceFilter = { q?: string; role?: 'borrower' | 'staff'; ids?: string[] };

/** Sortable fields of the staff list (API name -> column). */
export const STAFF_SORT = sortable(
  { name: 'u.name', email: 'u.email', createdAt: 'u.created_at', lastSeenAt: 'p.last_seen_at', status: 'u.status' },
  { nulls: 'low' },
);
export const PRESENCE_SORT = sortable({ name: 'u.name', lastSeenAt: 'p.last_seen_at' });

/** Read side of staff: users joined with their role and presence record, in the shape the admin console lists. */
@Injectable()
export class StaffDirectory {
  constructor(@Inject(DB) private readonly db: Db) {}

  private staff() {
    return this.db
      .selectFrom('users as u')
      .leftJoin('staff_roles as r', 'r.id', 'u.staff_role_id')
      .leftJoin('presence as p', 'p.user_id', 'u.id')
      .where('u.role', '=', 'staff');
  }

  async list(filter: StaffFilter, sort: ListParams['sort'], range: ListParams['range']) {
    const where = (
      eb: ExpressionBuilder<Database & { u: Database['users']; r: Database['staff_roles']; p: Database['presence'] }, 'u' | 'r' | 'p'>,
    ) => {
      const conditions = [];
      if (filter.q) {
        const like = likePattern(filter.q);
        conditions.push(eb.or([eb('u.name', 'ilike', like), eb('u.email', 'ilike', like), eb('u.phone', 'ilike', like)]));
      }
      if (filter.roleId) conditions.push(eb('u.staff_role_id', '=', filter.roleId));
      if (filter.status) conditions.push(eb('u.status', '=', filter.status));
      if (filter.online !== undefined)
        conditions.push(filter.online ? eb('p.status', '=', true) : eb.or([eb('p.status', 'is', null), eb('p.status', '=', false)]));
      if (filter.ids) conditions.push(eb('u.id', 'in', idsOrNone(filter.ids)));
      return eb.and(conditions);
    };
    const filtered = this.staff().where(where as never);
    const rows = await filtered.select(staffColumns).orderBy(STAFF_SORT.orderBy(sort)).orderBy('u.id').$call(inRange(range)).execute();
    return { rows: rows.map(staffView), total: await countOf(this.db, filtered) };
  }

  async find(id: string) {
    const row = await this.staff().where('u.id', '=', id).select(staffColumns).executeTakeFirst();
    return row ? staffView(row) : undefined;
  }

  /** Who is online now, borrowers and staff alike. */
  async online(filter: PresenceFilter, sort: ListParams['sort'], range: ListParams['range']) {
    let query = this.db.selectFrom('presence as p').innerJoin('users as u', 'u.id', 'p.user_id').where('p.status', '=', true);
    if (filter.q) {
      const like = likePattern(filter.q);
      query = query.where((eb) => eb.or([eb('u.name', 'ilike', like), eb('u.email', 'ilike', like)]));
    }
    if (filter.role) query = query.where('u.role', '=', filter.role);
    if (filter.ids) query = query.where('u.id', 'in', idsOrNone(filter.ids));
    const rows = await query
      .select(['u.id', 'u.name', 'u.email', 'u.role', 'p.status', 'p.device', 'p.last_seen_at'])
      .orderBy(PRESENCE_SORT.orderBy(sort))
      .orderBy('u.id')
      .$call(inRange(range))
      .execute();
    return {
      rows: rows.map((r) => ({
        id: r.id,
        userId: r.id,
        name: r.name,
        email: r.email,
        role: r.role,
        online: r.status,
        device: r.device,
        lastSeenAt: r.last_seen_at?.toISOString() ?? null,
      })),
      total: await countOf(this.db, query),
    };
  }
}

const staffColumns = [
  'u.id',
  'u.name',
  'u.email',
  'u.phone',
  'u.role',
  'u.status',
  'u.staff_role_id',
  'u.created_at',
  'r.name as role_name',
  'r.permissions',
  'p.status as online',
  'p.device',
  'p.last_seen_at',
] as const;

type StaffRow = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: 'borrower' | 'staff';
  status: 'active' | 'disabled';
  staff_role_id: string | null;
  created_at: Date;
  role_name: string | null;
  permissions: string[] | null;
  online: boolean | null;
  device: string | null;
  last_seen_at: Date | null;
};

export function staffView(r: StaffRow) {
  return {
    id: r.id,
    _id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    role: r.role,
    roleId: r.staff_role_id,
    roleName: r.role_name,
    permissions: permissionsOf(r.staff_role_id, r.permissions),
    status: r.status,
    online: r.online === true,
    device: r.device,
    lastSeenAt: r.last_seen_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
  };
}

export type StaffView = ReturnType<typeof staffView>;
