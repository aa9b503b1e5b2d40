import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import request from 'supertest';
import type { INestApplication } from '@nestjs/common';
import { builtApps, createApi, initApi } from '../../src/app/create-api.js';
import { loadConfig } from '../../src/platform/config/config.js';
import { createRuntime, type Runtime } from '../../src/platform/runtime.js';
import { WorkerHost } from '../../src/platform/worker-host.js';
import { bearer, expectProblem } from '../support/loan-api.js';
import { deleteRedisKeys } from '../support/redis.js';
import { describeWithRedis } from '../support/describe-with-redis.js';
import { startSmtp } from '../support/smtp.js';
import { ADMIN, registerBorrower, testEnv } from '../support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { waitFor } from '../support/wait-for.js';

/** Issue 16: request logs (captured here at LOG_LEVEL=info), metrics, the queue board, liveness and readiness. */
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const lines: string[] = [];
let database: TestDatabase;
let runtime: Runtime;
let app: INestApplication;
let http: ReturnType<typeof request>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let admin: string;
const prefix = `test-${randomBytes(4).toString('hex')}`;
/** Both apps built and served as main.ts serves them, so their index.html fallback is in the way of every path. */
const spaDir = mkdtempSync(path.join(tmpdir(), 'observability-'));
const SPA_PAGE = '<!doctype html><title>Portal</title>';

beforeAll(async () => {
  smtp = await startSmtp();
  database = await createTestDatabase('observability');
  const config = loadConfig(testEnv({ LOG_LEVEL: 'info', METRICS_TOKEN, SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.test' }));
  runtime = await createRuntime(config, () => undefined, {
    databaseUrl: database.url,
    queuePrefix: prefix,
    logDestination: { write: (line: string) => void lines.push(line) },
  });
  for (const name of ['console', 'portal']) {
    mkdirSync(path.join(spaDir, name));
    writeFileSync(path.join(spaDir, name, 'index.html'), SPA_PAGE);
  }
  app = await createApi(runtime, { logger: false, staticDirs: builtApps(path.join(spaDir, 'console'), path.join(spaDir, 'portal')) });
  await initApi(app);
  http = request(app.getHttpServer());
  await app.get(WorkerHost).start();
  admin = (await http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
});

afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await deleteRedisKeys(`${prefix}:*`);
  await database?.drop();
  await smtp?.stop();
  rmSync(spaDir, { recursive: true, force: true });
});

async function staffWith(permissions: string[]): Promise<string> {
  const role = await http
    .post('/api/admin/roles')
    .set(bearer(admin))
    .send({ name: `Ops ${randomUUID().slice(0, 8)}`, permissions })
    .expect(201);
  const email = `ops.${randomUUID().slice(0, 8)}@test.local`;
  await http
    .post('/api/admin/users')
    .set(bearer(admin))
    .send({ name: 'Omar Patel', email, password: 'staff-password-1', roleId: role.body.id })
    .expect(201);
  return (await http.post('/api/auth/login').send({ email, password: 'staff-password-1' }).expect(200)).body.token;
}

const logged = () => lines.map((l) => JSON.parse(l) as Record<string, any>);

describe('request logs', () => {
  it('one JSON line per request with its id (a well-formed X-Request-Id is honoured and echoed), the user id when signed in', async () => {
    const res = await http.get('/api/me').set(bearer(admin)).set('X-Request-Id', 'req-observability-0001').expect(200);
    expect(res.headers['x-request-id']).toBe('req-observability-0001');
    const line = logged().find((l) => l.req?.id === 'req-observability-0001');
    expect(line).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/me' },
      res: { statusCode: 200 },
      userId: res.body.user._id ?? res.body.user.id,
    });
    // A malformed one is replaced by a fresh id.
    const other = await http.get('/api/health/live').set('X-Request-Id', 'bad id\twith spaces').expect(200);
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a sign-in, a password reset and a one-time code leave no token, password, code or reset link in any line', async () => {
    const borrower = await registerBorrower(http);
    const email = (await http.get('/api/me').set(bearer(borrower.token)).expect(200)).body.user.email as string;
    const signIn = await http.post('/api/auth/login').send({ email, password: 'borrower-password' }).expect(200);
    await http.get('/api/me').set('Cookie', `token=${signIn.body.token}`).expect(200);
    await http.get('/api/me').set('Cookie', 'token=cookie-secret-value').expect(401);
    await http.post('/api/auth/forgot-password').send({ email }).expect(202);
    const mail = await smtp.next(email);
    const id = /\/Auth\/confirm-password\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1];
    await http
      .get(`/api/me?resetLink=https%3A%2F%2Fportal.example.test%2FAuth%2Fconfirm-password%2F${id}&token=${id}`)
      .set(bearer(admin))
      .expect(200);
    await http.post('/api/auth/reset-password').send({ id, password: 'a brand new password' }).expect(200);
    const phone = `+9171${String(Date.now()).slice(-8)}`;
    await http.post('/api/public/otp').send({ phone, purpose: 'quick-start' }).expect(202);
    const sms = await http
      .get('/api/admin/sms')
      .query({ filter: JSON.stringify({ to: phone }) })
      .set(bearer(admin))
      .expect(200);
    const code = /\b(\d{6})\b/.exec(sms.body[0].body as string)![1];
    await http.post('/api/public/otp/verify').send({ phone, purpose: 'quick-start', code }).expect(200);

    const all = lines.join('\n');
    expect(logged().some((l) => l.req?.url === '/api/auth/reset-password')).toBe(true);
    expect(logged().some((l) => l.req?.url === '/api/me?resetLink=…&token=…')).toBe(true);
    for (const secret of [
      signIn.body.token,
      borrower.token,
      admin,
      'cookie-secret-value',
      'borrower-password',
      'a brand new password',
      id,
      `"${code}"`,
    ]) {
      expect(all).not.toContain(secret);
    }
    expect(all).not.toMatch(/authorization|set-cookie/i);
  });

  it('the request id is the correlation id of the events it appends and of the jobs they cause (notification, email)', async () => {
    // An active "application received" template, older than the event, so the submission causes an email job too.
    const body = 'Dear {{borrowerName}}, we received your application {{loanReference}}.';
    await http
      .post('/api/admin/email-templates')
      .set(bearer(admin))
      .send({
        name: 'Ops application received',
        event: 'application-received',
        subject: 'Received {{loanReference}}',
        html: `<p>${body}</p>`,
        text: body,
        active: true,
      })
      .expect(201);
    const borrower = await registerBorrower(http);
    const created = await http
      .post('/api/me/loans')
      .set(bearer(borrower.token))
      .set('X-Request-Id', 'req-correlation-0002')
      .send({ type: 'EMI', amount: 10_000_000, tenureMonths: 12 })
      .expect(201);
    await http
      .post(`/api/me/loans/${created.body.id}/submit`)
      .set(bearer(borrower.token))
      .set('X-Request-Id', 'req-correlation-0003')
      .expect(200);
    const events = await sql<{
      type: string;
      metadata: { correlationId?: string };
    }>`SELECT type, metadata FROM events WHERE stream_id = ${`loan-${created.body.id}`} ORDER BY global_position`.execute(runtime.db);
    expect(events.rows[0].metadata.correlationId).toBe('req-correlation-0002');
    expect(events.rows.find((e) => e.type === 'LoanApplicationSubmitted')?.metadata.correlationId).toBe('req-correlation-0003');
    await waitFor(
      () => logged().some((l) => l.msg === 'job done' && l.correlationId === 'req-correlation-0003' && l.queue === 'notifications'),
      'the notification job of the submission',
    );
    // The loan-emails subscription's send job carries the event's correlation id; the worker logs it.
    await waitFor(
      () =>
        logged().some(
          (l) => l.msg === 'job done' && l.correlationId === 'req-correlation-0003' && l.queue === 'email' && l.job === 'email.send',
        ),
      'the email job of the submission',
    );
    const email = await runtime.db
      .selectFrom('emails')
      .select(['id', 'status'])
      .where('template', '=', 'application-received')
      .where('user_id', '=', borrower.user._id)
      .executeTakeFirstOrThrow();
    expect(email.status).toBe('sent');
  });

  it('a loan command request line names the command and the loan (ids only)', async () => {
    const borrower = await registerBorrower(http);
    const created = await http
      .post('/api/me/loans')
      .set(bearer(borrower.token))
      .send({ type: 'EMI', amount: 10_000_000, tenureMonths: 12 })
      .expect(201);
    await http.post(`/api/me/loans/${created.body.id}/submit`).set(bearer(borrower.token)).expect(200);
    await http
      .post(`/api/admin/loans/${created.body.id}/accept`)
      .set(bearer(admin))
      .set('X-Request-Id', 'req-command-0004')
      .send({})
      .expect(200);
    const line = logged().find((l) => l.req?.id === 'req-command-0004');
    expect(line).toMatchObject({
      msg: 'request completed',
      res: { statusCode: 200 },
      command: 'AcceptLoanApplication',
      loanId: created.body.id,
      userId: expect.any(String),
    });
    // A request that runs no loan command carries neither.
    await http.get('/api/me').set(bearer(admin)).set('X-Request-Id', 'req-command-0005').expect(200);
    const plain = logged().find((l) => l.req?.id === 'req-command-0005');
    expect(plain).toBeDefined();
    expect(plain).not.toHaveProperty('command');
    expect(plain).not.toHaveProperty('loanId');
  });
});

describe('GET /metrics and GET /api/metrics', () => {
  it('refuses without the token or operations.view: 401 anonymous or a wrong token, 403 other staff and borrowers', async () => {
    const other = await staffWith(['loans.view', 'system.health']);
    const borrower = (await registerBorrower(http)).token;
    for (const url of ['/metrics', '/api/metrics', '/metrics?name[]=x']) {
      expectProblem(await http.get(url), 401, 'unauthenticated');
      expectProblem(await http.get(url).set(bearer('metrics-token-wrong-0123456789')), 401, 'unauthenticated');
      expectProblem(await http.get(url).set(bearer(other)), 403, 'missing-permission');
      expectProblem(await http.get(url).set(bearer(borrower)), 403, 'missing-permission');
    }
  });

  it('/metrics is the same endpoint: Prometheus text to METRICS_TOKEN and operations.view, and no request line', async () => {
    const res = await http.get('/metrics').set(bearer(METRICS_TOKEN)).set('X-Request-Id', 'req-metrics-root-0006').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toContain('http_request_duration_seconds_count');
    expect(res.text).not.toContain(SPA_PAGE);
    // The portal's fallback still answers its own deep links, so it is in place: /metrics is not one of them.
    expect((await http.get('/Loans/metrics').expect(200)).text).toBe(SPA_PAGE);
    expect((await http.get('/metrics/').set(bearer(METRICS_TOKEN)).expect(200)).headers['content-type']).toMatch(/^text\/plain/);
    const staff = await http
      .get('/metrics')
      .set(bearer(await staffWith(['operations.view'])))
      .expect(200);
    expect(staff.text).toContain('http_request_duration_seconds_count');
    expect(logged().some((l) => l.req?.id === 'req-metrics-root-0006')).toBe(false);
  });

  it('answers Prometheus text to METRICS_TOKEN and to staff with operations.view; requests appear by route pattern', async () => {
    const borrower = await registerBorrower(http);
    const loan = await http
      .post('/api/me/loans')
      .set(bearer(borrower.token))
      .send({ type: 'EMI', amount: 10_000_000, tenureMonths: 12 })
      .expect(201);
    await http.get(`/api/me/loans/${loan.body.id}`).set(bearer(borrower.token)).expect(200);
    const res = await http.get('/api/metrics').set(bearer(METRICS_TOKEN)).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.text;
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/me\/loans\/:id",status="200"\} [1-9]/);
    expect(text).not.toContain(loan.body.id);
    expect(text).toMatch(/event_store_append_duration_seconds_count [1-9]/);
    expect(text).toMatch(/command_duration_seconds_count\{command="[A-Za-z]+"\} [1-9]/);
    expect(text).toMatch(/subscription_lag_events\{subscription="borrower-notifications"\} \d+/);
    expect(text).toMatch(/projection_lag_events\{projection="[a-z_-]+"\} 0/);
    expect(text).toMatch(/queue_jobs\{queue="notifications",state="waiting"\} \d+/);
    expect(text).toMatch(/queue_jobs\{queue="email",state="failed"\} \d+/);
    expect(text).toContain('close_of_business_duration_seconds');
    expect(text).toContain('process_cpu_user_seconds_total');
    await http.get('/api/metrics').set(bearer(admin)).expect(200);
    await http
      .get('/api/metrics')
      .set(bearer(await staffWith(['operations.view'])))
      .expect(200);
  });
});

// bull-board reads Redis queues only (queue-board.ts).
describeWithRedis('the queue board at /Admin/queues', () => {
  it('401 signed out, 403 for staff without operations.view; the UI and its API for the administrator (bearer or cookie)', async () => {
    expectProblem(await http.get('/Admin/queues'), 401, 'unauthenticated');
    expectProblem(await http.get('/Admin/queues/api/queues'), 401, 'unauthenticated');
    const viewer = await staffWith(['loans.view']);
    expectProblem(await http.get('/Admin/queues').set(bearer(viewer)), 403, 'missing-permission');
    expectProblem(await http.get('/Admin/queues/api/queues').set('Cookie', `token=${viewer}`), 403, 'missing-permission');
    const page = await http.get('/Admin/queues').set('Cookie', `token=${admin}`).expect(200);
    expect(page.text).toContain('<html');
    const queues = await http.get('/Admin/queues/api/queues').set(bearer(admin)).expect(200);
    expect(queues.body.queues.map((q: { name: string }) => q.name)).toEqual(expect.arrayContaining(['email', 'notifications']));
    expect(queues.body.queues.every((q: { readOnlyMode: boolean }) => q.readOnlyMode)).toBe(true);
    // Read-only: nothing that changes a queue passes, whoever asks.
    expectProblem(await http.put('/Admin/queues/api/queues/email/retry/failed').set(bearer(admin)), 405, 'method-not-allowed');
  });
});

describe('health: liveness and readiness', () => {
  it('live answers 200 without asking anything; ready 200 while the database and the queues answer', async () => {
    await http.get('/api/health/live').expect(200, { status: 'up' });
    await http.get('/api/health/ready').expect(200, { status: 'ready' });
    await http.get('/api/health').expect(200, { status: 'up' });
  });

  it('ready is a 503 problem naming what is down: shutting down here', async () => {
    runtime.lifecycle.draining = true;
    try {
      const res = await http.get('/api/health/ready');
      expect(expectProblem(res, 503, 'not-ready')).toMatchObject({ down: ['shutting-down'] });
      expect(res.headers.connection).toBe('close');
      await http.get('/api/health/live').expect(200);
    } finally {
      runtime.lifecycle.draining = false;
    }
  });
});
