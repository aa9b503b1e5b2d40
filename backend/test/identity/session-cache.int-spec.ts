import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { startTwoApiProcesses, type ApiProcess } from '../support/api-processes.js';
import { bearer, expectProblem } from '../support/loan-api.js';
import { waitFor } from '../support/wait-for.js';
import type { TestDatabase } from '../support/test-database.js';

/**
 * The per-process session cache across two API processes (separate OS processes on one database, as deployed): a
 * change made through A is refused by B on B's very next request, although B held the session in its cache. Each
 * case first shows that B's cache holds the session (so B would have answered from memory), then changes it on A.
 * No timing: the "next request" follows A's answer at once.
 */
let processes: Awaited<ReturnType<typeof startTwoApiProcesses>>;
let database: TestDatabase;
let a: ApiProcess;
let b: ApiProcess;
let admin: string;

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string; dev: string };
const sidOf = (token: string) => claimsOf(token).sid;
const devOf = (token: string) => claimsOf(token).dev;

beforeAll(async () => {
  processes = await startTwoApiProcesses('session-cache');
  ({ a, b, admin, database } = processes);
}, 120_000);

afterAll(async () => processes?.stop(), 60_000);

let counter = 0;
async function registerBorrowerOn(api: ApiProcess, deviceId = randomUUID()) {
  counter += 1;
  const unique = `${Date.now()}${counter}`;
  const email = `cache${unique}@example.com`;
  const res = await api.http
    .post('/api/auth/register')
    .send({ name: 'Asha Rao', email, phone: `+919${unique.slice(-9)}`, password: 'borrower-password', deviceId })
    .expect(201);
  return { token: res.body.token as string, email, deviceId };
}

async function staffOn(api: ApiProcess, roleId: string) {
  const email = `staff.${randomUUID().slice(0, 8)}@test.local`;
  const created = await api.http
    .post('/api/admin/users')
    .set(bearer(admin))
    .send({ name: 'Cache Staff', email, password: 'staff-password-1', roleId })
    .expect(201);
  const token = (await api.http.post('/api/auth/login').send({ email, password: 'staff-password-1' }).expect(200)).body.token as string;
  return { id: created.body.id as string, email, token };
}

async function roleOn(api: ApiProcess, permissions: string[]) {
  const res = await api.http
    .post('/api/admin/roles')
    .set(bearer(admin))
    .send({ name: `Role ${randomUUID().slice(0, 8)}`, permissions })
    .expect(201);
  return res.body.id as string;
}

/** B answers the token from its cache from now on: a request through B, then B's cache is asked. */
async function warmOnB(token: string, path: string) {
  await b.http.get(path).set(bearer(token)).expect(200);
  expect(await b.cache(sidOf(token))).toMatchObject({ usable: true, holds: true });
}

describe('two API processes, one database', () => {
  it('both caches are live (listening), so these tests exercise the cached path', async () => {
    expect(await a.cache()).toMatchObject({ usable: true });
    expect(await b.cache()).toMatchObject({ usable: true });
  });

  it('sign-out on A: the same token is refused on B on its very next request', async () => {
    for (let round = 0; round < 5; round++) {
      const borrower = await registerBorrowerOn(a);
      await warmOnB(borrower.token, '/api/me/profile');
      await a.http.post('/api/auth/logout').set(bearer(borrower.token)).expect(204);
      expectProblem(await b.http.get('/api/me/profile').set(bearer(borrower.token)), 401, 'session-revoked');
      expect(await b.cache(sidOf(borrower.token))).toMatchObject({ holds: true }); // read again, and kept as revoked
    }
  });

  it('device takeover on A: the first device is refused on B, the new one served', async () => {
    const borrower = await registerBorrowerOn(a);
    await warmOnB(borrower.token, '/api/me/profile');
    const phone = randomUUID();
    const second = await a.http
      .post('/api/auth/login')
      .send({ email: borrower.email, password: 'borrower-password', deviceId: phone })
      .expect(200);
    const refused = await b.http.get('/api/me/profile').set(bearer(borrower.token));
    expectProblem(refused, 401, 'session-superseded');
    expect(refused.body.detail).toContain('Someone else logged in!');
    await b.http.get('/api/me/profile').set(bearer(second.body.token)).expect(200);
  });

  it('a token regenerated on A: the older token is refused on B', async () => {
    const borrower = await registerBorrowerOn(a);
    await warmOnB(borrower.token, '/api/me/profile');
    const fresh = await a.http.post('/api/token/regenerate').set(bearer(borrower.token)).expect(200);
    expectProblem(await b.http.get('/api/me/profile').set(bearer(borrower.token)), 401, 'unauthenticated');
    await b.http.get('/api/me/profile').set(bearer(fresh.body.token)).expect(200);
  });

  it("a password change on A ends the staff member's other sessions on B", async () => {
    const member = await staffOn(a, 'viewer');
    // A second tab on the same device: a session of its own, which the change keeps (it is the caller's).
    const otherTab = (
      await a.http
        .post('/api/auth/login')
        .send({ email: member.email, password: 'staff-password-1', deviceId: devOf(member.token) })
        .expect(200)
    ).body.token as string;
    await warmOnB(member.token, '/api/admin/loans');
    await warmOnB(otherTab, '/api/admin/loans');
    await a.http
      .post('/api/admin/profile/password')
      .set(bearer(otherTab))
      .send({ currentPassword: 'staff-password-1', newPassword: 'staff-password-2' })
      .expect(200);
    expectProblem(await b.http.get('/api/admin/loans').set(bearer(member.token)), 401, 'session-revoked');
    await b.http.get('/api/admin/loans').set(bearer(otherTab)).expect(200);
  });

  it('a permission removed from a role on A: B refuses the guarded route on the next request, and serves it again once restored', async () => {
    const roleId = await roleOn(a, ['loans.view']);
    const member = await staffOn(a, roleId);
    await warmOnB(member.token, '/api/admin/loans');
    await a.http
      .put(`/api/admin/roles/${roleId}`)
      .set(bearer(admin))
      .send({ permissions: ['users.view'] })
      .expect(200);
    expectProblem(await b.http.get('/api/admin/loans').set(bearer(member.token)), 403, 'missing-permission');
    await b.http.get('/api/admin/users').set(bearer(member.token)).expect(200);
    await a.http
      .put(`/api/admin/roles/${roleId}`)
      .set(bearer(admin))
      .send({ permissions: ['loans.view'] })
      .expect(200);
    await b.http.get('/api/admin/loans').set(bearer(member.token)).expect(200);
  });

  it('a staff member moved to another role on A: B applies the new role on the next request', async () => {
    const without = await roleOn(a, ['users.view']);
    const member = await staffOn(a, 'viewer');
    await warmOnB(member.token, '/api/admin/loans');
    await a.http.put(`/api/admin/users/${member.id}`).set(bearer(admin)).send({ roleId: without }).expect(200);
    expectProblem(await b.http.get('/api/admin/loans').set(bearer(member.token)), 403, 'missing-permission');
  });

  it("a staff member disabled on A: the member's token is refused on B", async () => {
    const member = await staffOn(a, 'viewer');
    await warmOnB(member.token, '/api/admin/loans');
    await a.http.delete(`/api/admin/users/${member.id}`).set(bearer(admin)).expect(200);
    expectProblem(await b.http.get('/api/admin/loans').set(bearer(member.token)), 401, 'account-disabled');
  });

  it('a change made outside the API (SQL by an operator) reaches both caches too, as its notification arrives', async () => {
    const borrower = await registerBorrowerOn(a);
    await a.http.get('/api/me/profile').set(bearer(borrower.token)).expect(200);
    await warmOnB(borrower.token, '/api/me/profile');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(`UPDATE sessions SET revoked_at = now(), revoked_reason = 'logout' WHERE id = $1`, [sidOf(borrower.token)]);
    } finally {
      await client.end();
    }
    // No API handler waited for the processes to confirm here (settle), so this is "as soon as it is delivered".
    await waitFor(
      async () => !(await a.cache(sidOf(borrower.token))).holds && !(await b.cache(sidOf(borrower.token))).holds,
      'both caches to drop the session',
    );
    expectProblem(await a.http.get('/api/me/profile').set(bearer(borrower.token)), 401, 'session-revoked');
    expectProblem(await b.http.get('/api/me/profile').set(bearer(borrower.token)), 401, 'session-revoked');
  });

  it("B's listening connection killed, then a sign-out on A while B may be reconnecting: B still refuses the token", async () => {
    const borrower = await registerBorrowerOn(a);
    await warmOnB(borrower.token, '/api/me/profile');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      // Ends B's LISTEN connection and waits until it is gone: B cannot have heard what comes next on it.
      const killed = await client.query(
        `SELECT pg_terminate_backend(pid, 5000) AS ok FROM pg_stat_activity WHERE application_name LIKE $1`,
        [`listen:access_changed:${b.pid}-%`],
      );
      expect(killed.rows).toEqual([{ ok: true }]);
    } finally {
      await client.end();
    }
    await a.http.post('/api/auth/logout').set(bearer(borrower.token)).expect(204);
    expectProblem(await b.http.get('/api/me/profile').set(bearer(borrower.token)), 401, 'session-revoked');
    // Whether or not B is listening again by now, it holds nothing it could not vouch for.
    const later = await registerBorrowerOn(a);
    await b.http.get('/api/me/profile').set(bearer(later.token)).expect(200);
  });
});
