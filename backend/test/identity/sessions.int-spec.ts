import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { bearer, expectProblem } from '../support/loan-api.js';
import { connectPage, listen, refusedConnection, type PageSocket } from '../support/sockets.js';
import { ADMIN, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';

/**
 * Single-device sessions end to end, with two real socket.io clients standing in for two browsers: signing in on a
 * second device ends the first session on the server and tells its open page `device-changed`.
 */

let t: TestApp;
let baseUrl: string;
const pages: PageSocket[] = [];

beforeAll(async () => {
  t = await startTestApp('sessions');
  baseUrl = await listen(t);
});

afterAll(async () => {
  for (const p of pages) p.close();
  await t?.close();
});

const device = () => `device-${randomUUID()}`;
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string; dev: string; tv: number; sub: string };

async function page(token: string, deviceId: string) {
  const p = await connectPage(baseUrl, { token, deviceId });
  pages.push(p);
  return p;
}

async function presenceOf(userId: string) {
  const r = await sql<{ status: boolean; device: string | null }>`SELECT status, device FROM presence WHERE user_id = ${userId}`.execute(
    t.runtime.db,
  );
  return r.rows[0];
}

describe('device takeover', () => {
  it('a second sign-in revokes the first session, whose page receives device-changed', async () => {
    const person = await registerBorrower(t.http);
    const email = (await t.http.get('/api/me').set(bearer(person.token)).expect(200)).body.user.email as string;
    const laptop = device();
    const phone = device();

    const first = await t.http.post('/api/auth/login').send({ email, password: 'borrower-password', deviceId: laptop }).expect(200);
    const firstPage = await page(first.body.token, laptop);
    await t.http.get('/api/me/loans').set(bearer(first.body.token)).set('X-Device-Id', laptop).expect(200);
    await waitFor(async () => (await presenceOf(person.user._id))?.status === true, 'the user to be online', 10_000);
    expect(await presenceOf(person.user._id)).toEqual({ status: true, device: laptop });

    const second = await t.http.post('/api/auth/login').send({ email, password: 'borrower-password', deviceId: phone }).expect(200);
    expect(second.body.deviceId).toBe(phone);

    const told = await firstPage.next('device-changed');
    expect(told).toEqual({ device: phone, message: 'Someone else logged in!' });
    const refused = await t.http.get('/api/me/loans').set(bearer(first.body.token));
    expectProblem(refused, 401, 'session-superseded');
    expect(refused.body.detail).toContain('Someone else logged in!');
    // The cookie of the first browser is refused the same way.
    expectProblem(await t.http.get('/api/me/loans').set('Cookie', `token=${first.body.token}`), 401, 'session-superseded');
    await t.http.get('/api/me/loans').set(bearer(second.body.token)).expect(200);
    expect((await presenceOf(person.user._id))?.device).toBe(phone);

    // The superseded page cannot come back: its socket is refused with the same problem type.
    expect(await refusedConnection(baseUrl, { token: first.body.token, deviceId: laptop })).toMatchObject({
      type: 'session-superseded',
      status: 401,
    });
    const secondPage = await page(second.body.token, phone);
    expect(secondPage.socket.connected).toBe(true);
  });

  it('signing in again on the same device keeps the earlier session of that device (two tabs)', async () => {
    const person = await registerBorrower(t.http);
    const email = (await t.http.get('/api/me').set(bearer(person.token)).expect(200)).body.user.email as string;
    const laptop = device();
    const a = await t.http.post('/api/auth/login').send({ email, password: 'borrower-password', deviceId: laptop }).expect(200);
    const b = await t.http.post('/api/auth/login').send({ email, password: 'borrower-password', deviceId: laptop }).expect(200);
    await t.http.get('/api/me/loans').set(bearer(a.body.token)).expect(200);
    await t.http.get('/api/me/loans').set(bearer(b.body.token)).expect(200);
    // ...while the registration's own session (another, generated device) was superseded.
    expectProblem(await t.http.get('/api/me/loans').set(bearer(person.token)), 401, 'session-superseded');
  });

  it('a token presented with another device id header is refused', async () => {
    const person = await registerBorrower(t.http);
    await t.http.get('/api/me/loans').set(bearer(person.token)).set('X-Device-Id', claimsOf(person.token).dev).expect(200);
    expectProblem(await t.http.get('/api/me/loans').set(bearer(person.token)).set('X-Device-Id', device()), 401, 'device-mismatch');
  });

  it('the token names its session and device', async () => {
    const deviceId = device();
    const res = await t.http
      .post('/api/auth/login')
      .send({ ...ADMIN, deviceId })
      .expect(200);
    const claims = claimsOf(res.body.token);
    expect(claims).toEqual(expect.objectContaining({ sub: res.body.user._id, dev: deviceId, tv: 1, sid: expect.any(String) }));
    const row = await sql<{
      device_id: string;
      revoked_at: Date | null;
    }>`SELECT device_id, revoked_at FROM sessions WHERE id = ${claims.sid}`.execute(t.runtime.db);
    expect(row.rows[0]).toEqual({ device_id: deviceId, revoked_at: null });
  });
});

describe('logout', () => {
  it('ends the session on the server and clears the cookie; the token then fails everywhere', async () => {
    const person = await registerBorrower(t.http);
    const p = await page(person.token, claimsOf(person.token).dev);
    const res = await t.http.post('/api/auth/logout').set(bearer(person.token)).expect(204);
    expect(String(res.headers['set-cookie'])).toMatch(/token=;.*Expires=Thu, 01 Jan 1970/);
    expectProblem(await t.http.get('/api/me/loans').set(bearer(person.token)), 401, 'session-revoked');
    expect(await p.next('session-ended')).toEqual({ reason: 'logout' });
    await waitFor(async () => (await presenceOf(person.user._id))?.status === false, 'the user to be offline', 10_000);
  });

  it('without a valid token it still clears the cookie (204) and ends nothing', async () => {
    const res = await t.http.post('/api/auth/logout').set('Cookie', 'token=garbage').set('Sec-Fetch-Site', 'same-origin').expect(204);
    expect(String(res.headers['set-cookie'])).toMatch(/token=;/);
  });
});

describe('presence', () => {
  it('status is true while any page is connected and false when the last one drops; staff list who is online', async () => {
    const person = await registerBorrower(t.http);
    const dev = claimsOf(person.token).dev;
    const tab1 = await page(person.token, dev);
    const tab2 = await page(person.token, dev);
    await waitFor(async () => (await presenceOf(person.user._id))?.status === true, 'the user to be online', 10_000);
    const staff = (
      await t.http
        .post('/api/auth/login')
        .send({ ...ADMIN, deviceId: device() })
        .expect(200)
    ).body.token as string;
    const online = await t.http
      .get('/api/admin/presence')
      .query({ filter: JSON.stringify({ role: 'borrower' }) })
      .set(bearer(staff))
      .expect(200);
    expect(online.body.map((u: { id: string }) => u.id)).toContain(person.user._id);
    expect(online.headers['content-range']).toMatch(/^presence 0-\d+\/\d+$/);

    tab1.close();
    // One tab is still open: still online.
    await new Promise((r) => setTimeout(r, 300));
    expect((await presenceOf(person.user._id))?.status).toBe(true);
    tab2.close();
    await waitFor(async () => (await presenceOf(person.user._id))?.status === false, 'the user to be offline', 10_000);
    const after = await t.http.get('/api/admin/presence').set(bearer(staff)).expect(200);
    expect(after.body.map((u: { id: string }) => u.id)).not.toContain(person.user._id);
  });

  it('a socket without a valid token is refused', async () => {
    expect(await refusedConnection(baseUrl, { token: 'not-a-token' })).toMatchObject({ type: 'unauthenticated', status: 401 });
  });
});

describe('reload-device and token regeneration', () => {
  it("staff mark a user's device devicereload; the page gets device-reload, regenerates its token and the device is restored", async () => {
    const person = await registerBorrower(t.http);
    const dev = claimsOf(person.token).dev;
    const p = await page(person.token, dev);
    const staff = (
      await t.http
        .post('/api/auth/login')
        .send({ ...ADMIN, deviceId: device() })
        .expect(200)
    ).body.token as string;

    const marked = await t.http.post(`/api/admin/users/${person.user._id}/reload-device`).set(bearer(staff)).expect(200);
    expect(marked.body).toEqual({ id: person.user._id, device: 'devicereload' });
    expect(await p.next('device-reload')).toEqual({ device: 'devicereload' });
    expect((await presenceOf(person.user._id))?.device).toBe('devicereload');

    const fresh = await t.http.post('/api/token/regenerate').set(bearer(person.token)).expect(200);
    expect(Object.keys(fresh.body)).toEqual(['token']);
    expect(String(fresh.headers['set-cookie'])).toMatch(/token=.*Max-Age=15552000.*HttpOnly.*SameSite=Lax/);
    expect(claimsOf(fresh.body.token)).toEqual(expect.objectContaining({ sid: claimsOf(person.token).sid, dev, tv: 2 }));
    await t.http.get('/api/me/loans').set(bearer(fresh.body.token)).expect(200);
    // The replaced token no longer works; the device mark is back to the device id.
    expectProblem(await t.http.get('/api/me/loans').set(bearer(person.token)), 401, 'unauthenticated');
    expect((await presenceOf(person.user._id))?.device).toBe(dev);
  });

  it('regeneration needs a live session: anonymous and superseded callers are refused', async () => {
    expectProblem(await t.http.post('/api/token/regenerate'), 401, 'unauthenticated');
    const person = await registerBorrower(t.http);
    await t.http.post('/api/auth/logout').set(bearer(person.token)).expect(204);
    expectProblem(await t.http.post('/api/token/regenerate').set(bearer(person.token)), 401, 'session-revoked');
  });

  it('reload-device on an unknown user is 404; a borrower may not call it (403)', async () => {
    const staff = (
      await t.http
        .post('/api/auth/login')
        .send({ ...ADMIN, deviceId: device() })
        .expect(200)
    ).body.token as string;
    expectProblem(await t.http.post(`/api/admin/users/${randomUUID()}/reload-device`).set(bearer(staff)), 404, 'not-found');
    expectProblem(await t.http.post('/api/admin/users/not-a-uuid/reload-device').set(bearer(staff)), 400, 'validation-failed');
    const person = await registerBorrower(t.http);
    expectProblem(await t.http.post(`/api/admin/users/${person.user._id}/reload-device`).set(bearer(person.token)), 403, 'forbidden');
  });
});
