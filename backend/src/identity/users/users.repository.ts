import { Inject, Injectable } from '@nestjs/common';
import { DB, type Db } from '../../platform/database/database.js';
import type { UserRecord } from './user.record.js';

type Row = { id: string; role: 'borrower' | 'staff'; name: string; email: string; phone: string | null; password_hash: string; created_at: Date };

const toRecord = (r: Row): UserRecord => ({
  id: r.id,
  role: r.role,
  name: r.name,
  email: r.email,
  phone: r.phone,
  passwordHash: r.password_hash,
  createdAt: r.created_at,
});

export class DuplicateUser extends Error {
  constructor(readonly field: 'email' | 'phone') {
    super(`${field} is already registered`);
  }
}

@Injectable()
export class UsersRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  async insert(user: Omit<UserRecord, 'createdAt'>): Promise<UserRecord> {
    try {
      const row = await this.db
        .insertInto('users')
        .values({ id: user.id, role: user.role, name: user.name, email: user.email, phone: user.phone, password_hash: user.passwordHash })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRecord(row as Row);
    } catch (error) {
      const e = error as { code?: string; constraint?: string };
      if (e.code === '23505') throw new DuplicateUser(e.constraint === 'users_phone' ? 'phone' : 'email');
      throw error;
    }
  }

  async findById(id: string): Promise<UserRecord | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toRecord(row as Row) : undefined;
  }

  async findByLogin(login: { email?: string; phone?: string }): Promise<UserRecord | undefined> {
    let query = this.db.selectFrom('users').selectAll();
    if (login.email) query = query.where((eb) => eb(eb.fn('lower', ['email']), '=', login.email!.toLowerCase()));
    else if (login.phone) query = query.where('phone', '=', login.phone);
    else return undefined;
    const row = await query.executeTakeFirst();
    return row ? toRecord(row as Row) : undefined;
  }

  async countStaff(): Promise<number> {
    const r = await this.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('role', '=', 'staff').executeTakeFirstOrThrow();
    return Number(r.n);
  }
}
