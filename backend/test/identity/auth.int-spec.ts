import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { bearer, expectFieldProblem, expectProblem } from '../support/loan-api.js';
import { authResultSchema } from '../../src/identity/http/auth-response.schemas.js';
import { ADMIN, loginStaff, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

const JWT_SECRET = 'test-secret-0123456789abcdef'; // the secret startTestApp configures
const DAY = 24 * 60 * 60;

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp('auth');
});

afterAll(async () => {
  await t?.close();
});

let seq = 0;
function newPerson() {
  seq += 1;
  const n = `${Date.now() % 1_000_000_000}${seq}`.slice(-9).padStart(9, '0');
  return { name: 'Meera Iyer', email: `meera.${n}@example.com`, phone: `+917${n}`, password: 'correct horse battery' };
}

async function userCount(): Promise<number> {
  const r = await sql<{ n: string }>`SELECT count(*) AS n FROM users`.execute(t.runtime.db);
  return Number(r.rows[0].n);
}

const b64url = (value: object | Buffer) => (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

/** An HS256 JWT made by hand, so tests can forge expired, foreign-secret and unsigned tokens. */
function jwt(payload: Record<string, unknown>, secret = JWT_SECRET, alg = 'HS256'): string {
  const head = `${b64url({ alg, typ: 'JWT' })}.${b64url(payload)}`;
  if (alg === 'none') return `${head}.`;
  return `${head}.${b64url(createHmac('sha256', secret).update(head).digest())}`;
}

function tokenCookie(setCookie: string[] | string | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const cookie = all.find((c) => c.startsWith('token='));
  expect(cookie).toBeDefined();
  return cookie!;
}

describe('POST /api/auth/register', () => {
  it('registers a borrower: 201 {token, user}, no password hash in the answer', async () => {
    const person = newPerson();
    const res = await t.http.post('/api/auth/register').send(person).expect(201);
    expect(res.body.user).toEqual({
      _id: expect.any(String),
      id: res.body.user._id,
      role: 'borrower',
      name: person.name,
      email: person.email,
      phone: person.phone,
      emailVerified: false,
      status: 'active',
      roleId: null,
      permissions: [],
      createdAt: expect.any(String),
    });
    expect(res.body.deviceId).toEqual(expect.any(String));
    expect(res.text).not.toMatch(/argon2|password/i);
    expect(res.body.token.split('.')).toHaveLength(3);
    authResultSchema.parse(res.body);
    const me = await t.http.get('/api/me/loans').set(bearer(res.body.token)).expect(200);
    expect(me.body).toEqual([]);
  });

  it('lists every bad field and creates nobody', async () => {
    const before = await userCount();
    const res = await t.http.post('/api/auth/register').send({ name: 'A', email: 'not-an-email', phone: '12345', password: 'short' });
    const fields = expectFieldProblem(res, ['name', 'email', 'phone', 'password'], 'validation-failed');
    expect(fields.map((f) => f.name).sort()).toEqual(['email', 'name', 'password', 'phone']);
    expect(fields.find((f) => f.name === 'password')!.message).toBe('must be at least 8 characters');
    expect(fields.find((f) => f.name === 'email')!.message).toBe('must be a valid email address');
    expect(await userCount()).toBe(before);
  });

  it('an empty body names all four fields', async () => {
    const res = await t.http.post('/api/auth/register').send({});
    const fields = expectFieldProblem(res, ['name', 'email', 'phone', 'password'], 'validation-failed');
    expect(fields).toHaveLength(4);
  });

  it('a role in the body is refused by name: nobody registers as staff', async () => {
    const person = newPerson();
    const res = await t.http
      .post('/api/auth/register')
      .send({ ...person, role: 'staff' })
      .expect(400);
    expect(res.body.fields).toEqual([{ name: 'role', message: 'is not a field of this request' }]);
    await t.http.post('/api/auth/login').send({ email: person.email, password: person.password }).expect(401);
    const registered = await t.http.post('/api/auth/register').send(person).expect(201);
    expect(registered.body.user.role).toBe('borrower');
    await t.http.get('/api/users/admin').set(bearer(registered.body.token)).expect(403);
  });

  it('a duplicate email (in any case) is 409 naming email', async () => {
    const first = newPerson();
    await t.http.post('/api/auth/register').send(first).expect(201);
    const before = await userCount();
    const res = await t.http.post('/api/auth/register').send({ ...newPerson(), email: first.email.toUpperCase() });
    const body = expectProblem(res, 409, 'already-registered');
    expect(body.fields).toEqual([{ name: 'email', message: expect.stringMatching(/email is already registered/) }]);
    expect(await userCount()).toBe(before);
  });

  it('a duplicate phone is 409 naming phone', async () => {
    const first = newPerson();
    await t.http.post('/api/auth/register').send(first).expect(201);
    const before = await userCount();
    const res = await t.http.post('/api/auth/register').send({ ...newPerson(), phone: first.phone });
    const body = expectProblem(res, 409, 'already-registered');
    expect(body.fields).toEqual([{ name: 'phone', message: expect.stringMatching(/phone is already registered/) }]);
    expect(await userCount()).toBe(before);
  });

  it('a phone written with spaces and dashes is the same phone, to register and to sign in', async () => {
    const person = newPerson();
    const spaced = `${person.phone.slice(0, 3)} ${person.phone.slice(3, 8)}-${person.phone.slice(8)}`;
    const res = await t.http
      .post('/api/auth/register')
      .send({ ...person, phone: spaced })
      .expect(201);
    expect(res.body.user.phone).toBe(person.phone);
    expectProblem(await t.http.post('/api/auth/register').send({ ...newPerson(), phone: person.phone }), 409, 'already-registered');
    await t.http
      .post('/api/auth/login')
      .send({ phone: `(${person.phone.slice(0, 3)}) ${person.phone.slice(3)}`, password: person.password })
      .expect(200);
  });
});

describe('POST /api/auth/login', () => {
  const person = newPerson();
  let userId: string;

  beforeAll(async () => {
    userId = (await t.http.post('/api/auth/register').send(person).expect(201)).body.user._id;
  });

  it('by email (case-insensitive) and by phone, on the same device', async () => {
    const deviceId = `device-${randomUUID()}`;
    const byEmail = await t.http
      .post('/api/auth/login')
      .send({ email: person.email.toUpperCase(), password: person.password, deviceId })
      .expect(200);
    expect(byEmail.body.user).toEqual(expect.objectContaining({ _id: userId, role: 'borrower', email: person.email }));
    expect(byEmail.body.deviceId).toBe(deviceId);
    const byPhone = await t.http.post('/api/auth/login').send({ phone: person.phone, password: person.password, deviceId }).expect(200);
    expect(byPhone.body.user._id).toBe(userId);
    for (const res of [byEmail, byPhone]) {
      authResultSchema.parse(res.body);
      expect(res.text).not.toMatch(/argon2|passwordHash|password_hash/);
      await t.http.get('/api/me/loans').set(bearer(res.body.token)).expect(200);
    }
  });

  it('a wrong password and an unknown account get the same 401 problem, and no cookie', async () => {
    const wrong = await t.http.post('/api/auth/login').send({ email: person.email, password: 'wrong password!' });
    const unknown = await t.http.post('/api/auth/login').send({ email: `nobody.${randomUUID()}@example.com`, password: person.password });
    const unknownPhone = await t.http.post('/api/auth/login').send({ phone: '+919999000001', password: person.password });
    const a = expectProblem(wrong, 401, 'invalid-credentials');
    for (const other of [unknown, unknownPhone]) {
      const o = expectProblem(other, 401, 'invalid-credentials');
      expect({ ...o, instance: undefined }).toEqual({ ...a, instance: undefined });
    }
    for (const res of [wrong, unknown, unknownPhone]) {
      expect(res.body.token).toBeUndefined();
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('needs exactly one of email and phone, and a password', async () => {
    expectFieldProblem(await t.http.post('/api/auth/login').send({ password: person.password }), ['email'], 'validation-failed');
    expectFieldProblem(
      await t.http.post('/api/auth/login').send({ email: person.email, phone: person.phone, password: person.password }),
      ['email'],
      'validation-failed',
    );
    expectFieldProblem(await t.http.post('/api/auth/login').send({ email: person.email }), ['password'], 'validation-failed');
    expectFieldProblem(await t.http.post('/api/auth/login').send({ email: 'nope', password: 'x' }), ['email'], 'validation-failed');
  });

  it('sets the token cookie: HttpOnly, SameSite=Lax, Path=/, Max-Age 180 days', async () => {
    const res = await t.http.post('/api/auth/login').send({ email: person.email, password: person.password }).expect(200);
    const cookie = tokenCookie(res.headers['set-cookie']);
    expect(cookie.startsWith(`token=${res.body.token};`)).toBe(true);
    const attrs = cookie.split(';').map((p) => p.trim());
    expect(attrs).toContain('HttpOnly');
    expect(attrs).toContain('SameSite=Lax');
    expect(attrs).toContain('Path=/');
    expect(attrs).not.toContain('Secure'); // only in production
    const maxAge = Number(attrs.find((a) => a.startsWith('Max-Age='))!.split('=')[1]);
    expect(Math.abs(maxAge - 180 * DAY)).toBeLessThanOrEqual(5);
    const expires = Date.parse(attrs.find((a) => a.startsWith('Expires='))!.slice('Expires='.length));
    expect(Math.abs(expires - (Date.now() + 180 * DAY * 1000))).toBeLessThan(60_000);
    // The token itself lives as long as the cookie.
    const payload = JSON.parse(Buffer.from(res.body.token.split('.')[1], 'base64url').toString());
    expect(payload).toEqual(expect.objectContaining({ sub: userId, role: 'borrower' }));
    expect(Math.abs(payload.exp - payload.iat - 180 * DAY)).toBeLessThanOrEqual(1);
  });

  it('registration sets the same cookie', async () => {
    const res = await t.http.post('/api/auth/register').send(newPerson()).expect(201);
    const cookie = tokenCookie(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('the cookie alone authenticates a request', async () => {
    const res = await t.http.post('/api/auth/login').send({ phone: person.phone, password: person.password }).expect(200);
    const pair = tokenCookie(res.headers['set-cookie']).split(';')[0];
    const mine = await t.http.get('/api/me/loans').set('Cookie', pair).expect(200);
    expect(mine.body).toEqual([]);
    // A write with the cookie alone must come from our own pages (CSRF): a browser says so with Sec-Fetch-Site.
    const started = await t.http
      .post('/api/me/loans')
      .set('Cookie', pair)
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ type: 'salaryAdvance', amount: 1_000_000 })
      .expect(201);
    expect(started.body.borrowerId).toBe(userId);
  });
});

describe('tokens that must not work: 401 problem', () => {
  let borrowerId: string;
  let claims: Record<string, unknown>;
  beforeAll(async () => {
    const borrower = await registerBorrower(t.http);
    borrowerId = borrower.user._id;
    claims = JSON.parse(Buffer.from(borrower.token.split('.')[1], 'base64url').toString());
  });

  const now = () => Math.floor(Date.now() / 1000);
  const cases: [string, () => string][] = [
    ['expired', () => jwt({ sub: borrowerId, role: 'borrower', iat: now() - 2 * DAY, exp: now() - DAY })],
    [
      'signed with another secret',
      () => jwt({ sub: borrowerId, role: 'borrower', iat: now(), exp: now() + DAY }, 'some-other-secret-0123456789'),
    ],
    ['unsigned (alg none)', () => jwt({ sub: borrowerId, role: 'borrower', iat: now(), exp: now() + DAY }, '', 'none')],
    ['garbage', () => 'not.a.jwt'],
    ['empty', () => ''],
  ];

  it.each(cases)('%s, as a bearer token', async (_, token) => {
    const res = await t.http.get('/api/me/loans').set('Authorization', `Bearer ${token()}`);
    expectProblem(res, 401, 'unauthenticated');
  });

  it.each(cases.filter(([name]) => name !== 'empty'))('%s, as the cookie', async (_, token) => {
    const res = await t.http.get('/api/me/loans').set('Cookie', `token=${token()}`);
    expectProblem(res, 401, 'unauthenticated');
  });

  it('a hand-made token with the right secret and a live session works (the control for the cases above)', async () => {
    const token = jwt({ ...claims, iat: now(), exp: now() + DAY });
    await t.http.get('/api/me/loans').set(bearer(token)).expect(200);
  });

  it('a correctly signed token without a session (sid) is 401: every token must name a live session', async () => {
    const token = jwt({ sub: borrowerId, role: 'borrower', iat: now(), exp: now() + DAY });
    expectProblem(await t.http.get('/api/me/loans').set(bearer(token)), 401, 'unauthenticated');
  });

  it("a correctly signed token naming someone else's session is 401", async () => {
    const other = await registerBorrower(t.http);
    const token = jwt({
      ...claims,
      sid: JSON.parse(Buffer.from(other.token.split('.')[1], 'base64url').toString()).sid,
      iat: now(),
      exp: now() + DAY,
    });
    expectProblem(await t.http.get('/api/me/loans').set(bearer(token)), 401, 'unauthenticated');
  });

  it('a valid staff token for a user that does not exist is 401 on /api/users/admin', async () => {
    const ghost = jwt({ sub: randomUUID(), role: 'staff', sid: randomUUID(), dev: 'device-x', tv: 1, iat: now(), exp: now() + DAY });
    expectProblem(await t.http.get('/api/users/admin').set(bearer(ghost)), 401, 'unauthenticated');
  });

  it('no token at all is 401', async () => {
    expectProblem(await t.http.get('/api/me/loans'), 401, 'unauthenticated');
    expectProblem(await t.http.get('/api/users/admin'), 401, 'unauthenticated');
  });
});

describe('staff', () => {
  it('the seeded staff user signs in (email in any case) and GET /api/users/admin answers {user:{_id}}', async () => {
    const res = await t.http.post('/api/auth/login').send({ email: ADMIN.email.toUpperCase(), password: ADMIN.password }).expect(200);
    expect(res.body.user).toEqual(expect.objectContaining({ _id: expect.any(String), role: 'staff', email: ADMIN.email }));
    const me = await t.http.get('/api/users/admin').set(bearer(res.body.token)).expect(200);
    expect(me.body).toEqual({
      user: expect.objectContaining({ _id: res.body.user._id, id: res.body.user._id, role: 'staff', email: ADMIN.email }),
    });
    expect(me.text).not.toMatch(/argon2|passwordHash|password_hash/);
    const pair = tokenCookie(res.headers['set-cookie']).split(';')[0];
    expect((await t.http.get('/api/users/admin').set('Cookie', pair).expect(200)).body.user._id).toBe(res.body.user._id);
  });

  it('the staff password is checked', async () => {
    expectProblem(
      await t.http.post('/api/auth/login').send({ email: ADMIN.email, password: 'not-the-admin-password' }),
      401,
      'invalid-credentials',
    );
  });

  it('GET /api/users/admin is 403 for a borrower', async () => {
    const borrower = await registerBorrower(t.http);
    const res = await t.http.get('/api/users/admin').set(bearer(borrower.token));
    const body = expectProblem(res, 403, 'forbidden');
    expect(body.detail).toMatch(/staff/);
  });

  it('exactly one staff user was seeded', async () => {
    await loginStaff(t.http);
    const r = await sql<{ n: string }>`SELECT count(*) AS n FROM users WHERE role = 'staff'`.execute(t.runtime.db);
    expect(Number(r.rows[0].n)).toBe(1);
  });
});
