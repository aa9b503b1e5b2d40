import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DB, type Db } from '../../platform/database/database.js';
import type { ListParams } from '../../platform/query/list-params.js';
import { countOf, idsOrNone, inRange, sortable, likePattern } from '../../platform/query/list-query.js';

/** Holds every permission by definition; it cannot be edited or deleted, so someone can always manage staff. */
export const ADMINISTRATOR_ROLE = 'administrator';

export type StaffRoleRecord = {
  id: string;
  name: string;
  description: string;
  permissions: string[];
  builtIn: boolean;
  userCount: number;
  createdAt: Date;
  updatedAt: Date;
};

export class DuplicateRoleName extends Error {}

export const ROLE_SORT = sortable({ name: 'r.name', createdAt: 'r.created_at', userCount: 'user_count' });

@Injectable()
export class StaffRolesRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  private base() {
    return this.db
      .selectFrom('staff_roles as r')
      .select(['r.id', 'r.name', 'r.description', 'r.permissions', 'r.built_in', 'r.created_at', 'r.updated_at'])
      .select((eb) =>
        eb
          .selectFrom('users as u')
          .whereRef('u.staff_role_id', '=', 'r.id')
          .where('u.status', '=', 'active')
          .select((e) => e.fn.countAll<string>().as('n'))
          .as('user_count'),
      );
  }

  async list(filter: { q?: string; ids?: string[] }, sort: ListParams['sort'], range: ListParams['range']) {
    let query = this.base();
    if (filter.q) {
      const like = likePattern(filter.q);
      query = query.where((eb) => eb.or([eb('r.name', 'ilike', like), eb('r.description', 'ilike', like)]));
    }
    if (filter.ids) query = query.where('r.id', 'in', idsOrNone(filter.ids));
    const rows = await query.orderBy(ROLE_SORT.orderBy(sort)).orderBy('r.id').$call(inRange(range)).execute();
    return { rows: rows.map(toRecord), total: await countOf(this.db, query) };
  }

  /**
   * Runs a check-and-write on a role inside a transaction holding the role's row lock, so the permissions a rule
   * checked are the ones the write replaces (two editors of one role are decided one after the other).
   */
  async inRoleLock<T>(id: string, work: (roles: StaffRolesRepository, current: StaffRoleRecord | undefined) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('staff_roles').select('id').where('id', '=', id).forUpdate().execute();
      const roles = new StaffRolesRepository(trx);
      return work(roles, await roles.find(id));
    });
  }

  /** Inside a transaction: the role, its row share-locked until commit, so its permissions cannot change under a check. */
  async findShareLocked(id: string): Promise<StaffRoleRecord | undefined> {
    await this.db.selectFrom('staff_roles').select('id').where('id', '=', id).forShare().execute();
    return this.find(id);
  }

  async find(id: string): Promise<StaffRoleRecord | undefined> {
    const row = await this.base().where('r.id', '=', id).executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  async insert(role: { name: string; description: string; permissions: string[] }): Promise<StaffRoleRecord> {
    const id = randomUUID();
    try {
      await this.db
        .insertInto('staff_roles')
        .values({ id, name: role.name, description: role.description, permissions: role.permissions })
        .execute();
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new DuplicateRoleName();
      throw error;
    }
    return (await this.find(id))!;
  }

  async update(id: string, change: { name?: string; description?: string; permissions?: string[] }): Promise<StaffRoleRecord | undefined> {
    try {
      await this.db
        .updateTable('staff_roles')
        .set({ ...change, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new DuplicateRoleName();
      throw error;
    }
    return this.find(id);
  }

  /** Deletes a role nobody holds (disabled users included, as they keep their role); answers false if someone does. */
  async deleteUnused(id: string): Promise<boolean> {
    const held = await this.db.selectFrom('users').select('id').where('staff_role_id', '=', id).limit(1).executeTakeFirst();
    if (held) return false;
    await this.db.deleteFrom('staff_roles').where('id', '=', id).execute();
    return true;
  }
}

type Row = {
  id: string;
  name: string;
  description: string;
  permissions: string[];
  built_in: boolean;
  created_at: Date;
  updated_at: Date;
  user_count: string | null;
};

const toRecord = (r: Row): StaffRoleRecord => ({
  id: r.id,
  name: r.name,
  description: r.description,
  permissions: r.permissions,
  builtIn: r.built_in,
  userCount: Number(r.user_count ?? 0),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
