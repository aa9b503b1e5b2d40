import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LoanBorrowersRepository } from '../../../src/lending/loan/borrowers/loan-borrowers.repository.js';
import { DB, type Db } from '../../../src/platform/database/database.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let staff: string;
const loans: { id: string; type: string; amount: number; borrower: string }[] = [];

const list = (params: Record<string, unknown>) =>
  t.http
    .get('/api/admin/loans')
    .query(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])))
    .set('Authorization', `Bearer ${staff}`)
    .expect(200);

beforeAll(async () => {
  t = await startTestApp('loanlist');
  staff = await loginStaff(t.http);
  const people = ['Kavya Menon', 'Arjun Nair', 'Zoya 100% Khan'];
  for (const [i, name] of people.entries()) {
    const b = await registerBorrower(t.http, name);
    for (const [type, amount] of [
      ['EMI', 2_000_000 + i * 1_000_000],
      ['salaryAdvance', 600_000 + i * 100_000],
    ] as const) {
      const body = type === 'EMI' ? { type, amount, tenureMonths: 12 } : { type, amount };
      const res = await t.http.post('/api/me/loans').set('Authorization', `Bearer ${b.token}`).send(body).expect(201);
      loans.push({ id: res.body.id, type, amount, borrower: name });
    }
  }
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/loans: the react-admin list', () => {
  it('pages with the server total in Content-Range', async () => {
    const first = await list({ range: [0, 3], sort: ['amount', 'ASC'] });
    expect(first.headers['content-range']).toBe('loans 0-3/6');
    expect(first.body).toHaveLength(4);
    const second = await list({ range: [4, 7], sort: ['amount', 'ASC'] });
    expect(second.headers['content-range']).toBe('loans 4-5/6');
    const amounts = [...first.body, ...second.body].map((l: { amount: number }) => l.amount);
    expect(amounts).toEqual([...loans.map((l) => l.amount)].sort((a, b) => a - b));
    const past = await list({ range: [50, 74] });
    expect(past.body).toEqual([]);
    expect(past.headers['content-range']).toBe('loans */6');
  });

  it('sorts both ways on a documented field', async () => {
    const desc = (await list({ sort: ['amount', 'DESC'] })).body.map((l: { amount: number }) => l.amount);
    expect(desc).toEqual([...desc].sort((a: number, b: number) => b - a));
    const byType = (await list({ sort: ['type', 'ASC'] })).body.map((l: { type: string }) => l.type);
    expect(byType).toEqual(['EMI', 'EMI', 'EMI', 'salaryAdvance', 'salaryAdvance', 'salaryAdvance']);
  });

  it('filters by type and by queue, and the two combine', async () => {
    const emi = await list({ filter: { type: 'EMI' } });
    expect(emi.headers['content-range']).toBe('loans 0-2/3');
    expect(emi.body.every((l: { type: string }) => l.type === 'EMI')).toBe(true);
    expect((await list({ filter: { queue: 'new', type: 'salaryAdvance' } })).body).toHaveLength(3);
    expect((await list({ filter: { queue: 'applied' } })).body).toEqual([]);
  });

  it('searches borrower name, email, phone and loan id, case-insensitively, with % taken literally', async () => {
    const byName = (await list({ filter: { q: 'kavya' } })).body;
    expect(byName.map((l: { borrower: { name: string } }) => l.borrower.name)).toEqual(['Kavya Menon', 'Kavya Menon']);
    const email = byName[0].borrower.email as string;
    expect((await list({ filter: { q: email.slice(0, 12).toUpperCase() } })).body.length).toBeGreaterThanOrEqual(2);
    const phone = byName[0].borrower.phone as string;
    expect((await list({ filter: { q: phone.slice(-6) } })).body.map((l: { borrower: { name: string } }) => l.borrower.name)).toContain(
      'Kavya Menon',
    );
    const one = loans[3];
    expect((await list({ filter: { q: one.id.slice(0, 8) } })).body.map((l: { id: string }) => l.id)).toContain(one.id);
    expect((await list({ filter: { q: '100%' } })).body.map((l: { borrower: { name: string } }) => l.borrower.name)).toEqual([
      'Zoya 100% Khan',
      'Zoya 100% Khan',
    ]);
    expect((await list({ filter: { q: '0%' } })).body.every((l: { borrower: { name: string } }) => l.borrower.name.includes('0%'))).toBe(
      true,
    );
    expect((await list({ filter: { q: 'nobody-by-this-name' } })).headers['content-range']).toBe('loans */0');
  });

  it('lists a loan matched both by its borrower and by its id once, and counts it once', async () => {
    // One-letter hex words match borrowers' names or e-mails and loan ids alike: a loan matched both ways is one
    // match. The oracle: the same test in JavaScript over every loan.
    const db = t.app.get<Db>(DB);
    const rows = await db
      .selectFrom('loan_summaries as l')
      .innerJoin('loan_borrowers as b', 'b.user_id', 'l.borrower_id')
      .select(['l.id', 'b.name', 'b.email', 'b.phone'])
      .execute();
    let both = 0;
    for (const q of ['a', 'b', 'c', 'd', 'e', 'f', '7']) {
      const byBorrower = (r: (typeof rows)[number]) => [r.name, r.email, r.phone ?? ''].some((v) => v.toLowerCase().includes(q));
      const expected = rows.filter((r) => byBorrower(r) || r.id.includes(q)).map((r) => r.id);
      both += rows.filter((r) => byBorrower(r) && r.id.includes(q)).length;
      const page = await list({ filter: { q }, range: [0, 24] });
      expect(page.body.map((l: { id: string }) => l.id).sort()).toEqual([...expected].sort());
      expect(page.headers['content-range']).toBe(expected.length === 0 ? 'loans */0' : `loans 0-${expected.length - 1}/${expected.length}`);
    }
    expect(both).toBeGreaterThan(0);
  });

  it('answers getMany (filter by ids) and a created-at window', async () => {
    const ids = [loans[0].id, loans[5].id];
    const many = (await list({ filter: { id: ids } })).body.map((l: { id: string }) => l.id);
    expect(many.sort()).toEqual([...ids].sort());
    expect((await list({ filter: { createdFrom: '2000-01-01', createdTo: '2000-12-31' } })).body).toEqual([]);
    expect((await list({ filter: { createdFrom: new Date(Date.now() - 3_600_000).toISOString() } })).body).toHaveLength(6);
  });
});

describe("borrower names: lending's own copy, kept through identity's BorrowerDirectory", () => {
  const names = async (q: string) => (await list({ filter: { q } })).body.map((l: { borrower: { name: string } }) => l.borrower.name);

  it('shows and finds a borrower under the name they just changed to, and no longer under the old one', async () => {
    const b = await registerBorrower(t.http, 'Meera Iyer');
    const started = await t.http
      .post('/api/me/loans')
      .set('Authorization', `Bearer ${b.token}`)
      .send({ type: 'salaryAdvance', amount: 700_000 })
      .expect(201);
    expect(await names('meera iyer')).toEqual(['Meera Iyer']);
    await t.http.put('/api/me/profile').set('Authorization', `Bearer ${b.token}`).send({ name: 'Meera Pillai' }).expect(200);
    expect(await names('meera pillai')).toEqual(['Meera Pillai']);
    expect(await names('meera iyer')).toEqual([]);
    const detail = await t.http.get(`/api/admin/loans/${started.body.id}`).set('Authorization', `Bearer ${staff}`).expect(200);
    expect(detail.body.borrower.name).toBe('Meera Pillai');
  });

  it('fills the copy at start-up for a loan whose borrower it lacks, and when a borrower without a row starts a loan', async () => {
    const db = t.app.get<Db>(DB);
    const rohan = await registerBorrower(t.http, 'Rohan Desai');
    // As after migration 0009 on a database with borrowers and loans: no rows yet.
    const kavya = (await db.selectFrom('loan_summaries').select('borrower_id').where('id', '=', loans[0].id).executeTakeFirstOrThrow())
      .borrower_id;
    await db.deleteFrom('loan_borrowers').where('user_id', 'in', [kavya, rohan.user._id]).execute();
    expect(await names('kavya')).toEqual([]);
    expect(await t.app.get(LoanBorrowersRepository).fillMissing()).toBe(1);
    expect(await names('kavya')).toEqual(['Kavya Menon', 'Kavya Menon']);
    await t.http
      .post('/api/me/loans')
      .set('Authorization', `Bearer ${rohan.token}`)
      .send({ type: 'salaryAdvance', amount: 700_000 })
      .expect(201);
    expect(await names('rohan desai')).toEqual(['Rohan Desai']);
  });
});

describe('CORS for the frontends', () => {
  it('lets a dev-server origin send Range and read Content-Range, and gives another origin nothing', async () => {
    const preflight = await t.http
      .options('/api/admin/loans')
      .set('Origin', 'http://localhost:5173')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'range,authorization');
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Range/);
    const res = await t.http
      .get('/api/admin/loans')
      .set('Origin', 'http://localhost:5173')
      .set('Authorization', `Bearer ${staff}`)
      .expect(200);
    expect(res.headers['access-control-expose-headers']).toMatch(/Content-Range/);
    const evil = await t.http
      .get('/api/public/emi?principal=100000&annualRatePercent=12&months=12')
      .set('Origin', 'https://evil.example')
      .expect(200);
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });
});
