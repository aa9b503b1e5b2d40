import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { EMAIL_QUEUE, retryJobId } from '../../src/communications/application/emails/email-delivery.js';
import { EmailOutbox } from '../../src/communications/application/emails/email-outbox.js';
import { emailDetailSchema, emailSchema } from '../../src/communications/http/email-response.schemas.js';
import type { EmailStatus } from '../../src/platform/database/schema.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let staff: string;
const userId = randomUUID();
const ids: Record<string, string> = {};

const list = (params: Record<string, unknown>, expected = 200) =>
  t.http
    .get('/api/admin/emails')
    .query(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])))
    .set('Authorization', `Bearer ${staff}`)
    .expect(expected);

/** A row in a given state, as the worker would have left it (no worker runs in this file). */
async function insertEmail(
  name: string,
  status: EmailStatus,
  fields: { to: string; subject: string; template?: string; minutesAgo: number; attempts?: number; lastError?: string },
) {
  const id = randomUUID();
  await t.runtime.db
    .insertInto('emails')
    .values({
      id,
      to_address: fields.to,
      subject: fields.subject,
      text_body: `Body of ${fields.subject}`,
      template: fields.template ?? null,
      status,
      attempts: fields.attempts ?? 0,
      last_error: fields.lastError ?? null,
      created_at: sql<Date>`now() - ${fields.minutesAgo} * interval '1 minute'`,
      updated_at: sql<Date>`now() - ${fields.minutesAgo} * interval '1 minute'`,
    })
    .execute();
  ids[name] = id;
}

beforeAll(async () => {
  t = await startTestApp('emailsapi');
  staff = await loginStaff(t.http);
  // One through the real outbox (queued, its job on the queue), the others in the states staff need to see.
  ids.welcome = (
    await t.app
      .get(EmailOutbox)
      .send({ to: 'asha@example.com', subject: 'Welcome to Open Lending', text: 'Hello Asha', template: 'welcome', userId })
  ).id;
  await insertEmail('reset', 'sent', {
    to: 'ravi@example.com',
    subject: 'Reset your password',
    template: 'password-reset',
    minutesAgo: 30,
    attempts: 1,
  });
  await insertEmail('failed', 'failed', {
    to: 'meera@example.com',
    subject: 'Your statement',
    minutesAgo: 20,
    attempts: 5,
    lastError: '451 Mailbox busy',
  });
  await insertEmail('logged', 'logged', { to: 'zoya_100%@example.com', subject: 'Payment received', minutesAgo: 10, attempts: 1 });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/emails: the email log for react-admin', () => {
  it('answers a page of emails, newest first, with Content-Range', async () => {
    const res = await list({});
    expect(res.headers['content-range']).toBe('emails 0-3/4');
    const rows = z.array(emailSchema).parse(res.body);
    expect(rows.map((r) => r.id)).toEqual([ids.welcome, ids.logged, ids.failed, ids.reset]);
    expect(rows[0]).toMatchObject({
      to: 'asha@example.com',
      subject: 'Welcome to Open Lending',
      text: 'Hello Asha',
      html: null,
      template: 'welcome',
      userId,
      status: 'queued',
      attempts: 0,
      lastError: null,
      messageId: null,
      sentAt: null,
    });
    expect(rows[2]).toMatchObject({ status: 'failed', attempts: 5, lastError: '451 Mailbox busy' });

    const page = await list({ range: [1, 2], sort: ['createdAt', 'ASC'] });
    expect(page.headers['content-range']).toBe('emails 1-2/4');
    expect(page.body.map((r: { id: string }) => r.id)).toEqual([ids.failed, ids.logged]);
    expect((await list({ sort: ['to', 'ASC'] })).body.map((r: { to: string }) => r.to)).toEqual([
      'asha@example.com',
      'meera@example.com',
      'ravi@example.com',
      'zoya_100%@example.com',
    ]);
  });

  it('filters by status, template, user, text and ids (getMany)', async () => {
    const ofFilter = async (filter: Record<string, unknown>) => (await list({ filter })).body.map((r: { id: string }) => r.id);
    expect(await ofFilter({ status: 'failed' })).toEqual([ids.failed]);
    expect(await ofFilter({ template: 'password-reset' })).toEqual([ids.reset]);
    expect(await ofFilter({ userId })).toEqual([ids.welcome]);
    expect(await ofFilter({ q: 'STATEMENT' })).toEqual([ids.failed]);
    expect(await ofFilter({ q: 'ravi@' })).toEqual([ids.reset]);
    // LIKE wildcards in the search text are literal characters.
    expect(await ofFilter({ q: '100%' })).toEqual([ids.logged]);
    expect(await ofFilter({ q: '%' })).toEqual([ids.logged]);
    expect((await ofFilter({ id: [ids.reset, ids.welcome] })).sort()).toEqual([ids.reset, ids.welcome].sort());
    expect(await ofFilter({ id: ids.failed })).toEqual([ids.failed]);
    const none = await list({ filter: { status: 'sending' } });
    expect(none.body).toEqual([]);
    expect(none.headers['content-range']).toBe('emails */0');
  });

  it('refuses unknown filters, bad values and unknown sort fields with a 400 problem', async () => {
    const unknown = await list({ filter: { recipient: 'x' } }, 400);
    expect(unknown.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(unknown.body.fields).toEqual([{ name: 'filter.recipient', message: expect.stringMatching(/^unknown filter/) }]);
    expect((await list({ filter: { status: 'bounced' } }, 400)).body.fields[0].name).toBe('status');
    expect((await list({ filter: { userId: 'nobody' } }, 400)).body.fields[0].name).toBe('userId');
    expect((await list({ sort: ['text_body', 'ASC'] }, 400)).body.fields[0].name).toBe('sort');
  });
});

describe('GET /api/admin/emails/:id', () => {
  it('answers one email', async () => {
    const res = await t.http.get(`/api/admin/emails/${ids.reset}`).set('Authorization', `Bearer ${staff}`).expect(200);
    expect(emailDetailSchema.parse(res.body)).toMatchObject({
      id: ids.reset,
      attachments: [],
      status: 'sent',
      template: 'password-reset',
      text: 'Body of Reset your password',
    });
  });

  it('is a 404 problem for an unknown id and a 400 for an id that is not a UUID', async () => {
    const missing = await t.http.get(`/api/admin/emails/${randomUUID()}`).set('Authorization', `Bearer ${staff}`).expect(404);
    expect(missing.body).toMatchObject({ type: 'not-found', status: 404, code: 'EMAIL.NOT_FOUND' });
    const bad = await t.http.get('/api/admin/emails/not-a-uuid').set('Authorization', `Bearer ${staff}`).expect(400);
    expect(bad.body).toMatchObject({ type: 'validation-failed', fields: [{ name: 'id', message: 'the email id must be a UUID' }] });
  });
});

describe('POST /api/admin/emails/:id/retry', () => {
  it('queues a failed email again under a new job id', async () => {
    const res = await t.http.post(`/api/admin/emails/${ids.failed}/retry`).set('Authorization', `Bearer ${staff}`).expect(200);
    expect(emailSchema.parse(res.body)).toMatchObject({ id: ids.failed, status: 'queued', attempts: 5, lastError: '451 Mailbox busy' });
    expect(await t.runtime.queue.queue(EMAIL_QUEUE).getJobState(retryJobId(ids.failed, 5))).not.toBe('unknown');
    const again = await t.http.post(`/api/admin/emails/${ids.failed}/retry`).set('Authorization', `Bearer ${staff}`).expect(409);
    expect(again.body).toMatchObject({
      type: 'illegal-transition',
      status: 409,
      code: 'EMAIL.ILLEGAL_TRANSITION',
      currentStatus: 'queued',
      message: expect.stringMatching(/Only a failed email can be retried/),
    });
  });

  it('is a 409 problem for an email that has not failed, 404 for an unknown one', async () => {
    for (const name of ['welcome', 'reset', 'logged']) {
      const res = await t.http.post(`/api/admin/emails/${ids[name]}/retry`).set('Authorization', `Bearer ${staff}`).expect(409);
      expect(res.body).toMatchObject({ type: 'illegal-transition', status: 409 });
    }
    await t.http.post(`/api/admin/emails/${randomUUID()}/retry`).set('Authorization', `Bearer ${staff}`).expect(404);
  });
});

describe('access', () => {
  it('is for signed-in staff only', async () => {
    await t.http.get('/api/admin/emails').expect(401);
    const borrower = await registerBorrower(t.http);
    await t.http.get('/api/admin/emails').set('Authorization', `Bearer ${borrower.token}`).expect(403);
    await t.http.get(`/api/admin/emails/${ids.reset}`).set('Authorization', `Bearer ${borrower.token}`).expect(403);
    await t.http.post(`/api/admin/emails/${ids.failed}/retry`).set('Authorization', `Bearer ${borrower.token}`).expect(403);
  });

  it('is documented in OpenAPI', async () => {
    const doc = (await t.http.get('/api/docs/openapi.json').expect(200)).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/admin/emails', '/api/admin/emails/{id}', '/api/admin/emails/{id}/retry']),
    );
  });
});
