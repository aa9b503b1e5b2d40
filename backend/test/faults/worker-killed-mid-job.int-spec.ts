import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { EMAIL_QUEUE } from '../../src/communications/application/emails/email-delivery.js';
import { createDb, type Db } from '../../src/platform/database/database.js';
import { readEventLogId } from '../../src/platform/runtime.js';
import { deleteRedisKeys } from '../support/redis.js';
import { describeWithRedis } from '../support/describe-with-redis.js';
import { startService, type ServiceProcess } from '../support/service-process.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { waitFor } from '../support/wait-for.js';
import { sendCommand, type Target } from './fault-harness.js';

/**
 * Issue 16, a worker killed mid-job: the worker process (src/worker.ts) is sending an email (the borrower's
 * "application received", caused by a loan submitted over the real API) and the SMTP server has the message's data but
 * has not accepted it yet when the worker is killed with SIGKILL. A new worker finds the job stalled (its lock
 * expired: QUEUE_LOCK_DURATION_MS), runs it again, and the message is accepted exactly once; the email row says sent.
 */
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let database: TestDatabase;
let db: Db;
let api: ServiceProcess | undefined;
let worker: ServiceProcess | undefined;
let keyPrefix = '';
let smtp: SMTPServer;
/** Messages the server accepted (answered 250), and the data of those it is still holding. */
const accepted: ParsedMail[] = [];
const holding: string[] = [];
let hold = true;

beforeAll(async () => {
  database = await createTestDatabase('worker_killed_mid_job');
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, _session, callback) => {
      simpleParser(stream).then((mail) => {
        if (hold) {
          // The data is in, the answer never comes: the sender is mid-job until it dies.
          holding.push(mail.subject ?? '');
          return;
        }
        accepted.push(mail);
        callback();
      }, callback);
    },
  });
  smtp.on('error', () => undefined);
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await api?.kill9();
  await worker?.kill9();
  await db?.destroy();
  if (keyPrefix) await deleteRedisKeys(`${keyPrefix}:*`);
  await database?.drop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describeWithRedis('a worker killed while a job runs', () => {
  it('has the job retried by another worker, and its effect (one accepted email) happens once', async () => {
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      QUEUE_BACKEND: 'redis',
      WORKER_IN_PROCESS: 'false',
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      QUEUE_LOCK_DURATION_MS: '4000',
      QUEUE_STALLED_INTERVAL_MS: '2000',
    };
    api = await startService('api', env);
    const target: Target = { url: api.url };
    db = createDb(database.url, 2);
    keyPrefix = `lending:${await readEventLogId(db)}`;
    worker = await startService('worker', env);

    const stamp = `${Date.now()}`;
    const email = `midjob${stamp}@example.com`;
    const registered = await sendCommand(target, 'POST', '/api/auth/register', '', {
      name: 'Mid Job',
      email,
      phone: `+919${stamp.slice(-9)}`,
      password: 'borrower-password',
    });
    const token = (registered.body as { token: string }).token;
    const loan = await sendCommand(target, 'POST', '/api/me/loans', token, { type: 'EMI', amount: 5_000_000, tenureMonths: 6 });
    expect((await sendCommand(target, 'POST', `/api/me/loans/${(loan.body as { id: string }).id}/submit`, token, {})).status).toBe(200);

    // The worker's subscription writes the email and its job; the job hands the message to SMTP, which holds it.
    await waitFor(() => holding.length > 0, 'the worker to hand the email to SMTP');
    const row = await db
      .selectFrom('emails')
      .select(['id', 'status', 'attempts'])
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sending', attempts: 1 });

    await worker.kill9();
    hold = false;
    worker = await startService('worker', env);

    await waitFor(
      async () => (await db.selectFrom('emails').select('status').where('id', '=', row.id).executeTakeFirstOrThrow()).status === 'sent',
      'the retried job to send the email',
      90_000,
    );
    const after = await db.selectFrom('emails').select(['status', 'attempts']).where('id', '=', row.id).executeTakeFirstOrThrow();
    const connection = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    const queue = new Queue(EMAIL_QUEUE, { connection, prefix: keyPrefix });
    const job = await queue.getJob(row.id);
    const state = await job?.getState();
    await queue.close();
    connection.disconnect();
    const toBorrower = accepted.filter((m) => JSON.stringify(m.to).includes(email));

    console.log(
      `worker killed mid-job: email ${row.id} held by SMTP when the worker died; job ${state} after ${job?.attemptsMade} completed attempt(s) and ${job?.stalledCounter ?? 0} stall(s); ` +
        `row ${after.status} after ${after.attempts} claims; messages accepted for the borrower ${toBorrower.length}, held and dropped ${holding.length}`,
    );
    expect(state).toBe('completed');
    expect(job?.stalledCounter).toBe(1);
    expect(after).toEqual({ status: 'sent', attempts: 2 });
    expect(toBorrower).toHaveLength(1);
    expect(holding).toHaveLength(1);
  }, 600_000);
});
