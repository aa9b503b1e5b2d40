import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DB, type Db } from '../../platform/database/database.js';
import { BorrowerProfileFeed } from './borrower-profile-feed.js';
import type { UserRecord } from './user.record.js';
import { alreadyBelongsToAnotherUser } from '../domain/identity.errors.js';

type Row = {
  id: string;
  role: 'borrower' | 'staff';
  name: string;
  email: string;
  phone: string | null;
  password_hash: string | null;
  staff_role_id: string | null;
  status: 'active' | 'disabled';
  firebase_uid: string | null;
  email_verified_at: Date | null;
  created_at: Date;
};

const toRecord = (r: Row): UserRecord => ({
  id: r.id,
  role: r.role,
  name: r.name,
  email: r.email,
  phone: r.phone,
  passwordHash: r.password_hash,
  staffRoleId: r.staff_role_id,
  status: r.status,
  firebaseUid: r.firebase_uid,
  emailVerifiedAt: r.email_verified_at,
  createdAt: r.created_at,
});

export class DuplicateUser extends Error {
  constructor(readonly field: 'email' | 'phone') {
    super(`${field} is already registered`);
  }
}

/** A duplicate email or phone on a staff or profile edit, as the field's refusal. */
export function rethrowAsAlreadyInUse(error: unknown): never {
  if (error instanceof DuplicateUser) throw alreadyBelongsToAnotherUser(error.field);
  throw error;
}

const asDuplicate = (error: unknown): never => {
  const e = error as { code?: string; constraint?: string };
  if (e.code === '23505' && (e.constraint === 'users_phone' || e.constraint === 'users_email'))
    throw new DuplicateUser(e.constraint === 'users_phone' ? 'phone' : 'email');
  throw error;
};

export type NewUser = Pick<UserRecord, 'id' | 'role' | 'name' | 'email' | 'phone' | 'passwordHash'> &
  Partial<Pick<UserRecord, 'staffRoleId' | 'firebaseUid'>>;

/** Identity's `users` table. Every borrower it inserts or updates is handed to the BorrowerProfileFeed. */
@Injectable()
export class UsersRepository {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly feed: BorrowerProfileFeed,
  ) {}

  /**
   * A phone is taken when another account stores it (the unique index `users_phone` says so on write) or when an
   * account the 0037 migration could not settle reads as it (an open row of `phone_collisions`): no new account
   * joins a collision while staff resolve it.
   */
  private async refuseListedPhone(phone: string | null | undefined, userId: string): Promise<void> {
    if (!phone) return;
    const listed = await this.db
      .selectFrom('phone_collisions')
      .select('id')
      .where('normalized_phone', '=', phone)
      .where('resolved_at', 'is', null)
      .where('user_id', '<>', userId)
      .executeTakeFirst();
    if (listed) throw new DuplicateUser('phone');
  }

  async insert(user: NewUser): Promise<UserRecord> {
    let inserted: UserRecord;
    await this.refuseListedPhone(user.phone, user.id);
    try {
      const row = await this.db
        .insertInto('users')
        .values({
          id: user.id,
          role: user.role,
          name: user.name,
          email: user.email,
          phone: user.phone,
          password_hash: user.passwordHash,
          staff_role_id: user.staffRoleId ?? null,
          firebase_uid: user.firebaseUid ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      inserted = toRecord(row as Row);
    } catch (error) {
      return asDuplicate(error);
    }
    await this.feed.written(inserted);
    return inserted;
  }

  async findById(id: string): Promise<UserRecord | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toRecord(row as Row) : undefined;
  }

  async findByEmail(email: string): Promise<UserRecord | undefined> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .executeTakeFirst();
    return row ? toRecord(row as Row) : undefined;
  }

  async findByFirebaseUid(uid: string): Promise<UserRecord | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('firebase_uid', '=', uid).executeTakeFirst();
    return row ? toRecord(row as Row) : undefined;
  }

  async findByLogin(login: { email?: string; phone?: string }): Promise<UserRecord | undefined> {
    if (login.email) return this.findByEmail(login.email);
    if (!login.phone) return undefined;
    const row = await this.db.selectFrom('users').selectAll().where('phone', '=', login.phone).executeTakeFirst();
    return row ? toRecord(row as Row) : undefined;
  }

  /**
   * Marks the user's email verified, only while it is still `email` (ignoring case): a proof of an address the
   * account no longer has proves nothing. False when the email changed in between. Listeners of
   * BorrowerDirectory.onEmailVerified hear of it before this answers.
   */
  async markEmailVerified(id: string, email: string, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ email_verified_at: at })
      .where('id', '=', id)
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await this.feed.emailVerified(id, email);
    return true;
  }

  async update(
    id: string,
    change: Partial<Pick<UserRecord, 'name' | 'phone' | 'staffRoleId' | 'status' | 'passwordHash' | 'firebaseUid'>>,
  ): Promise<UserRecord | undefined> {
    const set: Record<string, unknown> = { updated_at: new Date() };
    if (change.name !== undefined) set.name = change.name;
    if (change.phone !== undefined) set.phone = change.phone;
    if (change.staffRoleId !== undefined) set.staff_role_id = change.staffRoleId;
    if (change.status !== undefined) set.status = change.status;
    if (change.passwordHash !== undefined) set.password_hash = change.passwordHash;
    if (change.firebaseUid !== undefined) set.firebase_uid = change.firebaseUid;
    let updated: UserRecord | undefined;
    if (change.phone !== undefined) await this.refuseListedPhone(change.phone, id);
    try {
      const row = await this.db.updateTable('users').set(set).where('id', '=', id).returningAll().executeTakeFirst();
      updated = row ? toRecord(row as Row) : undefined;
    } catch (error) {
      return asDuplicate(error);
    }
    // A listed account whose phone changes (proven by the borrower, or set by staff) is no longer the list's business.
    if (updated && change.phone !== undefined) {
      await this.db
        .updateTable('phone_collisions')
        .set({ resolved_at: new Date(), resolution: 'changed' })
        .where('user_id', '=', id)
        .where('resolved_at', 'is', null)
        .where('stored_phone', 'is distinct from', updated.phone)
        .execute();
    }
    if (updated) await this.feed.written(updated);
    return updated;
  }

  /**
   * Runs a check-and-write on staff accounts (role, status) one at a time across every API process: a transaction
   * that first takes a transaction-scoped advisory lock, so two administrators disabling or demoting each other at
   * the same moment are decided one after the other, the second seeing the first's write. `work` gets repositories
   * bound to the transaction; whatever it throws rolls the whole change back.
   */
  async inStaffAccountsLock<T>(work: (users: UsersRepository, trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext('staff-accounts'))`.execute(trx);
      return work(new UsersRepository(trx, this.feed), trx);
    });
  }

  /** Runs `work` in one transaction, with repositories bound to it: whatever it throws rolls the whole change back. */
  async inTransaction<T>(work: (users: UsersRepository, trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new UsersRepository(trx, this.feed), trx));
  }

  async countStaff(): Promise<number> {
    const r = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('role', '=', 'staff')
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Active staff whose role is the given one (used to keep at least one active administrator). */
  async countActiveStaffWithRole(roleId: string): Promise<number> {
    const r = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('role', '=', 'staff')
      .where('status', '=', 'active')
      .where('staff_role_id', '=', roleId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
}
