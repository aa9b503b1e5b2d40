import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import { bearer, expectProblem } from '../support/loan-api.js';
import { registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';
import { describeWithRedis } from '../support/describe-with-redis.js';

/**
 * Abuse limits, on both counter stores: Redis (when the queues run on it) and PostgreSQL (when no Redis answers).
 * Two API processes on the same store share the counters, so a limit cannot be dodged by hitting another replica.
 */

const LIMITS = {
  RATE_LIMIT_LOGIN_FAILURES: '3',
  RATE_LIMIT_LOGIN_FAILURES_PER_IP: '1000',
  RATE_LIMIT_REGISTRATIONS_PER_IP: '3',
  RATE_LIMIT_PASSWORD_RESETS: '2',
  RATE_LIMIT_TOKEN_REGENERATIONS: '2',
};

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps.reverse()) await app.close();
});

function expectTooMany(res: Response): void {
  const body = expectProblem(res, 429, 'too-many-requests');
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
  expect(body.retryAfter).toBe(retryAfter);
  expect(body.detail).toMatch(/Try again in/);
}

for (const [store, backendEnv] of [
  ['Redis', {}],
  ['PostgreSQL', { QUEUE_BACKEND: 'postgres' }],
] as const)
  (store === 'Redis' ? describeWithRedis : describe)(`on ${store}`, () => {
    let a: TestApp;
    let b: TestApp;

    it('starts two API processes sharing one store', async () => {
      const keyPrefix = `test-rl-${randomBytes(4).toString('hex')}`;
      a = await startTestApp('rate_limits', { ...LIMITS, ...backendEnv }, { keyPrefix, keepDatabase: true });
      b = await startTestApp('rate_limits', { ...LIMITS, ...backendEnv }, { database: a.database, keyPrefix });
      apps.push(b, a);
      expect(a.runtime.queue.kind).toBe(Object.keys(backendEnv).length ? 'postgres' : 'redis');
    });

    it('sign-in: failures are counted per account across processes; then even the right password waits (429 + Retry-After)', async () => {
      const person = await registerBorrower(a.http);
      const email = (await a.http.get('/api/me').set(bearer(person.token)).expect(200)).body.user.email as string;
      expectProblem(await a.http.post('/api/auth/login').send({ email, password: 'wrong-1' }), 401, 'invalid-credentials');
      expectProblem(await b.http.post('/api/auth/login').send({ email, password: 'wrong-2' }), 401, 'invalid-credentials');
      expectProblem(
        await a.http.post('/api/auth/login').send({ email: email.toUpperCase(), password: 'wrong-3' }),
        401,
        'invalid-credentials',
      );
      expectTooMany(await b.http.post('/api/auth/login').send({ email, password: 'wrong-4' }));
      expectTooMany(await a.http.post('/api/auth/login').send({ email, password: 'borrower-password' }));
      // Another account from the same address is not locked by this one.
      const other = await registerBorrower(a.http);
      const otherEmail = (await a.http.get('/api/me').set(bearer(other.token)).expect(200)).body.user.email as string;
      await b.http.post('/api/auth/login').send({ email: otherEmail, password: 'borrower-password' }).expect(200);
    });

    it('a successful sign-in clears the failures of that account', async () => {
      const person = await registerBorrower(b.http);
      const email = (await b.http.get('/api/me').set(bearer(person.token)).expect(200)).body.user.email as string;
      for (const attempt of [1, 2])
        expectProblem(await a.http.post('/api/auth/login').send({ email, password: `wrong-${attempt}` }), 401, 'invalid-credentials');
      await a.http.post('/api/auth/login').send({ email, password: 'borrower-password' }).expect(200);
      for (const attempt of [3, 4])
        expectProblem(await b.http.post('/api/auth/login').send({ email, password: `wrong-${attempt}` }), 401, 'invalid-credentials');
      await b.http.post('/api/auth/login').send({ email, password: 'borrower-password' }).expect(200);
    });

    it('registration: a few accounts per address, then 429 and nobody is created', async () => {
      // Three borrowers were registered above from this address, through both processes; the limit is three per hour.
      const email = `late.${randomUUID().slice(0, 8)}@example.com`;
      expectTooMany(
        await a.http
          .post('/api/auth/register')
          .send({ name: 'Late Comer', email, phone: `+9199${Date.now() % 100_000_000}`.padEnd(13, '1'), password: 'borrower-password' }),
      );
      expectProblem(await a.http.post('/api/auth/login').send({ email, password: 'borrower-password' }), 401, 'invalid-credentials');
    });

    it('password reset requests: limited per address, with the same answer until then', async () => {
      const email = `reset.${randomUUID().slice(0, 8)}@example.com`;
      await a.http.post('/api/auth/forgot-password').send({ email }).expect(202);
      await b.http.post('/api/auth/forgot-password').send({ email }).expect(202);
      expectTooMany(await a.http.post('/api/auth/forgot-password').send({ email }));
    });

    it('token regeneration: limited per session', async () => {
      const login = await a.http.post('/api/auth/login').send({ email: 'admin@test.local', password: 'admin-test-password' }).expect(200);
      let token = login.body.token as string;
      for (const app of [a, b]) token = (await app.http.post('/api/token/regenerate').set(bearer(token)).expect(200)).body.token;
      expectTooMany(await a.http.post('/api/token/regenerate').set(bearer(token)));
      // The refusal did not end the session.
      await a.http.get('/api/users/admin').set(bearer(token)).expect(200);
    });
  });
