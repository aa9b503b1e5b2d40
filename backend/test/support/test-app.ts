import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApi, initApi, type ApiOptions } from '../../src/app/create-api.js';
import type { Clock } from '../../src/platform/clock.js';
import { loadConfig } from '../../src/platform/config/config.js';
import { createRuntime, type Runtime } from '../../src/platform/runtime.js';
import { deleteRedisKeys } from './redis.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export type TestApp = {
  app: INestApplication;
  http: ReturnType<typeof request>;
  runtime: Runtime;
  database: TestDatabase;
  close(): Promise<void>;
};

export const ADMIN = { email: 'admin@test.local', password: 'admin-test-password' };

/** The environment of a test API process: fast hashes, high abuse limits, the test admin; `env` overrides. */
export function testEnv(env: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ARGON2_MEMORY_KIB: '1024',
    JWT_SECRET: 'test-secret-0123456789abcdef',
    // Suites register and sign in many users from 127.0.0.1; the abuse-limit suites set their own, low limits.
    RATE_LIMIT_REGISTRATIONS_PER_IP: '100000',
    RATE_LIMIT_LOGIN_FAILURES_PER_IP: '100000',
    RATE_LIMIT_LOGINS_PER_IP: '100000',
    RATE_LIMIT_OTP_PER_IP: '100000',
    RATE_LIMIT_OTP_PER_PHONE: '100000',
    // Suites that submit applications without filling the profile; the profile suites name the sections they require.
    PROFILE_REQUIRED_SECTIONS: '',
    // Cheap hashes in tests: a line long enough that no suite's parallel requests meet a 503 (login-burst tests the bound).
    ARGON2_MAX_QUEUE: '1000',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    // A run without Redis (test-services.ts) keeps the queues on PostgreSQL even where a Redis happens to answer.
    ...(process.env.TEST_NO_REDIS ? { QUEUE_BACKEND: 'postgres' } : {}),
    ...env,
  };
}

/**
 * The real API on a fresh database and a private BullMQ prefix; nothing is mocked. `clock`: the time the application
 * reads (the CLOCK port, and today in the business time zone when the business date is automatic), e.g. `fixedClock`.
 */
export async function startTestApp(
  label: string,
  env: Record<string, string> = {},
  reuse?: { database?: TestDatabase; keepDatabase?: boolean; keyPrefix?: string },
  { clock, ...apiOptions }: Pick<ApiOptions, 'staticDirs'> & { clock?: Clock } = {},
): Promise<TestApp> {
  const database = reuse?.database ?? (await createTestDatabase(label, { migrated: true }));
  const config = loadConfig(testEnv(env));
  const queuePrefix = reuse?.keyPrefix ?? `test-${randomBytes(4).toString('hex')}`;
  const runtime = await createRuntime(config, () => undefined, { databaseUrl: database.url, queuePrefix, clock });
  const app = await createApi(runtime, { logger: false, ...apiOptions });
  await initApi(app);
  return {
    app,
    http: request(app.getHttpServer()),
    runtime,
    database,
    async close() {
      await app.close();
      await runtime.close();
      if (runtime.queue.kind === 'redis') await deleteRedisKeys(`${queuePrefix}:*`);
      if (!reuse?.keepDatabase) await database.drop();
    },
  };
}

/** A clock that stands still at `iso` until `set` moves it: what the application reads as the time. */
export function fixedClock(iso: string): Clock & { set(iso: string): void } {
  let at = new Date(iso);
  return {
    now: () => new Date(at),
    set(next: string) {
      at = new Date(next);
    },
  };
}

let counter = 0;
export async function registerBorrower(http: TestApp['http'], name = 'Asha Rao') {
  counter += 1;
  const unique = `${Date.now()}${counter}${Math.floor(Math.random() * 1000)}`;
  const res = await http
    .post('/api/auth/register')
    .send({ name, email: `borrower${unique}@example.com`, phone: `+919${unique.slice(-9)}`, password: 'borrower-password' })
    .expect(201);
  return { token: res.body.token as string, user: res.body.user as { _id: string; role: string } };
}

/**
 * Marks a user's email verified (migration 0060) as confirming the emailed code does: for tests whose subject is not
 * email verification but needs it, such as the documents sent on signing, which go only to a verified email.
 */
export async function markEmailVerified(t: TestApp, userId: string): Promise<void> {
  await t.runtime.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', userId).execute();
}

export async function loginStaff(http: TestApp['http']) {
  const res = await http.post('/api/auth/login').send(ADMIN).expect(200);
  return res.body.token as string;
}

/** A new staff member with a built-in role, created by `adminToken`, signed in: their token. */
export async function staffWithRole(http: TestApp['http'], adminToken: string, roleId: string): Promise<string> {
  const email = `staff.${randomBytes(4).toString('hex')}@test.local`;
  await http
    .post('/api/admin/users')
    .set('Authorization', `Bearer ${adminToken}`)
    .send({ name: `Staff ${roleId}`, email, password: 'staff-password-1', roleId })
    .expect(201);
  return (await http.post('/api/auth/login').send({ email, password: 'staff-password-1' }).expect(200)).body.token as string;
}
