import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { EMAIL_QUEUE, SWEEP_EMAILS_JOB } from '../../src/communications/application/emails/email-delivery.js';
import { createDb, type Db } from '../../src/platform/database/database.js';
import { readEventLogId } from '../../src/platform/runtime.js';
import { describeWithRedis } from '../support/describe-with-redis.js';
import { startService, type ServiceProcess } from '../support/service-process.js';
import { ADMIN } from '../support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { waitFor } from '../support/wait-for.js';
import {
  auditLog,
  auditSideEffects,
  sendCommand,
  signWithCode,
  waitForSubscriptionsCaughtUp,
  type Sent,
  type Target,
} from './fault-harness.js';

/**
 * Issue 16, Redis down for 60 s. The test's own redis-server (a free port, no persistence) under the real API and a
 * worker (OS processes). Redis is stopped for 60 s while clients keep moving loans through the pipeline: every command
 * is answered 2xx, readiness stays 200 (the API serves without Redis: a Kubernetes Service keeps its pods) and names
 * Redis as degraded; Redis comes back empty (nothing was saved), readiness is plain `ready` again,
 * the schedules (the outbox sweeps) are back in it, and the notifications and emails of what happened meanwhile
 * are delivered, each once: the events are in PostgreSQL and the subscriptions carry on from their checkpoints.
 */
const OUTAGE_MS = 60_000;

let database: TestDatabase;
let db: Db;
let redis: ChildProcess | undefined;
let redisPort = 0;
let api: ServiceProcess | undefined;
let worker: ServiceProcess | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startRedis(): Promise<void> {
  redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  await waitFor(async () => {
    const probe = new Redis(`redis://127.0.0.1:${redisPort}`, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      probe.disconnect();
    }
  }, 'redis-server to answer');
}

async function stopRedis(): Promise<void> {
  const child = redis;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await gone;
}

beforeAll(async () => {
  database = await createTestDatabase('redis_outage');
  redisPort = await freePort();
  await startRedis();
});

afterAll(async () => {
  await api?.kill9();
  await worker?.kill9();
  await db?.destroy();
  await stopRedis();
  await database?.drop();
});

type Readiness = { status: number; body: { status?: string; degraded?: string[]; down?: string[] } };
async function readiness(target: Target): Promise<Readiness> {
  try {
    const res = await fetch(`${target.url}/api/health/ready`, { signal: AbortSignal.timeout(10_000) });
    return { status: res.status, body: (await res.json()) as Readiness['body'] };
  } catch {
    return { status: 0, body: {} };
  }
}

/** One loan of `borrower` from application to disbursal; every answer goes to `sent`. Stops at the first refusal. */
async function pipeline(target: Target, borrower: string, staff: string, sent: Sent[], tag: string): Promise<void> {
  const send = async (path: string, token: string, body: unknown) => {
    const answer = await sendCommand(target, 'POST', path, token, body, { command: `${tag} ${path.split('/').at(-1)}` });
    sent.push(answer);
    return answer;
  };
  const created = await send('/api/me/loans', borrower, { type: 'EMI', amount: 4_000_000, tenureMonths: 6 });
  if (created.status !== 201) return;
  const id = (created.body as { id: string }).id;
  let last: Sent | undefined;
  for (const [path, token, body] of [
    [`/api/me/loans/${id}/submit`, borrower, {}],
    [`/api/admin/loans/${id}/accept`, staff, {}],
    [`/api/admin/loans/${id}/approve-soft`, staff, { score: 720 }],
    [`/api/admin/loans/${id}/approve-bank`, staff, { method: 'penny-drop' }],
    [`/api/admin/loans/${id}/issue-agreement`, staff, {}],
  ] as const) {
    last = await send(path, token, body);
    if (last.status >= 300) return;
  }
  const { agreement } = last!.body as { agreement: { documentHash: string } };
  if ((await signWithCode(target, db, id, borrower, agreement.documentHash, (path, body) => send(path, borrower, body))).status >= 300)
    return;
  for (const [path, token, body] of [
    [`/api/admin/loans/${id}/approve-final`, staff, {}],
    [`/api/admin/loans/${id}/disburse`, staff, { payoutReference: `UTR-${id.slice(0, 8)}`, disbursedOn: '2026-11-21' }],
  ] as const) {
    if ((await send(path, token, body)).status >= 300) return;
  }
}

describeWithRedis(
  'Redis down for 60 s',
  () => {
    it('keeps commands succeeding, reports Redis down then up, and delivers what was caused meanwhile once it is back', async () => {
      const redisUrl = `redis://127.0.0.1:${redisPort}`;
      const env = {
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl,
        QUEUE_BACKEND: 'redis',
        WORKER_IN_PROCESS: 'false',
        BUSINESS_DATE_MODE: 'manual',
        EMAIL_SWEEP_INTERVAL_MS: '2000',
        EMAIL_STALE_AFTER_MS: '3000',
      };
      api = await startService('api', env);
      worker = await startService('worker', env);
      const target: Target = { url: api.url };
      db = createDb(database.url, 2);
      const keyPrefix = `lending:${await readEventLogId(db)}`;

      // Sign-in and registration count in Redis (rate limits): the clients sign in before the outage.
      const staff = ((await sendCommand(target, 'POST', '/api/auth/login', '', ADMIN)).body as { token: string }).token;
      expect((await sendCommand(target, 'PUT', '/api/admin/business-date', staff, { date: '2026-11-21' })).status).toBe(200);
      const borrowers: string[] = [];
      for (let i = 0; i < 3; i++) {
        const stamp = `${Date.now()}${i}`;
        const registered = await sendCommand(target, 'POST', '/api/auth/register', '', {
          name: `Outage Client ${i}`,
          email: `outage${stamp}@example.com`,
          phone: `+918${stamp.slice(-9)}`,
          password: 'borrower-password',
        });
        borrowers.push((registered.body as { token: string }).token);
        // The Bank section approve-bank reads (the development penny drop matches the holder with the borrower's name).
        const bank = { holderName: `Outage Client ${i}`, accountNumber: '123456789012', ifsc: 'HDFC0001234', accountType: 'savings' };
        expect((await sendCommand(target, 'PUT', '/api/me/profile/bank', borrowers[i], bank)).status).toBe(200);
      }
      const sent: Sent[] = [];
      await pipeline(target, borrowers[0], staff, sent, 'before');
      // Everything caused so far is delivered: a Redis without persistence must not take undelivered jobs with it.
      const before = await auditSideEffects(db, redisUrl, keyPrefix);
      expect(before.lost).toBe(0);
      expect(await readiness(target)).toEqual({ status: 200, body: { status: 'ready' } });

      await stopRedis();
      const stoppedAt = Date.now();
      await waitFor(async () => (await readiness(target)).body.degraded?.includes('redis') === true, 'readiness to name Redis as degraded');
      const whileDown = await readiness(target);

      // 60 s without Redis: clients keep applying and moving loans; every command must be answered 2xx.
      const during: Sent[] = [];
      await Promise.all(
        borrowers.map(async (borrower, n) => {
          while (Date.now() - stoppedAt < OUTAGE_MS - 2000) await pipeline(target, borrower, staff, during, `during-${n}`);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt))));
      const downForMs = Date.now() - stoppedAt;
      const noAnswerWhileDown = during.filter((s) => s.unanswered > 0).length;

      await startRedis();
      await waitFor(async () => (await readiness(target)).body.status === 'ready', 'readiness to be plain ready again');
      const afterRedis = await readiness(target);
      await waitForSubscriptionsCaughtUp(db, ['borrower-notifications', 'loan-emails']);
      const effects = await auditSideEffects(db, redisUrl, keyPrefix);
      const log = await auditLog(db, [...sent, ...during]);
      const connection = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      const emailQueue = new Queue(EMAIL_QUEUE, { connection, prefix: keyPrefix });
      const sweepScheduled = (await emailQueue.getJobScheduler(SWEEP_EMAILS_JOB)) !== undefined;
      await emailQueue.close();
      connection.disconnect();

      console.log(
        [
          `Redis down for ${downForMs} ms: readiness ${whileDown.status} ${JSON.stringify(whileDown.body)}, then ${afterRedis.status} ${JSON.stringify(afterRedis.body)}`,
          `commands while down ${during.length}, acknowledged ${during.filter((s) => s.status >= 200 && s.status < 300).length}, went unanswered at first ${noAnswerWhileDown}`,
          `all commands: sent ${log.sent}, acknowledged ${log.acknowledged}, found in the log ${log.foundInLog}, duplicates ${log.duplicates}, lost ${log.lost}`,
          `notifications expected ${effects.notificationsExpected}, written ${effects.notificationsWritten}; emails expected ${effects.emailsExpected}, delivered ${effects.emailsDelivered}; duplicated ${effects.duplicates}, lost ${effects.lost}; email sweep scheduled again ${sweepScheduled}`,
        ].join('\n'),
      );

      // Readiness depends on PostgreSQL only: Redis down is reported, not a reason to take the API out of service.
      expect(whileDown).toEqual({ status: 200, body: { status: 'degraded', degraded: ['redis'] } });
      expect(afterRedis).toEqual({ status: 200, body: { status: 'ready' } });
      expect(during.length).toBeGreaterThan(borrowers.length * 3);
      expect(
        during.filter((s) => s.status < 200 || s.status >= 300).map((s) => ({ command: s.command, status: s.status, body: s.body })),
      ).toEqual([]);
      expect(noAnswerWhileDown).toBe(0);
      expect(log).toEqual({ ...log, acknowledged: log.sent, foundInLog: log.sent, duplicates: 0, lost: 0 });
      expect(effects.notificationsExpected).toBeGreaterThan(before.notificationsExpected);
      expect(effects).toEqual({
        ...effects,
        notificationsWritten: effects.notificationsExpected,
        emailsWritten: effects.emailsExpected,
        emailsDelivered: effects.emailsExpected,
        duplicates: 0,
        lost: 0,
      });
      expect(sweepScheduled).toBe(true);
    }, 900_000);
  },
  { command: 'redis-server' },
);
