import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { PasswordHasher } from '../../src/identity/users/password-hasher.js';
import { bearer, expectProblem } from '../support/loan-api.js';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.js';
import { describeWithRedis } from '../support/describe-with-redis.js';

/**
 * Sign-in limits under a burst, on both counter stores (Redis, and PostgreSQL when no Redis is used). An attempt is
 * counted before its password is checked, atomically, so a flood of parallel guesses gets no more checks than the
 * limit allows; the owner's own device (one that signed in before) keeps its own tries through an attacker's flood.
 *
 * TRUST_PROXY=loopback lets each request name its client address in X-Forwarded-For, so a test can play a botnet
 * (every guess from another address) or one crowded address.
 */

const FAILURES = 5;
const LOGINS_PER_IP = 3;
const LIMITS = {
  RATE_LIMIT_LOGIN_FAILURES: String(FAILURES),
  RATE_LIMIT_LOGIN_FAILURES_PER_IP: '1000',
  RATE_LIMIT_LOGINS_PER_IP: String(LOGINS_PER_IP),
  TRUST_PROXY: 'loopback',
};

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps.reverse()) await app.close();
});

let addresses = 0;
/** A fresh client address, so the per-address limits of one request or test do not leak into another. */
const address = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};
const deviceId = () => `device-${randomUUID()}`;

function tally(responses: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

async function registerOwner(t: TestApp, device: string) {
  const unique = `${Date.now()}${randomBytes(3).toString('hex')}`;
  const email = `owner.${unique}@example.com`;
  await t.http
    .post('/api/auth/register')
    .send({
      name: 'Owner Person',
      email,
      phone: `+919${String(parseInt(unique.slice(-12), 16))
        .slice(-9)
        .padStart(9, '0')}`,
      password: 'owner-password',
      deviceId: device,
    })
    .expect(201);
  return { email, password: 'owner-password' };
}

for (const [store, backendEnv] of [
  ['Redis', {}],
  ['PostgreSQL', { QUEUE_BACKEND: 'postgres' }],
] as const)
  (store === 'Redis' ? describeWithRedis : describe)(`on ${store}`, () => {
    let t: TestApp;

    it('starts the API', async () => {
      t = await startTestApp('login_burst', { ...LIMITS, ...backendEnv });
      apps.push(t);
      expect(t.runtime.queue.kind).toBe(Object.keys(backendEnv).length ? 'postgres' : 'redis');
    });

    it('100 parallel wrong passwords for one account, each from another address: at most the limit are checked (401), the rest 429', async () => {
      const ownerDevice = deviceId();
      const owner = await registerOwner(t, ownerDevice);
      // The owner signs in once on their own device: it is now a known device of this account.
      await t.http
        .post('/api/auth/login')
        .set('X-Forwarded-For', address())
        .send({ ...owner, deviceId: ownerDevice })
        .expect(200);

      const flood = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          t.http
            .post('/api/auth/login')
            .set('X-Forwarded-For', address())
            .send({ email: owner.email, password: `guess-${i}` }),
        ),
      );
      const counts = tally(flood);
      expect(counts[401] ?? 0).toBeGreaterThanOrEqual(1);
      expect(counts[401] ?? 0).toBeLessThanOrEqual(FAILURES);
      expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(100);
      for (const r of flood.filter((r) => r.status === 429)) expectProblem(r, 429, 'too-many-requests');

      // The rightful owner, on the device that signed in before, still gets in...
      const back = await t.http
        .post('/api/auth/login')
        .set('X-Forwarded-For', address())
        .send({ ...owner, deviceId: ownerDevice })
        .expect(200);
      expect(back.body.deviceId).toBe(ownerDevice);
      // ...while the account stays locked for any other device, even with the right password.
      expectProblem(
        await t.http
          .post('/api/auth/login')
          .set('X-Forwarded-For', address())
          .send({ ...owner, deviceId: deviceId() }),
        429,
        'too-many-requests',
      );
      expectProblem(await t.http.post('/api/auth/login').set('X-Forwarded-For', address()).send(owner), 429, 'too-many-requests');
    });

    it('a known device id is not a master key: it has its own limited tries', async () => {
      const ownerDevice = deviceId();
      const owner = await registerOwner(t, ownerDevice);
      await t.http
        .post('/api/auth/login')
        .set('X-Forwarded-For', address())
        .send({ ...owner, deviceId: ownerDevice })
        .expect(200);
      const flood = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          t.http
            .post('/api/auth/login')
            .set('X-Forwarded-For', address())
            .send({ email: owner.email, password: `guess-${i}`, deviceId: ownerDevice }),
        ),
      );
      const counts = tally(flood);
      expect(counts[401] ?? 0).toBeLessThanOrEqual(FAILURES);
      expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(40);
      expectProblem(
        await t.http
          .post('/api/auth/login')
          .set('X-Forwarded-For', address())
          .send({ ...owner, deviceId: ownerDevice }),
        429,
        'too-many-requests',
      );
    });

    it('successful sign-ins are limited per address: then 429 before any password is checked, right or wrong', async () => {
      const crowded = address();
      const people = [];
      for (let i = 0; i <= LOGINS_PER_IP; i++) people.push(await registerOwner(t, deviceId()));
      for (const person of people.slice(0, LOGINS_PER_IP))
        await t.http.post('/api/auth/login').set('X-Forwarded-For', crowded).send(person).expect(200);
      const last = people[LOGINS_PER_IP];
      expectProblem(await t.http.post('/api/auth/login').set('X-Forwarded-For', crowded).send(last), 429, 'too-many-requests');
      // A wrong password gets the same answer: the refusal tells nothing about the pair.
      expectProblem(
        await t.http
          .post('/api/auth/login')
          .set('X-Forwarded-For', crowded)
          .send({ ...last, password: 'wrong-password' }),
        429,
        'too-many-requests',
      );
      // Another address is not affected.
      await t.http.post('/api/auth/login').set('X-Forwarded-For', address()).send(last).expect(200);
    });

    it('the staff password change counts wrong current passwords like sign-in failures, atomically', async () => {
      const from = address();
      const login = await t.http.post('/api/auth/login').set('X-Forwarded-For', from).send(ADMIN).expect(200);
      const token = login.body.token as string;
      const burst = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          t.http
            .post('/api/admin/profile/password')
            .set(bearer(token))
            .set('X-Forwarded-For', address())
            .send({ currentPassword: `guess-${i}-password`, newPassword: 'a-new-password-123' }),
        ),
      );
      const counts = tally(burst);
      expect(counts[400] ?? 0).toBeGreaterThanOrEqual(1);
      expect(counts[400] ?? 0).toBeLessThanOrEqual(FAILURES);
      expect((counts[400] ?? 0) + (counts[429] ?? 0)).toBe(30);
      // Locked: even the right current password waits, and the password is unchanged.
      expectProblem(
        await t.http
          .post('/api/admin/profile/password')
          .set(bearer(token))
          .set('X-Forwarded-For', from)
          .send({ currentPassword: ADMIN.password, newPassword: 'a-new-password-123' }),
        429,
        'too-many-requests',
      );
      await t.http.get('/api/admin/profile').set(bearer(token)).expect(200);
    });
  });

describe('argon2 runs with bounded concurrency', () => {
  let t: TestApp;
  let hasher: PasswordHasher;

  it('starts the API with two verifications at once and a line of four', async () => {
    t = await startTestApp('login_argon2', { ...LIMITS, ARGON2_MAX_CONCURRENCY: '2', ARGON2_MAX_QUEUE: '4' });
    apps.push(t);
    hasher = t.app.get(PasswordHasher, { strict: false });
    expect(hasher.gate.max).toBe(2);
  });

  it('a flood of sign-ins for many accounts never has more than two argon2 computations in flight; the overflow is 503 at once', async () => {
    hasher.resetPeak();
    const before = hasher.stats();
    const flood = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.http
          .post('/api/auth/login')
          .set('X-Forwarded-For', address())
          .send({ email: `nobody.${i}.${randomUUID()}@example.com`, password: 'guess-password' }),
      ),
    );
    const after = hasher.stats();
    const counts = tally(flood);
    expect(Object.keys(counts).sort()).toEqual(expect.arrayContaining(['401']));
    expect((counts[401] ?? 0) + (counts[503] ?? 0)).toBe(60);
    for (const r of flood.filter((r) => r.status === 503)) {
      expectProblem(r, 503, 'server-busy');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(after.peakInFlight).toBeGreaterThanOrEqual(1);
    expect(after.peakInFlight).toBeLessThanOrEqual(2);
    expect(after.completed - before.completed).toBe(counts[401]);
    expect(after.refused - before.refused).toBe(counts[503] ?? 0);
    expect(after.inFlight).toBe(0);
  });

  it('when every slot is busy and the line is full, a sign-in is answered 503 without being counted as a failure', async () => {
    const owner = await registerOwner(t, deviceId());
    // Hold both slots and fill the line, as a flood would.
    await hasher.gate.acquire();
    await hasher.gate.acquire();
    const waiting = Array.from({ length: 4 }, () => hasher.verify(undefined, 'x'));
    try {
      for (let turn = 0; turn < 1000 && hasher.stats().queued < 4; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(hasher.stats().queued).toBe(4);
      for (let i = 0; i < FAILURES + 2; i++) {
        const busy = await t.http
          .post('/api/auth/login')
          .set('X-Forwarded-For', address())
          .send({ email: owner.email, password: `guess-${i}` });
        expectProblem(busy, 503, 'server-busy');
      }
    } finally {
      hasher.gate.release();
      hasher.gate.release();
      await Promise.all(waiting);
    }
    // None of the refused attempts used up the account's tries: all of them are still there.
    for (let i = 0; i < FAILURES; i++)
      expectProblem(
        await t.http
          .post('/api/auth/login')
          .set('X-Forwarded-For', address())
          .send({ email: owner.email, password: `wrong-${i}` }),
        401,
        'invalid-credentials',
      );
    expectProblem(await t.http.post('/api/auth/login').set('X-Forwarded-For', address()).send(owner), 429, 'too-many-requests');
  });
});
