import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { bearer, expectFieldProblem, loanIn, storeCounts } from '../support/loan-api.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * A NUL character or an unpaired surrogate anywhere in a request used to reach PostgreSQL and answer 500 (found by
 * the API fuzz): a loan note, a name, a role, a list filter, a role id in the path. Each is a 400 naming the field
 * now, and nothing is stored.
 */

let t: TestApp;
let staff: string;
let borrower: string;

beforeAll(async () => {
  t = await startTestApp('unstorable');
  staff = await loginStaff(t.http);
  borrower = (await registerBorrower(t.http)).token;
});

afterAll(async () => {
  await t?.close();
});

it('loan notes with NUL or an unpaired surrogate are refused and append nothing', async () => {
  const loan = await loanIn(t.http, 'new', borrower, staff);
  const before = await storeCounts(t);
  expectFieldProblem(await t.http.post(`/api/admin/loans/${loan.id}/reject`).set(bearer(staff)).send({ reason: 'a\u0000b' }), ['reason']);
  const lone = await t.http
    .post(`/api/me/loans/${loan.id}/cancel`)
    .set(bearer(borrower))
    .set('Content-Type', 'application/json')
    .send('{"reason":"a\\ud800b"}');
  expectFieldProblem(lone, ['reason']);
  expect(await storeCounts(t)).toEqual(before);
  // Emoji are pairs of surrogates and stay welcome.
  expect((await t.http.post(`/api/me/loans/${loan.id}/cancel`).set(bearer(borrower)).send({ reason: 'changed my mind 😀' })).status).toBe(
    200,
  );
});

it('names, roles and sign-up fields with NUL are refused', async () => {
  expectFieldProblem(await t.http.put('/api/me/profile').set(bearer(borrower)).send({ name: 'a\u0000b' }), ['name']);
  expectFieldProblem(
    await t.http
      .post('/api/auth/register')
      .send({ name: 'Ab\u0000c', email: 'nul@example.com', phone: '+919999999990', password: 'password-1' }),
    ['name'],
  );
  expectFieldProblem(
    await t.http.post('/api/admin/roles').set(bearer(staff)).send({ name: 'Role x', description: 'd\u0000', permissions: [] }),
    ['description'],
  );
  expectFieldProblem(
    await t.http
      .post('/api/admin/users')
      .set(bearer(staff))
      .send({ name: 'Sta\u0000ff', email: 'st@test.local', password: 'password-1', roleId: 'viewer' }),
    ['name'],
  );
});

it('list filters and path ids with NUL are refused', async () => {
  expectFieldProblem(
    await t.http
      .get('/api/admin/loans')
      .query({ filter: JSON.stringify({ q: 'a\u0000' }) })
      .set(bearer(staff)),
    ['q'],
  );
  expectFieldProblem(
    await t.http
      .get('/api/admin/users')
      .query({ filter: JSON.stringify({ q: 'a\u0000' }) })
      .set(bearer(staff)),
    ['q'],
  );
  expectFieldProblem(
    await t.http
      .get('/api/admin/roles')
      .query({ filter: JSON.stringify({ id: 'a\u0000' }) })
      .set(bearer(staff)),
    ['id'],
  );
  expectFieldProblem(await t.http.get('/api/admin/roles/a%00b').set(bearer(staff)), ['id']);
});

it('an anonymous caller is still told to sign in first', async () => {
  expect((await t.http.get('/api/admin/roles/a%00b')).status).toBe(401);
});
