import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { DB, type Db } from '../../../src/platform/database/database.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Issue 30, item 2: totals are exact up to 10,000 and `10000+` beyond (docs/api.md "Admin lists"), on every way the
 * loan list counts: a text search, an exact filter (countOf) and a queue (the counters).
 */
let t: TestApp;
let staff: string;
let borrowerId: string;
const COPIES = 10_050;

const list = (params: Record<string, unknown>) =>
  t.http
    .get('/api/admin/loans')
    .query(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])))
    .set('Authorization', `Bearer ${staff}`)
    .expect(200);

beforeAll(async () => {
  t = await startTestApp('loantotals');
  staff = await loginStaff(t.http);
  const b = await registerBorrower(t.http, 'Tanvi Totals');
  const created = await t.http
    .post('/api/me/loans')
    .set('Authorization', `Bearer ${b.token}`)
    .send({ type: 'EMI', amount: 2_000_000, tenureMonths: 12 })
    .expect(201);
  // The read model's row copied under new ids, a second older each: a list of 10,051 loans of one borrower, in `new`.
  const db = t.app.get<Db>(DB);
  await sql`
    INSERT INTO loan_summaries
    SELECT copy.*
    FROM loan_summaries s, generate_series(1, ${COPIES}) g,
      LATERAL jsonb_populate_record(
        NULL::loan_summaries,
        to_jsonb(s) || jsonb_build_object('id', gen_random_uuid(), 'created_at', s.created_at - g * interval '1 second')) copy
    WHERE s.id = ${created.body.id}::uuid`.execute(db);
  borrowerId = (await db.selectFrom('loan_summaries').select('borrower_id').where('id', '=', created.body.id).executeTakeFirstOrThrow())
    .borrower_id;
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/loans over more than 10,000 matching loans', () => {
  it('given a text search matching 10,051 loans, when the first page is read, then the total is 10000+ and the page is the newest 25', async () => {
    const page = await list({ filter: { q: 'tanvi' }, sort: ['createdAt', 'DESC'], range: [0, 24] });
    expect(page.headers['content-range']).toBe('loans 0-24/10000+');
    expect(page.body).toHaveLength(25);
    const created = page.body.map((l: { createdAt: string }) => l.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('given the same search, when pages past the first are read either way, then each is the next rows in (createdAt, id) order', async () => {
    // Over 10,000 matches the page is read on its own (the bounded count does not sort its matches): the same rows,
    // in the same order, as the read model sorted by the sort key and the id tie-break.
    const db = t.app.get<Db>(DB);
    for (const [order, start] of [
      ['DESC', 25],
      ['ASC', 50],
      ['DESC', 5_000],
    ] as const) {
      const page = await list({ filter: { q: 'tanvi' }, sort: ['createdAt', order], range: [start, start + 24] });
      expect(page.headers['content-range']).toBe(`loans ${start}-${start + 24}/10000+`);
      const dir = sql.raw(order);
      const expected = await sql<{ id: string }>`
        SELECT id FROM loan_summaries WHERE borrower_id = ${borrowerId}::uuid ORDER BY created_at ${dir}, id ${dir} OFFSET ${start} LIMIT 25`.execute(
        db,
      );
      expect(page.body.map((l: { id: string }) => l.id)).toEqual(expected.rows.map((r) => r.id));
    }
  });

  it('given the same search, when the deepest page is read, then it has its rows and the total still says 10000+', async () => {
    const page = await list({ filter: { q: 'tanvi' }, sort: ['createdAt', 'ASC'], range: [9_990, 10_014] });
    expect(page.headers['content-range']).toBe('loans 9990-10014/10000+');
    expect(page.body).toHaveLength(25);
  });

  it('given an exact filter (a borrower) or a queue (its counters), when the list is read, then the total is 10000+', async () => {
    expect((await list({ filter: { borrowerId } })).headers['content-range']).toBe('loans 0-24/10000+');
    expect((await list({ filter: { queue: 'new' } })).headers['content-range']).toBe('loans 0-24/10000+');
    expect((await list({})).headers['content-range']).toBe('loans 0-24/10000+');
  });

  it('given a filter matching fewer, when the list is read, then the total is exact', async () => {
    expect((await list({ filter: { q: 'nobody-by-this-name' } })).headers['content-range']).toBe('loans */0');
    expect((await list({ filter: { queue: 'applied' } })).headers['content-range']).toBe('loans */0');
  });
});

describe('GET /api/admin/loans, a text search shared by more borrowers than are looked up as one list (20,000)', () => {
  it('given 20,050 borrowers sharing a word and three of them with loans in one queue, when that queue is searched, then exactly those three are found', async () => {
    // The read model's borrowers only (no accounts): 20,050 of them share "ubiquitous"; three get a copy of the loan
    // above, moved to `applied`. The search then takes the join that stops at the cap, not the list of ids.
    const db = t.app.get<Db>(DB);
    await sql`
      INSERT INTO loan_borrowers (user_id, name, email, phone)
      SELECT gen_random_uuid(), 'Ubiquitous Borrower ' || g, 'ubiquitous' || g || '@example.test', NULL
      FROM generate_series(1, 20050) g`.execute(db);
    const chosen = await db
      .selectFrom('loan_borrowers')
      .select('user_id')
      .where('name', 'in', ['Ubiquitous Borrower 8', 'Ubiquitous Borrower 11', 'Ubiquitous Borrower 20050'])
      .execute();
    const withLoans = chosen.map((r) => r.user_id);
    const source = await db
      .selectFrom('loan_summaries')
      .select('id')
      .where('borrower_id', '=', borrowerId)
      .limit(1)
      .executeTakeFirstOrThrow();
    const copies = await sql<{ id: string }>`
      INSERT INTO loan_summaries
      SELECT copy.*
      FROM loan_summaries s, unnest(${withLoans}::uuid[]) AS b(id),
        LATERAL jsonb_populate_record(
          NULL::loan_summaries,
          to_jsonb(s) || jsonb_build_object('id', gen_random_uuid(), 'borrower_id', b.id, 'state', 'applied')) copy
      WHERE s.id = ${source.id}::uuid
      RETURNING id`.execute(db);

    const page = await list({ filter: { q: 'ubiquitous', queue: 'applied' }, sort: ['createdAt', 'DESC'], range: [0, 24] });
    expect(page.headers['content-range']).toBe('loans 0-2/3');
    expect(page.body.map((l: { id: string }) => l.id).sort()).toEqual(copies.rows.map((r) => r.id).sort());
    expect(page.body.map((l: { borrower: { name: string } }) => l.borrower.name).sort()).toEqual([
      'Ubiquitous Borrower 11',
      'Ubiquitous Borrower 20050',
      'Ubiquitous Borrower 8',
    ]);
    // And a word only one of them has still goes through the list of ids, to the same loan.
    const one = await list({ filter: { q: 'ubiquitous8@', queue: 'applied' } });
    expect(one.headers['content-range']).toBe('loans 0-0/1');
    expect(one.body[0].borrower.name).toBe('Ubiquitous Borrower 8');
  });
});
