import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Migrator, sql } from 'kysely';
import { createDb } from '../../src/platform/database/database.js';
import { migrateToLatest } from '../../src/platform/database/migrate.js';
import { migrationProvider } from '../../src/platform/database/migrations/index.js';
import { bearer, expectProblem } from '../support/loan-api.js';
import { ADMIN, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * Issue 27 item 5: migration 0037 puts the phones already stored in one form (E.164) and lists, for staff, what it
 * cannot decide (accounts whose phones read as the same number; phones that do not read as a number), changing
 * nothing of those. Then the list (customers.phones) and its keep / clear actions, and their guards.
 */

const EVIL = 'https://evil.example';
const id = () => randomUUID();
/** The accounts of a database of before the migration, phones as the old entries stored them. */
const seeded = {
  typedPlain: { id: id(), phone: '9123456780' }, // register kept it as typed: alone, it becomes +919123456780
  alreadyE164: { id: id(), phone: '+919123456781' }, // quick start's form: unchanged
  trunkZero: { id: id(), phone: '09876501234' }, // alone: +919876501234
  collidingPlain: { id: id(), phone: '9123456782' }, // the same number as the next one: both listed, both unchanged
  collidingE164: { id: id(), phone: '+919123456782' },
  orphanA: { id: id(), phone: '9123456783' }, // the same number twice, neither in E.164: both listed
  orphanB: { id: id(), phone: '919123456783' },
  unreadable: { id: id(), phone: '12345' }, // not a number: listed, unchanged
  noPhone: { id: id(), phone: null },
};
type Seeded = keyof typeof seeded;

let database: TestDatabase;
let t: TestApp;
let staff: string;
let staffCookie: string;
let salesAgent: string;

const phoneOf = async (who: Seeded) =>
  (await t.runtime.db.selectFrom('users').select('phone').where('id', '=', seeded[who].id).executeTakeFirstOrThrow()).phone;
const listed = async (filter: object = {}) =>
  (
    await t.http
      .get('/api/admin/phone-collisions')
      .query({ filter: JSON.stringify(filter), range: '[0,99]' })
      .set(bearer(staff))
      .expect(200)
  ).body as Array<Record<string, unknown> & { id: string; userId: string }>;
const rowOf = async (who: Seeded) => (await listed()).find((r) => r.userId === seeded[who].id)!;
const register = (phone: string) =>
  t.http
    .post('/api/auth/register')
    .send({ name: 'Late Comer', email: `late.${randomUUID()}@example.com`, phone, password: 'borrower-password' });

beforeAll(async () => {
  database = await createTestDatabase('phone_collisions');
  const db = createDb(database.url);
  try {
    const before = await new Migrator({ db, provider: migrationProvider }).migrateTo('0036-product-required-profile-sections');
    expect(before.error).toBeUndefined();
    await db
      .insertInto('users')
      .values(
        Object.entries(seeded).map(([name, u], i) => ({
          id: u.id,
          role: 'borrower' as const,
          name: `Seeded ${name}`,
          email: `${name.toLowerCase()}@example.com`,
          phone: u.phone,
          password_hash: null,
          staff_role_id: null,
          firebase_uid: null,
          created_at: new Date(Date.UTC(2026, 0, 1 + i)),
        })),
      )
      .execute();
    await db
      .insertInto('loan_borrowers')
      .values(
        [seeded.typedPlain, seeded.collidingPlain].map((u) => ({
          user_id: u.id,
          name: 'Seeded',
          email: 'seeded@example.com',
          phone: u.phone,
        })),
      )
      .execute();
    const lead = (phone: string) => ({
      id: randomUUID(),
      name: 'Seeded lead',
      phone,
      source: 'agent' as const,
      status: 'new' as const,
      created_by: 'seed',
    });
    await db
      .insertInto('leads')
      .values([lead('9123456780'), lead('not a phone')])
      .execute();
    await db
      .insertInto('whatsapp_messages')
      .values({ id: randomUUID(), phone: '919123456780', direction: 'inbound', body: 'Hello', status: 'received', at: new Date() })
      .execute();
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  t = await startTestApp('phone_collisions', {}, { database });
  const login = await t.http.post('/api/auth/login').send(ADMIN).expect(200);
  staff = login.body.token;
  staffCookie = String((login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('token='))).split(';')[0];
  const email = `agent.${randomUUID()}@example.com`;
  await t.http
    .post('/api/admin/users')
    .set(bearer(staff))
    .send({ name: 'Sales Agent', email, password: 'staff-password-1', roleId: 'sales-agent' })
    .expect(201);
  salesAgent = (await t.http.post('/api/auth/login').send({ email, password: 'staff-password-1' }).expect(200)).body.token;
});

afterAll(async () => {
  await t?.close();
});

describe('migration 0037 on a database with mixed forms and collisions', () => {
  it('rewrites every phone it can decide to E.164 and changes nothing it cannot', async () => {
    expect(await phoneOf('typedPlain')).toBe('+919123456780');
    expect(await phoneOf('alreadyE164')).toBe('+919123456781');
    expect(await phoneOf('trunkZero')).toBe('+919876501234');
    expect(await phoneOf('collidingPlain')).toBe('9123456782');
    expect(await phoneOf('collidingE164')).toBe('+919123456782');
    expect(await phoneOf('orphanA')).toBe('9123456783');
    expect(await phoneOf('orphanB')).toBe('919123456783');
    expect(await phoneOf('unreadable')).toBe('12345');
    expect(await phoneOf('noPhone')).toBeNull();
  });

  it('lists each account it could not decide, with why and the number it reads as', async () => {
    const rows = (
      await t.runtime.db
        .selectFrom('phone_collisions')
        .select(['user_id', 'stored_phone', 'normalized_phone', 'reason', 'resolved_at'])
        .execute()
    ).map((r) => ({ ...r, resolved_at: r.resolved_at }));
    const expected = (who: Seeded, normalized: string | null, reason: string) => ({
      user_id: seeded[who].id,
      stored_phone: seeded[who].phone,
      normalized_phone: normalized,
      reason,
      resolved_at: null,
    });
    expect(rows).toEqual(
      expect.arrayContaining([
        expected('collidingPlain', '+919123456782', 'collision'),
        expected('collidingE164', '+919123456782', 'collision'),
        expected('orphanA', '+919123456783', 'collision'),
        expected('orphanB', '+919123456783', 'collision'),
        expected('unreadable', null, 'unreadable'),
      ]),
    );
    expect(rows).toHaveLength(5);
  });

  it("lending's copy, leads and WhatsApp conversations follow; what does not read as a number stays", async () => {
    const copies = await t.runtime.db.selectFrom('loan_borrowers').select(['user_id', 'phone']).execute();
    expect(Object.fromEntries(copies.map((c) => [c.user_id, c.phone]))).toEqual({
      [seeded.typedPlain.id]: '+919123456780',
      [seeded.collidingPlain.id]: '9123456782',
    });
    expect(
      (await t.runtime.db.selectFrom('leads').select('phone').where('created_by', '=', 'seed').orderBy('phone').execute()).map(
        (l) => l.phone,
      ),
    ).toEqual(['+919123456780', 'not a phone']);
    expect((await t.runtime.db.selectFrom('whatsapp_messages').select('phone').execute()).map((m) => m.phone)).toEqual(['+919123456780']);
  });

  it('keeps users_phone unique over the stored value, as before', async () => {
    const index = await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes WHERE indexname = 'users_phone'`.execute(t.runtime.db);
    expect(index.rows[0].indexdef).toMatch(/UNIQUE INDEX users_phone ON public\.users USING btree \(phone\) WHERE \(phone IS NOT NULL\)/);
  });

  it('a migrated borrower signs in with the number written any way', async () => {
    await t.runtime.db
      .updateTable('users')
      .set({
        password_hash: (
          await t.runtime.db.selectFrom('users').select('password_hash').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()
        ).password_hash,
      })
      .where('id', '=', seeded.typedPlain.id)
      .execute();
    const login = await t.http.post('/api/auth/login').send({ phone: '91234 56780', password: ADMIN.password }).expect(200);
    expect(login.body.user.id).toBe(seeded.typedPlain.id);
  });
});

describe('a listed number cannot join a new account', () => {
  it('a number two listed accounts read as (neither in E.164) is taken for register', async () => {
    const problem = expectProblem(await register('+91 91234 56783'), 409, 'already-registered');
    expect(problem.fields).toEqual([{ name: 'phone', message: 'This phone is already registered; sign in instead.' }]);
  });

  it('nor for a profile change', async () => {
    const me = await registerBorrower(t.http, 'Phone Changer');
    const phone = '+919123456783';
    await t.http.post('/api/public/otp').send({ phone, purpose: 'phone' }).expect(202);
    const sms = await t.http
      .get('/api/admin/sms')
      .query({ filter: JSON.stringify({ to: phone }), range: '[0,0]' })
      .set(bearer(staff))
      .expect(200);
    const code = /\b(\d{6})\b/.exec(sms.body[0].body as string)![1];
    const phoneProof = (await t.http.post('/api/public/otp/verify').send({ phone, purpose: 'phone', code }).expect(200)).body.proof;
    expectProblem(await t.http.put('/api/me/profile').set(bearer(me.token)).send({ phone, phoneProof }), 409, 'already-registered');
  });
});

describe('GET /api/admin/phone-collisions (customers.phones)', () => {
  it('lists the open rows with the accounts each collides with; Content-Range counts them', async () => {
    const res = await t.http
      .get('/api/admin/phone-collisions')
      .query({ filter: JSON.stringify({ status: 'open' }), range: '[0,1]' })
      .set(bearer(staff))
      .expect(200);
    expect(res.headers['content-range']).toBe('phone-collisions 0-1/5');
    const plain = await rowOf('collidingPlain');
    expect(plain).toEqual(
      expect.objectContaining({
        name: 'Seeded collidingPlain',
        storedPhone: '9123456782',
        normalizedPhone: '+919123456782',
        currentPhone: '9123456782',
        reason: 'collision',
        status: 'open',
        resolution: null,
        others: [
          {
            userId: seeded.collidingE164.id,
            name: 'Seeded collidingE164',
            email: 'collidinge164@example.com',
            role: 'borrower',
            phone: '+919123456782',
          },
        ],
      }),
    );
    expect((await rowOf('unreadable')).others).toEqual([]);
    expect((await listed({ reason: 'unreadable' })).map((r) => r.userId)).toEqual([seeded.unreadable.id]);
    expect((await t.http.get(`/api/admin/phone-collisions/${plain.id}`).set(bearer(staff)).expect(200)).body).toEqual(plain);
  });

  it('refuses a bad filter, an unknown sort and a bad id', async () => {
    expectProblem(
      await t.http
        .get('/api/admin/phone-collisions')
        .query({ filter: JSON.stringify({ status: 'maybe' }) })
        .set(bearer(staff)),
      400,
    );
    expectProblem(
      await t.http
        .get('/api/admin/phone-collisions')
        .query({ sort: JSON.stringify(['phone; DROP TABLE users', 'ASC']) })
        .set(bearer(staff)),
      400,
    );
    expectProblem(await t.http.get('/api/admin/phone-collisions/not-an-id').set(bearer(staff)), 400);
    expectProblem(await t.http.get(`/api/admin/phone-collisions/${randomUUID()}`).set(bearer(staff)), 404);
  });

  it('refuses no session, a borrower and staff without customers.phones', async () => {
    const borrower = await registerBorrower(t.http);
    expectProblem(await t.http.get('/api/admin/phone-collisions'), 401);
    expectProblem(await t.http.get('/api/admin/phone-collisions').set(bearer(borrower.token)), 403);
    expectProblem(await t.http.get('/api/admin/phone-collisions').set(bearer(salesAgent)), 403);
    const row = await rowOf('unreadable');
    expectProblem(
      await t.http.post(`/api/admin/phone-collisions/${row.id}/resolve`).set(bearer(salesAgent)).send({ action: 'clear' }),
      403,
    );
    expect(await phoneOf('unreadable')).toBe('12345');
  });

  it('refuses a resolution sent cross-site with the cookie, and changes nothing', async () => {
    const row = await rowOf('unreadable');
    expectProblem(
      await t.http
        .post(`/api/admin/phone-collisions/${row.id}/resolve`)
        .set('Cookie', staffCookie)
        .set('Origin', EVIL)
        .send({ action: 'clear' }),
      403,
      'csrf-refused',
    );
    expect((await rowOf('unreadable')).status).toBe('open');
    expect(await phoneOf('unreadable')).toBe('12345');
  });
});

describe('POST /api/admin/phone-collisions/:id/resolve', () => {
  it('refuses to keep a number another account still holds, naming it, and changes nothing', async () => {
    const row = await rowOf('collidingPlain');
    const problem = expectProblem(
      await t.http.post(`/api/admin/phone-collisions/${row.id}/resolve`).set(bearer(staff)).send({ action: 'keep' }),
      409,
      'not-resolved',
    );
    expect(problem.fields).toEqual([
      { name: 'action', message: 'another account holds +919123456782 too: clear theirs first, then keep this one.' },
    ]);
    expect(await phoneOf('collidingPlain')).toBe('9123456782');
    expect((await rowOf('collidingPlain')).status).toBe('open');
  });

  it('refuses to keep what is not a number, and a bad action', async () => {
    const row = await rowOf('unreadable');
    expectProblem(
      await t.http.post(`/api/admin/phone-collisions/${row.id}/resolve`).set(bearer(staff)).send({ action: 'keep' }),
      400,
      'not-resolved',
    );
    expectProblem(
      await t.http.post(`/api/admin/phone-collisions/${row.id}/resolve`).set(bearer(staff)).send({ action: 'merge' }),
      400,
      'validation-failed',
    );
    expect(await phoneOf('unreadable')).toBe('12345');
  });

  it("clears one account, then keeps the other: the number is one account's, in E.164, and a third is refused", async () => {
    const me = (await t.http.get('/api/me').set(bearer(staff)).expect(200)).body.user._id;
    const cleared = (
      await t.http
        .post(`/api/admin/phone-collisions/${(await rowOf('orphanA')).id}/resolve`)
        .set(bearer(staff))
        .send({ action: 'clear' })
        .expect(200)
    ).body;
    expect(cleared).toEqual(
      expect.objectContaining({ status: 'resolved', resolution: 'cleared', resolvedBy: me, currentPhone: null, storedPhone: '9123456783' }),
    );
    expect(await phoneOf('orphanA')).toBeNull();
    const kept = (
      await t.http
        .post(`/api/admin/phone-collisions/${(await rowOf('orphanB')).id}/resolve`)
        .set(bearer(staff))
        .send({ action: 'keep' })
        .expect(200)
    ).body;
    expect(kept).toEqual(expect.objectContaining({ status: 'resolved', resolution: 'kept', currentPhone: '+919123456783', others: [] }));
    expect(await phoneOf('orphanB')).toBe('+919123456783');
    expectProblem(await register('9123456783'), 409, 'already-registered');
    // Done is done.
    expectProblem(
      await t.http.post(`/api/admin/phone-collisions/${kept.id}/resolve`).set(bearer(staff)).send({ action: 'clear' }),
      409,
      'not-resolved',
    );
    expect(await phoneOf('orphanB')).toBe('+919123456783');
  });
});
