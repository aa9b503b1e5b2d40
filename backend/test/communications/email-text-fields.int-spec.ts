import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { bearer, expectFieldProblem, loanIn, storeCounts } from '../support/loan-api.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 9, item 12: text that can end up in an email (names, notes, references) refuses control characters, and
 * line breaks where one line is expected, with a 400 naming the field; nothing changes on refusal. Multi-line notes
 * keep their line breaks. Real PostgreSQL and Redis, through the HTTP API.
 */

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await startTestApp('email_text_fields');
  staff = await loginStaff(t.http);
});

afterAll(async () => {
  await t?.close();
});

const HEADER_INJECTION = 'Asha Rao\r\nBcc: everyone@example.com';
const NUL = 'Asha\u0000Rao';
const BIDI = 'Asha \u202Eoa\u202CR';

const usersNamed = async (like: string) =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM users WHERE email LIKE ${like}`.execute(t.runtime.db)).rows[0].n);

describe('single-line names', () => {
  it('registration refuses a name with CR LF, NUL or a bidi override, and creates no account', async () => {
    for (const [i, name] of [HEADER_INJECTION, NUL, BIDI, 'Asha\tRao', 'Asha Rao\n'].entries()) {
      const email = `ctl-${i}-${Date.now()}@example.com`;
      const res = await t.http
        .post('/api/auth/register')
        .send({ name, email, phone: `+9190000000${10 + i}`, password: 'borrower-password' });
      const fields = expectFieldProblem(res, ['name'], 'validation-failed');
      expect(fields).toHaveLength(1);
      expect(fields[0].message).toMatch(/single line|control characters|text-direction|tab characters|NUL character/);
      expect(await usersNamed(email)).toBe(0);
    }
  });

  it('PUT /api/me/profile refuses such a name and leaves the profile unchanged', async () => {
    const borrower = await registerBorrower(t.http, 'Meera Iyer');
    const before = (await t.http.get('/api/me/profile').set(bearer(borrower.token)).expect(200)).body;
    for (const name of [HEADER_INJECTION, NUL, BIDI]) {
      const fields = expectFieldProblem(
        await t.http.put('/api/me/profile').set(bearer(borrower.token)).send({ name, phone: '+919812345678' }),
        ['name'],
      );
      expect(fields.map((f) => f.name)).toEqual(['name']);
    }
    expect((await t.http.get('/api/me/profile').set(bearer(borrower.token)).expect(200)).body).toEqual(before);
  });

  it('staff profile, staff users and roles refuse such names; nothing changes', async () => {
    const me = (await t.http.get('/api/admin/profile').set(bearer(staff)).expect(200)).body;
    expectFieldProblem(await t.http.put('/api/admin/profile').set(bearer(staff)).send({ name: NUL }), ['name']);
    expect((await t.http.get('/api/admin/profile').set(bearer(staff)).expect(200)).body).toEqual(me);

    const email = `ctl-staff-${Date.now()}@example.com`;
    expectFieldProblem(
      await t.http
        .post('/api/admin/users')
        .set(bearer(staff))
        .send({ name: HEADER_INJECTION, email, password: 'staff-password-1', roleId: 'viewer' }),
      ['name'],
    );
    expect(await usersNamed(email)).toBe(0);

    const created = await t.http
      .post('/api/admin/users')
      .set(bearer(staff))
      .send({ name: 'Vikram Viewer', email, password: 'staff-password-1', roleId: 'viewer' })
      .expect(201);
    const id = created.body.id as string;
    expectFieldProblem(
      await t.http.put(`/api/admin/users/${id}`).set(bearer(staff)).send({ name: 'Vikram\nViewer', roleId: 'credit-officer' }),
      ['name'],
    );
    expect((await t.http.get(`/api/admin/users/${id}`).set(bearer(staff)).expect(200)).body).toMatchObject({
      name: 'Vikram Viewer',
      roleId: 'viewer',
    });

    const roles = (await t.http.get('/api/admin/roles').set(bearer(staff)).expect(200)).body.length;
    expectFieldProblem(
      await t.http
        .post('/api/admin/roles')
        .set(bearer(staff))
        .send({ name: 'Night\r\nshift', description: 'x', permissions: ['loans.view'] }),
      ['name'],
    );
    expectFieldProblem(
      await t.http
        .post('/api/admin/roles')
        .set(bearer(staff))
        .send({ name: 'Night shift', description: `reads ${BIDI}`, permissions: ['loans.view'] }),
      ['description'],
    );
    expect((await t.http.get('/api/admin/roles').set(bearer(staff)).expect(200)).body).toHaveLength(roles);
  });
});

describe('loan notes and references', () => {
  it('a note keeps its line breaks (\\r\\n stored as \\n) but refuses other control characters; nothing is appended on refusal', async () => {
    const borrower = await registerBorrower(t.http);
    const loan = await loanIn(t.http, 'applied', borrower.token, staff);

    const before = await storeCounts(t);
    expectFieldProblem(await t.http.post(`/api/admin/loans/${loan.id}/accept`).set(bearer(staff)).send({ reason: 'ok\u0000' }), ['reason']);
    expectFieldProblem(
      await t.http
        .post(`/api/admin/loans/${loan.id}/reject`)
        .set(bearer(staff))
        .send({ reason: `policy ${BIDI}` }),
      ['reason'],
    );
    expectFieldProblem(await t.http.post(`/api/me/loans/${loan.id}/cancel`).set(bearer(borrower.token)).send({ reason: 'bye\u0007' }), [
      'reason',
    ]);
    expect(await storeCounts(t)).toEqual(before);

    const accepted = await t.http
      .post(`/api/admin/loans/${loan.id}/accept`)
      .set(bearer(staff))
      .send({ reason: 'documents complete\r\nsalary slips checked' })
      .expect(200);
    expect(accepted.body.lastReason).toBe('documents complete\nsalary slips checked');
  });

  it('a payout reference is one line', async () => {
    const borrower = await registerBorrower(t.http);
    const loan = await loanIn(t.http, 'disbursal.pending', borrower.token, staff);
    const before = await storeCounts(t);
    expectFieldProblem(
      await t.http.post(`/api/admin/loans/${loan.id}/disburse`).set(bearer(staff)).send({ payoutReference: 'UTR-1\nUTR-2' }),
      ['payoutReference'],
    );
    expect(await storeCounts(t)).toEqual(before);
  });
});
