import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { CqrsModule, CommandBus } from '@nestjs/cqrs';
import { Test, type TestingModule } from '@nestjs/testing';
import { sql } from 'kysely';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { describeWithRedis } from '../../test/support/describe-with-redis.js';
import { deleteRedisKeys } from '../../test/support/redis.js';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database.js';
import { waitFor } from '../../test/support/wait-for.js';
import { loadConfig } from '../platform/config/config.js';
import { createQueueBackend } from '../platform/queue/queue-backend.js';
import { PlatformModule } from '../platform/platform.module.js';
import { createRuntime, type Runtime } from '../platform/runtime.js';
import { WorkerHost } from '../platform/worker-host.js';
import { EMAIL_DELIVERY, EMAIL_QUEUE, enqueueEmail, retryJobId, type EmailDeliveryOptions } from './application/emails/email-delivery.js';
import { EmailOutbox } from './application/emails/email-outbox.js';
import { EMAIL_SECRET_BOX } from './application/emails/email-secret-box.js';
import { EmailSweeper } from './application/emails/email-sweeper.js';
import { RetryEmailCommand } from './application/emails/retry-email.handler.js';
import { CommunicationsModule } from './communications.module.js';
import { secretRef } from './domain/email-secrets.js';
import { SECRET_GONE_ERROR } from './domain/email.js';

/**
 * Email through the worker, end to end on real services: PostgreSQL, the queue backend (Redis, then BullMQ's
 * PostgreSQL backend) and a real SMTP server on a free port. Tiny backoff so five attempts take milliseconds.
 */
const DELIVERY: EmailDeliveryOptions = {
  attempts: 5,
  backoffMs: 10,
  staleAfterMs: 60_000,
  sweepEveryMs: 3_600_000,
  enqueueTimeoutMs: 2000,
};

type Snapshot = { status: string; attempts: number; lastError: string | null };

/** A real SMTP server: records parsed messages; `reject` makes a recipient fail (451) for its next N attempts. */
class TestSmtp {
  readonly received: ParsedMail[] = [];
  readonly reject = new Map<string, number>();
  /** The email row as the worker left it when the SMTP server saw each attempt, by recipient. */
  readonly seen = new Map<string, Snapshot[]>();
  private server!: SMTPServer;
  port = 0;

  constructor(private readonly snapshot: (to: string) => Promise<Snapshot | undefined>) {}

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        const to = address.address;
        void this.snapshot(to).then((row) => {
          if (row) this.seen.set(to, [...(this.seen.get(to) ?? []), row]);
          const left = this.reject.get(to) ?? 0;
          if (left > 0) {
            this.reject.set(to, left - 1);
            return callback(Object.assign(new Error(`Mailbox ${to} is busy, try later`), { responseCode: 451 }));
          }
          callback();
        }, callback);
      },
      onData: (stream, _session, callback) => {
        simpleParser(stream).then((mail) => {
          this.received.push(mail);
          callback();
        }, callback);
      },
    });
    this.server.on('error', () => undefined);
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

type Harness = { runtime: Runtime; moduleRef: TestingModule; outbox: EmailOutbox; sweeper: EmailSweeper; logs: string[]; prefix: string };

/** The real module on a real runtime, its worker started the way the worker process starts it. */
async function startHarness(database: TestDatabase, kind: 'redis' | 'postgres', env: Record<string, string>): Promise<Harness> {
  const logs: string[] = [];
  const prefix = `t-email-${randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    QUEUE_BACKEND: kind,
    ...(kind === 'redis' && process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  });
  const runtime = await createRuntime(config, (line) => logs.push(line), { databaseUrl: database.url, queuePrefix: prefix });
  const moduleRef = await Test.createTestingModule({
    imports: [PlatformModule.forRuntime(runtime), CqrsModule.forRoot(), CommunicationsModule],
  })
    .overrideProvider(EMAIL_DELIVERY)
    .useValue(DELIVERY)
    .compile();
  await moduleRef.init();
  expect(await moduleRef.get(WorkerHost).start({ queues: [EMAIL_QUEUE] })).toEqual([EMAIL_QUEUE]);
  return { runtime, moduleRef, outbox: moduleRef.get(EmailOutbox), sweeper: moduleRef.get(EmailSweeper), logs, prefix };
}

async function stopHarness(h: Harness | undefined): Promise<void> {
  if (!h) return;
  await h.moduleRef.close();
  await h.runtime.close();
  if (h.runtime.queue.kind === 'redis') await deleteRedisKeys(`${h.prefix}:*`);
}

for (const kind of ['redis', 'postgres'] as const)
  (kind === 'redis' ? describeWithRedis : describe)(`email through the worker (${kind} queue backend)`, () => {
    // Each harness has its own database: BullMQ's PostgreSQL backend keeps its queues per database, not per prefix.
    let database: TestDatabase;
    let otherDatabase: TestDatabase;
    let smtp: TestSmtp;
    let withSmtp: Harness;
    let withoutSmtp: Harness;

    const row = (id: string, h = withSmtp) => h.runtime.db.selectFrom('emails').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const until = async (id: string, statuses: string[], h = withSmtp) => {
      await waitFor(async () => statuses.includes((await row(id, h)).status), `email ${id} to be ${statuses.join(' or ')}`);
      return row(id, h);
    };
    const address = (name: string) => `${name}-${randomBytes(3).toString('hex')}@example.com`;

    beforeAll(async () => {
      database = await createTestDatabase(`emails_${kind}`);
      otherDatabase = await createTestDatabase(`emails_nosmtp_${kind}`);
      smtp = new TestSmtp(async (to) => {
        const r = await withSmtp.runtime.db
          .selectFrom('emails')
          .select(['status', 'attempts', 'last_error'])
          .where('to_address', '=', to)
          .orderBy('created_at', 'desc')
          .executeTakeFirst();
        return r && { status: r.status, attempts: r.attempts, lastError: r.last_error };
      });
      await smtp.start();
      withSmtp = await startHarness(database, kind, {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Open Lending <no-reply@lending.test>',
      });
      withoutSmtp = await startHarness(otherDatabase, kind, {});
    });

    afterAll(async () => {
      await stopHarness(withSmtp);
      await stopHarness(withoutSmtp);
      await smtp?.stop();
      await database?.drop();
      await otherDatabase?.drop();
    });

    it('sends over SMTP: the server receives the message and the row turns sent after one attempt', async () => {
      const to = address('asha');
      const userId = randomUUID();
      const { id } = await withSmtp.outbox.send({
        to,
        subject: 'Reset your password',
        text: 'Open this link: http://localhost/reset?t=abc',
        html: '<p>Open <a href="http://localhost/reset?t=abc">this link</a></p>',
        template: 'password-reset',
        userId,
      });

      const sent = await until(id, ['sent', 'failed']);
      expect(sent).toMatchObject({
        status: 'sent',
        attempts: 1,
        last_error: null,
        to_address: to,
        template: 'password-reset',
        user_id: userId,
      });
      expect(sent.message_id).toMatch(/^<.+>$/);
      expect(sent.sent_at).toBeInstanceOf(Date);

      const mail = smtp.received.find((m) => m.subject === 'Reset your password' && JSON.stringify(m.to).includes(to));
      expect(mail).toBeDefined();
      expect(mail!.text?.trim()).toBe('Open this link: http://localhost/reset?t=abc');
      expect(mail!.html).toContain('href="http://localhost/reset?t=abc"');
      expect(mail!.from?.value).toEqual([{ address: 'no-reply@lending.test', name: 'Open Lending' }]);
      expect(mail!.messageId && `<${mail!.messageId.replace(/^<|>$/g, '')}>`).toBe(sent.message_id);

      // The job's id is the email's id: enqueueing it again adds nothing and sends nothing.
      await waitFor(async () => (await withSmtp.runtime.queue.queue(EMAIL_QUEUE).getJobState(id)) === 'completed', 'the job to complete');
      await enqueueEmail(withSmtp.runtime.queue, DELIVERY, id);
      const pending = await withSmtp.runtime.queue.queue(EMAIL_QUEUE).getJobs(['waiting', 'active', 'delayed', 'prioritized']);
      expect(pending.filter((j) => j.name === 'email.send')).toEqual([]);
      expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
      expect(smtp.received.filter((m) => JSON.stringify(m.to).includes(to))).toHaveLength(1);
    });

    it('retries a transient SMTP failure and then sends', async () => {
      const to = address('flaky');
      smtp.reject.set(to, 2);
      const { id } = await withSmtp.outbox.send({ to, subject: 'Your loan was approved', text: 'Congratulations.' });

      const sent = await until(id, ['sent', 'failed']);
      expect(sent).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
      // What the SMTP server saw on each attempt: the row claimed and counted, the previous error on record.
      const seen = smtp.seen.get(to)!;
      expect(seen.map((s) => [s.status, s.attempts])).toEqual([
        ['sending', 1],
        ['sending', 2],
        ['sending', 3],
      ]);
      expect(seen[0].lastError).toBeNull();
      expect(seen[1].lastError).toMatch(/451/);
      expect(smtp.received.filter((m) => JSON.stringify(m.to).includes(to))).toHaveLength(1);
    });

    it('gives up after the last attempt: the row is failed with the error, and a staff retry sends it', async () => {
      const to = address('never');
      smtp.reject.set(to, 5);
      const { id } = await withSmtp.outbox.send({ to, subject: 'Your statement', text: 'Attached.' });

      const failed = await until(id, ['failed', 'sent']);
      expect(failed).toMatchObject({ status: 'failed', attempts: 5, message_id: null, sent_at: null });
      expect(failed.last_error).toMatch(/451 .*busy, try later/);
      const seen = smtp.seen.get(to)!;
      expect(seen.map((s) => s.attempts)).toEqual([1, 2, 3, 4, 5]);
      expect(seen.slice(1).every((s) => s.status === 'sending' && /451/.test(s.lastError ?? ''))).toBe(true);
      const job = await withSmtp.runtime.queue.queue(EMAIL_QUEUE).getJob(id);
      await waitFor(async () => (await withSmtp.runtime.queue.queue(EMAIL_QUEUE).getJobState(id)) === 'failed', 'the job to be failed');
      expect(job?.opts.attempts).toBe(5);

      // Staff retry: queued again under a new job id with a fresh set of attempts; the server now accepts it.
      const commands = withSmtp.moduleRef.get(CommandBus);
      const answer = await commands.execute(new RetryEmailCommand(id));
      expect(answer).toMatchObject({ id, status: 'queued', attempts: 5 });
      const sent = await until(id, ['sent', 'failed']);
      expect(sent).toMatchObject({ status: 'sent', attempts: 6, last_error: null });
      await waitFor(
        async () => (await withSmtp.runtime.queue.queue(EMAIL_QUEUE).getJobState(retryJobId(id, 5))) === 'completed',
        'the retry job to complete',
      );
      // Only a failed email can be retried.
      await expect(commands.execute(new RetryEmailCommand(id))).rejects.toMatchObject({ code: 'EMAIL.ILLEGAL_TRANSITION' });
      await expect(commands.execute(new RetryEmailCommand(randomUUID()))).rejects.toMatchObject({ code: 'EMAIL.NOT_FOUND' });
    });

    it('without SMTP_URL prints the message on one log line and marks the row logged', async () => {
      const to = address('nosmtp');
      const { id } = await withoutSmtp.outbox.send({
        to,
        subject: 'Welcome',
        text: 'Hello Ravi,\nyour account is ready.',
        template: 'welcome',
      });

      const logged = await until(id, ['logged', 'sent', 'failed'], withoutSmtp);
      expect(logged).toMatchObject({ status: 'logged', attempts: 1, message_id: null, sent_at: null, last_error: null });
      const lines = withoutSmtp.logs.filter((l) => l.includes(to));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('"Welcome"');
      expect(lines[0]).toContain(JSON.stringify('Hello Ravi,\nyour account is ready.'));
      expect(lines[0]).not.toContain('\n');
      expect(withoutSmtp.logs.filter((l) => l === 'No SMTP_URL: emails are recorded in the email log and printed, not sent.')).toHaveLength(
        1,
      );
      expect(withSmtp.logs.some((l) => l.startsWith('No SMTP_URL'))).toBe(false);
      expect(smtp.received.some((m) => JSON.stringify(m.to).includes(to))).toBe(false);
    });

    it('never loses an email: a row the queue did not take stays queued, and the sweeper enqueues it', async () => {
      // The outbox's queue is down (a real backend: closed Redis connections, or a PostgreSQL nothing listens on):
      // the row is written and send() still answers.
      const down =
        kind === 'redis'
          ? await createQueueBackend({
              redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
              databaseUrl: database.url,
              prefix: withSmtp.prefix,
            })
          : await createQueueBackend({
              databaseUrl: 'postgres://postgres@127.0.0.1:1/nothing',
              choice: 'postgres',
              prefix: withSmtp.prefix,
            });
      if (kind === 'redis') await down.close();
      const to = address('lost');
      const { id } = await new EmailOutbox(withSmtp.runtime.db, down, DELIVERY, withSmtp.moduleRef.get(EMAIL_SECRET_BOX)).send({
        to,
        subject: 'Payment received',
        text: 'Thank you.',
      });
      expect(await row(id)).toMatchObject({ status: 'queued', attempts: 0 });
      expect(await withSmtp.runtime.queue.queue(EMAIL_QUEUE).getJobState(id)).toBe('unknown');

      // Not yet stale: the sweep leaves it alone. A minute later (moved back in time here) it is enqueued, once.
      expect((await withSmtp.sweeper.sweep()).requeued).not.toContain(id);
      await withSmtp.runtime.db
        .updateTable('emails')
        .set({ created_at: sql<Date>`now() - interval '2 minutes'`, updated_at: sql<Date>`now() - interval '2 minutes'` })
        .where('id', '=', id)
        .execute();
      expect((await withSmtp.sweeper.sweep()).requeued).toEqual([id]);
      expect(await until(id, ['sent', 'failed'])).toMatchObject({ status: 'sent', attempts: 1 });
      expect((await withSmtp.sweeper.sweep()).requeued).toEqual([]);
      expect(smtp.received.filter((m) => JSON.stringify(m.to).includes(to))).toHaveLength(1);
      if (kind === 'postgres') await down.close();
    });

    it('does not hold the sender up when the queue does not answer: the row waits for the sweeper', async () => {
      // A real server that accepts connections and never says a word, standing in for a hung queue.
      const sockets: Socket[] = [];
      const silent = createServer((socket) => void sockets.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const port = (silent.address() as AddressInfo).port;
      const hung = await createQueueBackend({
        databaseUrl: `postgres://postgres@127.0.0.1:${port}/nothing`,
        choice: 'postgres',
        prefix: withSmtp.prefix,
      });
      try {
        const to = address('hung');
        const { id } = await new EmailOutbox(
          withSmtp.runtime.db,
          hung,
          { ...DELIVERY, enqueueTimeoutMs: 100 },
          withSmtp.moduleRef.get(EMAIL_SECRET_BOX),
        ).send({ to, subject: 'Hung queue', text: 'Still recorded.' });
        expect(await row(id)).toMatchObject({ status: 'queued', attempts: 0 });
      } finally {
        for (const socket of sockets) socket.destroy();
        silent.close();
        await hung.close().catch(() => undefined);
      }
    });

    it('an email with a secret: the row holds a placeholder, SMTP gets the value, a staff retry after the last failure still delivers it', async () => {
      const to = address('secret');
      const token = `tok_${randomBytes(16).toString('hex')}`;
      smtp.reject.set(to, 5);
      const { id } = await withSmtp.outbox.send({
        to,
        subject: 'Choose a new password',
        text: `Open https://portal.test/Auth/confirm-password/${secretRef('reset-token')}`,
        html: `<a href="https://portal.test/Auth/confirm-password/${secretRef('reset-token')}">here</a>`,
        template: 'password-reset',
        secrets: { 'reset-token': token },
        secretsExpireAt: new Date(Date.now() + 10 * 60_000),
      });
      const asText = async () =>
        (await sql<{ row: string }>`SELECT e::text AS row FROM emails e WHERE id = ${id}`.execute(withSmtp.runtime.db)).rows[0].row;
      const secretRows = async () =>
        Number(
          (await sql<{ n: string }>`SELECT count(*) AS n FROM email_secrets WHERE email_id = ${id}`.execute(withSmtp.runtime.db)).rows[0].n,
        );

      const failed = await until(id, ['failed', 'sent']);
      expect(failed).toMatchObject({ status: 'failed', attempts: 5, has_secrets: true });
      expect(await asText()).not.toContain(token);
      expect(await asText()).toContain('{{secret:reset-token}}');
      // Kept (sealed, not the token itself) so that a retry can still send a working link.
      expect(await secretRows()).toBe(1);
      const sealed = (
        await sql<{ row: string }>`SELECT s::text AS row FROM email_secrets s WHERE email_id = ${id}`.execute(withSmtp.runtime.db)
      ).rows[0].row;
      expect(sealed).not.toContain(token);

      const answer = await withSmtp.moduleRef.get(CommandBus).execute(new RetryEmailCommand(id));
      expect(JSON.stringify(answer)).not.toContain(token);
      expect(answer.text).toBe('Open https://portal.test/Auth/confirm-password/[redacted]');
      expect(await until(id, ['sent', 'failed'])).toMatchObject({ status: 'sent', attempts: 6 });
      const mail = smtp.received.find((m) => JSON.stringify(m.to).includes(to))!;
      expect(mail.text?.trim()).toBe(`Open https://portal.test/Auth/confirm-password/${token}`);
      expect(mail.html).toContain(`href="https://portal.test/Auth/confirm-password/${token}"`);
      // Sent: the secret is needed nowhere any more.
      expect(await secretRows()).toBe(0);
    });

    it('an email whose secret has expired fails at once with a clear error, is never sent, and cannot be retried', async () => {
      const to = address('expired');
      const { id } = await withSmtp.outbox.send({
        to,
        subject: 'Choose a new password',
        text: `Open ${secretRef('reset-token')}`,
        secrets: { 'reset-token': 'tok_expired_0123456789' },
        secretsExpireAt: new Date(Date.now() - 1000),
      });
      const failed = await until(id, ['failed', 'sent']);
      expect(failed).toMatchObject({ status: 'failed', attempts: 1, last_error: SECRET_GONE_ERROR });
      expect(smtp.received.some((m) => JSON.stringify(m.to).includes(to))).toBe(false);
      await expect(withSmtp.moduleRef.get(CommandBus).execute(new RetryEmailCommand(id))).rejects.toMatchObject({
        code: 'EMAIL.LINK_EXPIRED',
      });
      expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1 });
    });

    it('a sender whose placeholders and secrets do not match is refused before anything is stored', async () => {
      const to = address('mismatch');
      await expect(withSmtp.outbox.send({ to, subject: 'x', text: `Open ${secretRef('reset-token')}` })).rejects.toThrow(/placeholders/);
      await expect(
        withSmtp.outbox.send({ to, subject: 'x', text: 'no link', secrets: { 'reset-token': 'abc' }, secretsExpireAt: new Date() }),
      ).rejects.toThrow(/placeholders/);
      await expect(withSmtp.outbox.send({ to: `${to}\r\nBcc: victim@example.com`, subject: 'x', text: 'y' })).rejects.toThrow(
        /one bare address/,
      );
      expect(
        (await sql<{ n: string }>`SELECT count(*) AS n FROM emails WHERE to_address LIKE ${`${to}%`}`.execute(withSmtp.runtime.db)).rows[0]
          .n,
      ).toBe('0');
    });

    it('without SMTP_URL, outside production, the printed message carries the rendered link (the developer is the recipient)', async () => {
      const to = address('devlink');
      const { id } = await withoutSmtp.outbox.send({
        to,
        subject: 'Choose a new password',
        text: `Open ${secretRef('reset-token')}`,
        secrets: { 'reset-token': 'tok_dev_0123456789abcdef' },
        secretsExpireAt: new Date(Date.now() + 60_000),
      });
      expect(await until(id, ['logged', 'failed'], withoutSmtp)).toMatchObject({ status: 'logged' });
      const lines = withoutSmtp.logs.filter((l) => l.includes(to));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('Open tok_dev_0123456789abcdef');
    });

    it('schedules the sweep as a repeatable job on the email queue', async () => {
      const schedulers = await withSmtp.runtime.queue.queue(EMAIL_QUEUE).getJobSchedulers();
      expect(schedulers.map((s) => [s.key, s.every])).toEqual([['email.sweep', DELIVERY.sweepEveryMs]]);
    });
  });
