import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { createDb, type Db } from '../../src/platform/database/database.js';
import { readEventLogId } from '../../src/platform/runtime.js';
import { deleteRedisKeys } from '../support/redis.js';
import { describeWithRedis } from '../support/describe-with-redis.js';
import { runCli, startService, type ServiceProcess } from '../support/service-process.js';
import { ADMIN } from '../support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import {
  signWithCode,
  auditLog,
  auditSideEffects,
  sendCommand,
  waitForSubscriptionsCaughtUp,
  type Sent,
  type Target,
} from './fault-harness.js';

/**
 * Issue 16, kill -9 under load. The real API (src/main.ts) and a worker (src/worker.ts) run as OS processes, apart,
 * on a private database and Redis namespace (the event log's id). 16 clients send mixed commands, each with an
 * Idempotency-Key: applications and every pipeline move, payments, rejections, close of business. Meanwhile the API
 * is killed with SIGKILL, then the worker, then both, and each is started again; a client whose command went
 * unanswered sends it again with the same key. Afterwards: every acknowledged command is in the log exactly once, no
 * append is duplicated, the subscriptions reach the end of the log, each notification and email happened once, and
 * `projections:verify` (the CLI, a process of its own) finds the read models equal to a rebuild.
 */
const CLIENTS = 16;
const BUSINESS_DATE = '2026-11-21';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let database: TestDatabase;
let db: Db;
let env: Record<string, string>;
let api: ServiceProcess | undefined;
let worker: ServiceProcess | undefined;
let keyPrefix = '';
const target: Target = { url: '' };

beforeAll(async () => {
  database = await createTestDatabase('kill_under_load');
  env = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    QUEUE_BACKEND: 'redis',
    WORKER_IN_PROCESS: 'false',
    BUSINESS_DATE_MODE: 'manual',
    DATABASE_POOL_SIZE: '20',
    // A job whose worker died is taken up again within seconds, not BullMQ's default minute; lost enqueues are swept soon.
    QUEUE_LOCK_DURATION_MS: '5000',
    QUEUE_STALLED_INTERVAL_MS: '3000',
    EMAIL_SWEEP_INTERVAL_MS: '2000',
    EMAIL_STALE_AFTER_MS: '3000',
  };
});

afterAll(async () => {
  await api?.kill9();
  await worker?.kill9();
  await db?.destroy();
  if (keyPrefix) await deleteRedisKeys(`${keyPrefix}:*`);
  await database?.drop();
});

async function startApi(): Promise<void> {
  api = await startService('api', env);
  target.url = api.url;
}

/** One client's run: loans through the pipeline (some rejected or cancelled on the way), payments on those paid out. */
async function client(n: number, borrower: string, staff: string, until: { at: number }, sent: Sent[]): Promise<void> {
  const send = async (path: string, token: string, body: unknown, command: string) => {
    const answer = await sendCommand(target, 'POST', path, token, body, { command });
    sent.push(answer);
    return answer;
  };
  for (let round = 0; Date.now() < until.at; round++) {
    if (n === 0) {
      // Close of business has no key: a repeat for the same date appends nothing (the decider's guarantee).
      sent.push(await sendCommand(target, 'POST', '/api/admin/close-of-business', staff, {}, { command: 'close-of-business' }));
    }
    const created = await send('/api/me/loans', borrower, { type: 'EMI', amount: 5_000_000 + n * 1000 + round, tenureMonths: 6 }, 'start');
    if (created.status !== 201) return;
    const id = (created.body as { id: string }).id;
    const steps: [string, string, unknown][] = [
      [`/api/me/loans/${id}/submit`, borrower, {}],
      [`/api/admin/loans/${id}/accept`, staff, {}],
    ];
    const ending = (n + round) % 5;
    if (ending === 0) steps.push([`/api/admin/loans/${id}/reject`, staff, { reason: 'policy' }]);
    else if (ending === 1) steps.push([`/api/me/loans/${id}/cancel`, borrower, { reason: 'changed my mind' }]);
    else {
      steps.push(
        [`/api/admin/loans/${id}/approve-soft`, staff, { score: 700 + n }],
        [`/api/admin/loans/${id}/approve-bank`, staff, { method: 'penny-drop' }],
        [`/api/admin/loans/${id}/issue-agreement`, staff, {}],
      );
    }
    let last: Sent | undefined;
    for (const [path, token, body] of steps) {
      last = await send(path, token, body, path.split('/').at(-1)!);
      if (last.status >= 300) return;
    }
    if (ending <= 1) continue;
    const issued = last!.body as { agreement: { documentHash: string } };
    const signed = await signWithCode(target, db, id, borrower, issued.agreement.documentHash, (path, body) =>
      send(path, borrower, body, path.split('/').at(-1)!),
    );
    if (signed.status >= 300) return;
    const rest: [string, string, unknown][] = [
      [`/api/admin/loans/${id}/approve-final`, staff, {}],
      [`/api/admin/loans/${id}/disburse`, staff, { payoutReference: `UTR-${id.slice(0, 8)}`, disbursedOn: BUSINESS_DATE }],
      [`/api/admin/loans/${id}/payments`, staff, { amount: 100_00, paidOn: BUSINESS_DATE, method: 'cash', reference: '' }],
      [`/api/admin/loans/${id}/payments`, staff, { amount: 250_00, paidOn: BUSINESS_DATE, method: 'upi', reference: `UPI-${n}-${round}` }],
    ];
    for (const [path, token, body] of rest) {
      if ((await send(path, token, body, path.split('/').at(-1)!)).status >= 300) return;
    }
  }
}

describeWithRedis('kill -9 of the API and the worker under load', () => {
  it('loses no acknowledged command, applies every retried one once, and delivers each side effect once', async () => {
    await startApi();
    db = createDb(database.url, 2);
    keyPrefix = `lending:${await readEventLogId(db)}`;
    worker = await startService('worker', env);

    const staff = (await sendCommand(target, 'POST', '/api/auth/login', '', ADMIN)).body as { token: string };
    expect((await sendCommand(target, 'PUT', '/api/admin/business-date', staff.token, { date: BUSINESS_DATE })).status).toBe(200);
    const borrowers: string[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const stamp = `${Date.now()}${i}`;
      const registered = await sendCommand(target, 'POST', '/api/auth/register', '', {
        name: `Fault Client ${i}`,
        email: `fault${stamp}@example.com`,
        phone: `+919${stamp.slice(-9)}`,
        password: 'borrower-password',
      });
      expect(registered.status).toBe(201);
      borrowers.push((registered.body as { token: string }).token);
      // The Bank section approve-bank reads (the development penny drop matches the holder with the borrower's name).
      const bank = { holderName: `Fault Client ${i}`, accountNumber: '123456789012', ifsc: 'HDFC0001234', accountType: 'savings' };
      expect((await sendCommand(target, 'PUT', '/api/me/profile/bank', borrowers[i], bank)).status).toBe(200);
    }

    // Load from now until a few seconds after the last restart: the kills happen while it runs, each a few seconds
    // after the previous restart, so the run lasts about 4 x 3 s plus the restarts.
    const sent: Sent[] = [];
    const started = Date.now();
    const until = { at: Number.POSITIVE_INFINITY };
    const load = Promise.all(borrowers.map((b, n) => client(n, b, staff.token, until, sent)));
    load.catch(() => undefined); // awaited below; a client's error must not end the test process meanwhile
    const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const kills: string[] = [];
    // Progress on stderr as it happens (a slow machine shows where the time goes).
    const phase = (what: string) =>
      process.stderr.write(`[kill-under-load +${Date.now() - started} ms] ${what}; ${sent.length} answered\n`);
    await settle(3000);
    await api!.kill9();
    phase('API killed');
    kills.push(`API at ${Date.now() - started} ms (${sent.length} answered so far)`);
    await startApi();
    phase('API restarted');
    await settle(3000);
    await worker!.kill9();
    phase('worker killed');
    kills.push(`the worker at ${Date.now() - started} ms`);
    worker = await startService('worker', env);
    phase('worker restarted');
    await settle(3000);
    await Promise.all([api!.kill9(), worker!.kill9()]);
    phase('both killed');
    kills.push(`both at ${Date.now() - started} ms`);
    [worker] = await Promise.all([startService('worker', env), startApi()]);
    until.at = Date.now() + 3000;
    phase('both restarted');
    await load;
    const loadMs = Date.now() - started;
    phase('load over');

    const log = await auditLog(
      db,
      sent.filter((s) => s.command !== 'close-of-business'),
    );
    const closes = sent.filter((s) => s.command === 'close-of-business');
    await waitForSubscriptionsCaughtUp(db, ['borrower-notifications', 'loan-emails']);
    phase('subscriptions caught up');
    const effects = await auditSideEffects(db, redisUrl, keyPrefix);
    phase('side effects counted');
    const verify = await runCli(['projections:verify'], { DATABASE_URL: database.url, REDIS_URL: redisUrl, QUEUE_BACKEND: 'redis' });
    const events = await sql<{ n: string }>`SELECT count(*) AS n FROM events`.execute(db);

    console.log(
      [
        `kill -9 under load: ${CLIENTS} clients for ${loadMs} ms; killed the ${kills.join(', then ')}`,
        `commands sent ${log.sent}, acknowledged ${log.acknowledged}, found in the log ${log.foundInLog}, duplicates ${log.duplicates}, lost ${log.lost}, retried after no answer ${log.retried}`,
        `close of business runs ${closes.length}, answered 200 ${closes.filter((c) => c.status === 200).length}; events in the log ${events.rows[0].n}`,
        `notifications expected ${effects.notificationsExpected}, written ${effects.notificationsWritten}, jobs completed ${effects.notificationJobsCompleted}, failed ${effects.notificationJobsFailed}`,
        `emails expected ${effects.emailsExpected}, written ${effects.emailsWritten}, delivered ${effects.emailsDelivered}; side effects duplicated ${effects.duplicates}, lost ${effects.lost}`,
        `projections:verify exit ${verify.code}: ${verify.output.trim().split('\n').at(-1)}`,
      ].join('\n'),
    );

    const refused = sent.filter((s) => s.status < 200 || s.status >= 300);
    expect(refused.map((s) => ({ command: s.command, status: s.status, body: s.body }))).toEqual([]);
    // The kills happened under load: some commands were unanswered and sent again.
    expect(log.retried).toBeGreaterThan(0);
    expect(log.acknowledged).toBeGreaterThan(CLIENTS * 3);
    expect(log).toEqual({ ...log, acknowledged: log.sent, foundInLog: log.sent, duplicates: 0, lost: 0 });
    expect(closes.length).toBeGreaterThan(0);
    expect(effects.notificationsExpected).toBeGreaterThan(0);
    expect(effects.emailsExpected).toBeGreaterThan(0);
    expect(effects).toEqual({
      ...effects,
      notificationsWritten: effects.notificationsExpected,
      notificationJobsCompleted: effects.notificationsExpected,
      notificationJobsFailed: 0,
      emailsWritten: effects.emailsExpected,
      emailsDelivered: effects.emailsExpected,
      duplicates: 0,
      lost: 0,
    });
    expect(verify.code).toBe(0);
    expect(verify.output).toMatch(/Projections verified/);
  }, 1_200_000);
});
