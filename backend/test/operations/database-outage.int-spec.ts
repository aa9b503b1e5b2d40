import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApi, initApi } from '../../src/app/create-api.js';
import { loadConfig } from '../../src/platform/config/config.js';
import { startEmbeddedPostgres, type RunningDatabase } from '../../src/platform/database/embedded-postgres.js';
import { createRuntime, type Runtime } from '../../src/platform/runtime.js';
import { deleteRedisKeys } from '../support/redis.js';
import { ADMIN, testEnv } from '../support/test-app.js';

/**
 * Issue 16: PostgreSQL goes away under a running API (its own cluster, stopped with a fast shutdown, then started
 * again on the same port). Signed-in requests, commands and sign-ins fail fast with 503 `service-unavailable` and
 * Retry-After, never 401 (the frontends sign the user out on a 401) nor 500; the API recovers without a restart.
 */
const FAIL_FAST_MS = 5000; // the bound on an answer during the outage

// Reachable by the postgres OS user (the cluster runs as it when the tests run as root), so the cluster stays in here.
const dataDir = mkdtempSync(path.join(tmpdir(), 'lending-outage-'));
chmodSync(dataDir, 0o755);
const queuePrefix = `test-outage-${randomBytes(4).toString('hex')}`;
let database: RunningDatabase | undefined;
let runtime: Runtime | undefined;
let app: INestApplication | undefined;
let http: ReturnType<typeof request>;
let port: number;

beforeAll(async () => {
  database = await startEmbeddedPostgres(dataDir, () => undefined);
  port = Number(new URL(database.url).port);
  runtime = await createRuntime(loadConfig(testEnv()), () => undefined, { databaseUrl: database.url, queuePrefix });
  app = await createApi(runtime, { logger: false });
  await initApi(app);
  http = request(app.getHttpServer());
}, 120_000);

afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await database?.stop();
  if (runtime?.queue.kind === 'redis') await deleteRedisKeys(`${queuePrefix}:*`);
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function timed(send: () => Promise<request.Response>): Promise<{ res: request.Response; ms: number }> {
  const started = Date.now();
  const res = await send();
  return { res, ms: Date.now() - started };
}

function expectUnavailable({ res, ms }: { res: request.Response; ms: number }) {
  expect({ status: res.status, type: res.body.type }).toEqual({ status: 503, type: 'service-unavailable' });
  expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(JSON.stringify(res.body)).not.toMatch(/\bat .+\.(js|ts):\d+/); // no stack trace
  expect(ms).toBeLessThan(FAIL_FAST_MS);
}

describe('PostgreSQL unavailable under a running API', () => {
  it('answers 503 service-unavailable with Retry-After within 5 s, never 401, and recovers when it is back', async () => {
    const token = (await http.post('/api/auth/login').send(ADMIN).expect(200)).body.token as string;
    await http.get('/api/admin/products').set(bearer(token)).expect(200);

    await database!.stop(); // fast shutdown: open connections are terminated (57P01), new ones refused
    database = undefined;

    expectUnavailable(await timed(() => http.get('/api/admin/products').set(bearer(token))));
    expectUnavailable(
      await timed(() => http.post('/api/admin/roles').set(bearer(token)).send({ name: 'During the outage', permissions: [] })),
    );
    // A second signed-in read, after the pool has lost every connection.
    expectUnavailable(await timed(() => http.get('/api/admin/roles').set(bearer(token))));
    // Signing in cannot check the password: unavailable, not "wrong password" nor "sign in required".
    expectUnavailable(await timed(() => http.post('/api/auth/login').send(ADMIN)));
    const health = await http.get('/api/health');
    expect({ status: health.status, body: health.body }).toEqual({ status: 503, body: { status: 'down' } });

    database = await startEmbeddedPostgres(dataDir, () => undefined, { port });
    // The same process and the same token work again once PostgreSQL is back (bounded polling, no restart).
    let status = 0;
    for (let attempt = 0; attempt < 60 && status !== 200; attempt++) {
      status = (await http.get('/api/admin/products').set(bearer(token))).status;
      if (status !== 200) {
        expect(status).toBe(503);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    expect(status).toBe(200);
    await http.post('/api/admin/roles').set(bearer(token)).send({ name: 'After the outage', permissions: [] }).expect(201);
    await http.get('/api/health').expect(200, { status: 'up' });
  }, 120_000);

  it('under load from 16 clients, restarted mid-load: every answer is 2xx or a fast 503 with Retry-After, never 401 nor 500', async () => {
    const token = (await http.post('/api/auth/login').send(ADMIN).expect(200)).body.token as string;
    type Answer = { status: number; ms: number; retryAfter?: string; type?: string; during: boolean };
    const answers: Answer[] = [];
    let down = false;
    let running = true;
    // Each client alternates a signed-in read and a command (creating a role), as staff at work would.
    const client = async (n: number) => {
      for (let i = 0; running; i++) {
        const during = down;
        const { res, ms } = await timed(() =>
          i % 2 === 0
            ? http.get('/api/admin/products').set(bearer(token))
            : http
                .post('/api/admin/roles')
                .set(bearer(token))
                .send({ name: `Load ${n}-${i}-${randomBytes(3).toString('hex')}`, permissions: [] }),
        );
        answers.push({ status: res.status, ms, retryAfter: res.headers['retry-after'], type: res.body?.type, during: during || down });
        if (res.status === 503) await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const clients = Array.from({ length: 16 }, (_, n) => client(n));
    const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

    await settle();
    down = true;
    await database!.stop();
    database = undefined;
    await settle();
    database = await startEmbeddedPostgres(dataDir, () => undefined, { port });
    down = false;
    // Load goes on until every client has been answered 2xx again for a while.
    const recoveredBy = Date.now() + 60_000;
    while (Date.now() < recoveredBy && answers.slice(-32).some((a) => a.status !== 200 && a.status !== 201)) await settle();
    await settle();
    running = false;
    await Promise.all(clients);

    const unavailable = answers.filter((a) => a.status === 503);
    const others = answers.filter((a) => ![200, 201, 503].includes(a.status));
    console.log(
      `database restarted mid-load: ${answers.length} answers from 16 clients, ${answers.length - unavailable.length - others.length} 2xx, ` +
        `${unavailable.length} 503 (slowest ${Math.max(0, ...unavailable.map((a) => a.ms))} ms), ${others.length} other`,
    );
    expect(others).toEqual([]); // no 401 (the frontends would sign staff out), no 500
    expect(unavailable.length).toBeGreaterThan(0);
    for (const a of unavailable) {
      expect({ type: a.type, retryAfter: Number(a.retryAfter) > 0, fast: a.ms < FAIL_FAST_MS }).toEqual({
        type: 'service-unavailable',
        retryAfter: true,
        fast: true,
      });
    }
    expect(answers.slice(-16).every((a) => a.status === 200 || a.status === 201)).toBe(true);
  }, 120_000);
});
