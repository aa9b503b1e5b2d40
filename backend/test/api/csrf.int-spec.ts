import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, expectProblem, loanIn, stateOf, storeCounts } from '../support/loan-api.js';
import { listen } from '../support/sockets.js';
import { ADMIN, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * CSRF (issue 9, item 3): the `token` cookie rides along on requests any site makes, so an unsafe method that only
 * the cookie authenticates must come from our own origin. Refused before any handler runs: nothing changes.
 */
const PUBLIC_URL = 'https://lending.example';
const DEV_ORIGIN = 'http://localhost:5173';
const EVIL = 'https://evil.example';

let t: TestApp;
let self: string;
let staffToken: string;
let staffCookie: string;
let borrower: { token: string; user: { _id: string } };

const cookieOf = (setCookie: unknown) => String((setCookie as string[]).find((c) => c.startsWith('token='))).split(';')[0];

beforeAll(async () => {
  t = await startTestApp('csrf', { PUBLIC_URL, CORS_ORIGINS: DEV_ORIGIN });
  self = await listen(t);
  const login = await t.http.post('/api/auth/login').send(ADMIN).expect(200);
  staffToken = login.body.token;
  staffCookie = cookieOf(login.headers['set-cookie']);
  borrower = await registerBorrower(t.http);
});

afterAll(async () => {
  await t?.close();
});

describe('an unsafe request authenticated by the cookie alone', () => {
  it.each([
    ['a foreign Origin', { Origin: EVIL }],
    ['no Origin at all', {}],
    ['Origin: null (sandboxed frame, data: URL)', { Origin: 'null' }],
    ['Sec-Fetch-Site: cross-site and no Origin', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'Sec-Fetch-Site': 'same-site', Origin: 'https://blog.lending.example' }],
    ['an Origin that only starts like ours', { Origin: `${PUBLIC_URL}.evil.example` }],
  ])('with %s is 403 csrf-refused and the loan does not move', async (_label, headers) => {
    const loan = await loanIn(t.http, 'applied', borrower.token, staffToken);
    const before = await storeCounts(t);
    const res = await t.http.post(`/api/admin/loans/${loan.id}/accept`).set('Cookie', staffCookie).set(headers).send({});
    const body = expectProblem(res, 403, 'csrf-refused');
    expect(body.message).toMatch(/cookie/);
    expect(await stateOf(t.http, staffToken, loan.id)).toBe('applied');
    expect(await storeCounts(t)).toEqual(before);
  });

  it('PUT, PATCH and DELETE are refused too, and change nothing', async () => {
    const login = await t.http
      .post('/api/auth/login')
      .send({ email: (await t.http.get('/api/me').set(bearer(borrower.token))).body.user.email, password: 'borrower-password' })
      .expect(200);
    borrower.token = login.body.token;
    const cookie = cookieOf(login.headers['set-cookie']);
    const loan = await loanIn(t.http, 'new', borrower.token, staffToken);
    const before = await storeCounts(t);
    expectProblem(
      await t.http.patch(`/api/me/loans/${loan.id}`).set('Cookie', cookie).set('Origin', EVIL).send({ amount: 2_000_000 }),
      403,
      'csrf-refused',
    );
    expectProblem(
      await t.http.put('/api/me/profile').set('Cookie', cookie).set('Origin', EVIL).send({ name: 'Mallory' }),
      403,
      'csrf-refused',
    );
    const victim = await t.http
      .post('/api/admin/users')
      .set(bearer(staffToken))
      .send({ name: 'Vic Tim', email: `vic${Date.now()}@test.local`, password: 'victim-password', roleId: 'viewer' })
      .expect(201);
    expectProblem(
      await t.http.delete(`/api/admin/users/${victim.body.id}`).set('Cookie', staffCookie).set('Origin', EVIL),
      403,
      'csrf-refused',
    );
    expect(await storeCounts(t)).toEqual(before);
    expect((await t.http.get('/api/me/profile').set(bearer(borrower.token)).expect(200)).body.name).not.toBe('Mallory');
    expect((await t.http.get(`/api/admin/users/${victim.body.id}`).set(bearer(staffToken)).expect(200)).body.status).toBe('active');
  });

  it('signing out cross-site with the cookie is refused and the session lives on', async () => {
    const login = await t.http.post('/api/auth/login').send(ADMIN).expect(200);
    staffToken = login.body.token;
    staffCookie = cookieOf(login.headers['set-cookie']);
    expectProblem(await t.http.post('/api/auth/logout').set('Cookie', staffCookie).set('Origin', EVIL), 403, 'csrf-refused');
    await t.http.get('/api/users/admin').set(bearer(staffToken)).expect(200);
  });
});

describe('our own pages', () => {
  it.each([
    ['Origin equal to the address the request was sent to', () => ({ Origin: self })],
    ['Origin equal to PUBLIC_URL', () => ({ Origin: PUBLIC_URL })],
    ['Origin in CORS_ORIGINS (a dev server)', () => ({ Origin: DEV_ORIGIN })],
    ['no Origin but Sec-Fetch-Site: same-origin', () => ({ 'Sec-Fetch-Site': 'same-origin' })],
  ])('%s: the cookie alone works', async (_label, headers) => {
    const loan = await loanIn(t.http, 'applied', borrower.token, staffToken);
    const res = await t.http.post(`/api/admin/loans/${loan.id}/accept`).set('Cookie', staffCookie).set(headers()).send({});
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('soft.pending');
  });

  it('safe methods with the cookie are not affected', async () => {
    await t.http.get('/api/users/admin').set('Cookie', staffCookie).set('Origin', EVIL).expect(200);
  });
});

describe('a bearer header', () => {
  it('passes from any origin, as today', async () => {
    const loan = await loanIn(t.http, 'applied', borrower.token, staffToken);
    const res = await t.http.post(`/api/admin/loans/${loan.id}/accept`).set(bearer(staffToken)).set('Origin', EVIL).send({});
    expect(res.status).toBe(200);
  });

  it('is what authenticates when a cookie is present too (never the cookie)', async () => {
    const loan = await loanIn(t.http, 'applied', borrower.token, staffToken);
    // The borrower's bearer with the staff cookie: the borrower is the caller, so the staff route is forbidden.
    expectProblem(
      await t.http
        .post(`/api/admin/loans/${loan.id}/accept`)
        .set(bearer(borrower.token))
        .set('Cookie', staffCookie)
        .set('Origin', EVIL)
        .send({}),
      403,
      'forbidden',
    );
    // A bad or empty bearer does not fall back to the cookie.
    expectProblem(
      await t.http
        .post(`/api/admin/loans/${loan.id}/accept`)
        .set('Authorization', 'Bearer not-a-token')
        .set('Cookie', staffCookie)
        .set('Origin', EVIL)
        .send({}),
      401,
      'unauthenticated',
    );
    expectProblem(
      await t.http
        .post(`/api/admin/loans/${loan.id}/accept`)
        .set('Authorization', 'Bearer')
        .set('Cookie', staffCookie)
        .set('Origin', EVIL)
        .send({}),
      401,
      'unauthenticated',
    );
    expect(await stateOf(t.http, staffToken, loan.id)).toBe('applied');
  });
});

describe('requests without credentials', () => {
  it('public endpoints work from any origin', async () => {
    await t.http.post('/api/auth/login').set('Origin', EVIL).send(ADMIN).expect(200);
    await t.http.post('/api/auth/forgot-password').set('Origin', EVIL).send({ email: 'nobody@example.com' }).expect(202);
  });
});
