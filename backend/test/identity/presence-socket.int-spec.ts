import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer } from '../support/loan-api.js';
import { describeWithRedis } from '../support/describe-with-redis.js';
import { connectPage, listen, refusedConnection, type PageSocket } from '../support/sockets.js';
import { ADMIN, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';

/**
 * The presence socket's front door (issue 9, item 9): the handshake checks Origin, the cookie counts only from our
 * own origin, one session holds at most 10 sockets and one address at most PRESENCE_SOCKETS_PER_ADDRESS, and a
 * staff member who loses users.view stops hearing the staff room at once.
 */
const PUBLIC_URL = 'https://lending.example';
const EVIL = 'https://evil.example';
const PER_ADDRESS = 14;

let t: TestApp;
let baseUrl: string;
let admin: string;
const open: PageSocket[] = [];

beforeAll(async () => {
  t = await startTestApp('presence-socket', { PUBLIC_URL, PRESENCE_SOCKETS_PER_ADDRESS: String(PER_ADDRESS) });
  baseUrl = await listen(t);
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
});

afterEach(async () => {
  for (const p of open.splice(0)) p.close();
  // Places are given back when the server sees the sockets close.
  await new Promise((r) => setTimeout(r, 200));
});

afterAll(async () => {
  await t?.close();
});

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { dev: string };

async function page(token: string, headers?: Record<string, string>) {
  const p = await connectPage(baseUrl, { token, deviceId: claimsOf(token).dev }, { headers });
  open.push(p);
  return p;
}

describe('Origin', () => {
  it('a page of another site is refused (403 origin-refused), even with a valid token', async () => {
    const borrower = await registerBorrower(t.http);
    expect(await refusedConnection(baseUrl, { token: borrower.token }, { headers: { Origin: EVIL } })).toMatchObject({
      type: 'origin-refused',
      status: 403,
    });
    expect(await refusedConnection(baseUrl, { token: borrower.token }, { headers: { Origin: 'null' } })).toMatchObject({
      type: 'origin-refused',
      status: 403,
    });
  });

  it('our own origins connect: the address itself and PUBLIC_URL; no Origin (not a browser) with a token too', async () => {
    const borrower = await registerBorrower(t.http);
    await page(borrower.token, { Origin: baseUrl });
    await page(borrower.token, { Origin: PUBLIC_URL });
    await page(borrower.token);
  });

  it('the cookie counts only from our own origin: never cross-site, never without Origin', async () => {
    const borrower = await registerBorrower(t.http);
    const cookie = `token=${borrower.token}`;
    expect(await refusedConnection(baseUrl, {}, { headers: { Cookie: cookie, Origin: EVIL } })).toMatchObject({ type: 'origin-refused' });
    expect(await refusedConnection(baseUrl, {}, { headers: { Cookie: cookie } })).toMatchObject({ type: 'unauthenticated', status: 401 });
    const p = await connectPage(baseUrl, {}, { headers: { Cookie: cookie, Origin: baseUrl } });
    open.push(p);
    expect(await p.next('presence')).toMatchObject({ status: true });
  });
});

describe('caps', () => {
  it('one session holds at most 10 sockets: the 11th is refused (429) until one closes', async () => {
    const borrower = await registerBorrower(t.http);
    for (let i = 0; i < 10; i += 1) await page(borrower.token);
    expect(await refusedConnection(baseUrl, { token: borrower.token, deviceId: claimsOf(borrower.token).dev })).toMatchObject({
      type: 'too-many-connections',
      status: 429,
    });
    // Another session is not affected.
    const other = await registerBorrower(t.http);
    await page(other.token);
    open.shift()!.close();
    await waitFor(
      async () => {
        try {
          await page(borrower.token);
          return true;
        } catch {
          return false;
        }
      },
      'the closed socket to give its place back',
      5000,
    );
  });

  it('parallel connections of one session cannot overshoot the cap', async () => {
    const borrower = await registerBorrower(t.http);
    const attempts = await Promise.allSettled(Array.from({ length: 13 }, () => page(borrower.token)));
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(10);
  });

  it(`one address holds at most PRESENCE_SOCKETS_PER_ADDRESS (${PER_ADDRESS}) sockets across sessions`, async () => {
    for (let i = 0; i < PER_ADDRESS; i += 2) {
      const person = await registerBorrower(t.http);
      await page(person.token);
      await page(person.token);
    }
    const late = await registerBorrower(t.http);
    const refusal = await refusedConnection(baseUrl, { token: late.token, deviceId: claimsOf(late.token).dev });
    expect(refusal).toMatchObject({ type: 'too-many-connections', status: 429 });
    expect(refusal.detail).toMatch(/address/);
  });
});

describe('the staff room', () => {
  async function staffWithRole(permissions: string[]) {
    const role = await t.http
      .post('/api/admin/roles')
      .set(bearer(admin))
      .send({ name: `Watchers ${randomUUID().slice(0, 8)}`, permissions })
      .expect(201);
    const email = `watcher.${randomUUID().slice(0, 8)}@test.local`;
    const created = await t.http
      .post('/api/admin/users')
      .set(bearer(admin))
      .send({ name: 'Wanda Watcher', email, password: 'watcher-password', roleId: role.body.id })
      .expect(201);
    const token = (await t.http.post('/api/auth/login').send({ email, password: 'watcher-password' }).expect(200)).body.token as string;
    return { roleId: role.body.id as string, userId: created.body.id as string, token };
  }

  /** A borrower comes online; answers whether `watcher` heard it while `control` (the administrator) did. */
  async function hearsNextArrival(watcher: PageSocket, control: PageSocket): Promise<boolean> {
    const borrower = await registerBorrower(t.http);
    const arrived = (p: PageSocket) =>
      p.events.some((e) => e.name === 'presence' && (e.data as { userId?: string }).userId === borrower.user._id);
    await page(borrower.token);
    await waitFor(() => arrived(control), 'the administrator to hear the arrival', 5000);
    await new Promise((r) => setTimeout(r, 300));
    return arrived(watcher);
  }

  it('a role that loses users.view: its holders leave the staff room before the answer', async () => {
    const watcher = await staffWithRole(['users.view', 'loans.view']);
    const control = await page(admin);
    const watching = await page(watcher.token);
    expect(await hearsNextArrival(watching, control)).toBe(true);
    await t.http
      .put(`/api/admin/roles/${watcher.roleId}`)
      .set(bearer(admin))
      .send({ permissions: ['loans.view'] })
      .expect(200);
    expect(await hearsNextArrival(watching, control)).toBe(false);
  });

  it('a staff member moved to a role without users.view, or disabled, leaves the staff room before the answer', async () => {
    const watcher = await staffWithRole(['users.view', 'loans.view']);
    const reader = await t.http
      .post('/api/admin/roles')
      .set(bearer(admin))
      .send({ name: `Readers ${randomUUID().slice(0, 8)}`, permissions: ['loans.view'] })
      .expect(201);
    const control = await page(admin);
    const watching = await page(watcher.token);
    expect(await hearsNextArrival(watching, control)).toBe(true);
    await t.http.put(`/api/admin/users/${watcher.userId}`).set(bearer(admin)).send({ roleId: reader.body.id }).expect(200);
    expect(await hearsNextArrival(watching, control)).toBe(false);

    const second = await staffWithRole(['users.view']);
    const watching2 = await page(second.token);
    expect(await hearsNextArrival(watching2, control)).toBe(true);
    await t.http.put(`/api/admin/users/${second.userId}`).set(bearer(admin)).send({ status: 'disabled' }).expect(200);
    expect(await hearsNextArrival(watching2, control)).toBe(false);
  });
});

describe('online while a page is open', () => {
  const statusOf = async (userId: string) =>
    (await t.runtime.db.selectFrom('presence').select('status').where('user_id', '=', userId).executeTakeFirstOrThrow()).status;

  it('a page closing while another page of the same user connects leaves them online, every time', async () => {
    const borrower = await registerBorrower(t.http);
    for (let round = 0; round < 25; round += 1) {
      const leaving = await page(borrower.token);
      await leaving.next('presence');
      // The next page opens as the last one closes (a reload, or one tab closed as another opens).
      const [arriving] = await Promise.all([page(borrower.token), Promise.resolve(leaving.close())]);
      await arriving.next('presence');
      await new Promise((r) => setTimeout(r, 40));
      expect({ round, online: await statusOf(borrower.user._id) }).toEqual({ round, online: true });
      arriving.close();
      await waitFor(async () => !(await statusOf(borrower.user._id)), 'the borrower to go offline once no page is open', 5000);
      open.splice(0);
    }
  });
});

describeWithRedis('across API processes (Redis adapter)', () => {
  it('the session cap counts the sockets of every process', async () => {
    expect(t.runtime.queue.kind).toBe('redis');
    const second = await startTestApp(
      'presence-socket-2',
      { PUBLIC_URL },
      { database: t.database, keepDatabase: true, keyPrefix: t.runtime.keyPrefix },
    );
    try {
      const secondUrl = await listen(second);
      const borrower = await registerBorrower(t.http);
      const auth = { token: borrower.token, deviceId: claimsOf(borrower.token).dev };
      for (let i = 0; i < 6; i += 1) await page(borrower.token);
      for (let i = 0; i < 4; i += 1) open.push(await connectPage(secondUrl, auth));
      expect(await refusedConnection(secondUrl, auth)).toMatchObject({ type: 'too-many-connections', status: 429 });
      expect(await refusedConnection(baseUrl, auth)).toMatchObject({ type: 'too-many-connections', status: 429 });
    } finally {
      for (const p of open.splice(0)) p.close();
      await second.close();
    }
  });
});
