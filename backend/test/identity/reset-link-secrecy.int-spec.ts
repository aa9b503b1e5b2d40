import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { EMAIL_QUEUE } from '../../src/communications/application/emails/email-delivery.js';
import { createDb } from '../../src/platform/database/database.js';
import { migrationProvider } from '../../src/platform/database/migrations/index.js';
import { WorkerHost } from '../../src/platform/worker-host.js';
import { bearer, expectFieldProblem } from '../support/loan-api.js';
import { startSmtp } from '../support/smtp.js';
import { ADMIN, loginStaff, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';
import { createTestDatabase } from '../support/test-database.js';
import { waitFor } from '../support/wait-for.js';

/**
 * Issue 9, item 1: a password-reset link is a key to the account, so nobody who reads the email log (staff with
 * `emails.view`, a database dump) may find a working one in it. The link is rendered only when the worker sends the
 * email; the log shows `[redacted]` where the token was. Real PostgreSQL, Redis and SMTP.
 */

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let emailViewer: string;

const PORTAL = 'https://portal.example.test';
const linkIn = (text: string) => /https:\/\/portal\.example\.test\/Auth\/confirm-password\/([A-Za-z0-9_-]+)/.exec(text);
const REDACTED_LINK = `${PORTAL}/Auth/confirm-password/[redacted]`;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp('reset_secrecy', { SMTP_URL: smtp.url, PUBLIC_URL: PORTAL });
  await t.app.get(WorkerHost).start({ queues: ['email'] });
  // A member of staff who may read the email log and nothing about users: the operations manager role.
  const admin = await loginStaff(t.http);
  await t.http
    .post('/api/admin/users')
    .set(bearer(admin))
    .send({ name: 'Olga Operations', email: 'olga.ops@example.com', password: 'olga-password-123', roleId: 'operations-manager' })
    .expect(201);
  emailViewer = (await t.http.post('/api/auth/login').send({ email: 'olga.ops@example.com', password: 'olga-password-123' }).expect(200))
    .body.token;
});

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

/** Every row of every table of the product's schema, as text: what a database dump would show. */
async function databaseAsText(): Promise<string> {
  const tables = await sql<{
    name: string;
  }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(
    t.runtime.db,
  );
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.table(name)} t`.execute(t.runtime.db);
    parts.push(...rows.rows.map((r) => `${name}: ${r.row}`));
  }
  return parts.join('\n');
}

async function emailRowOf(to: string) {
  return sql<{
    id: string;
    status: string;
    attempts: number;
  }>`SELECT id, status, attempts FROM emails WHERE to_address = ${to} ORDER BY created_at DESC LIMIT 1`
    .execute(t.runtime.db)
    .then((r) => r.rows[0]);
}

/** Every way staff can read the email log, as raw response text. */
async function everythingStaffSee(emailId: string): Promise<string[]> {
  const q = (filter: object) => ({ filter: JSON.stringify(filter) });
  const answers = [
    await t.http.get('/api/admin/emails').set(bearer(emailViewer)).expect(200),
    await t.http
      .get('/api/admin/emails')
      .query(q({ template: 'password-reset' }))
      .set(bearer(emailViewer))
      .expect(200),
    await t.http
      .get('/api/admin/emails')
      .query(q({ id: [emailId] }))
      .set(bearer(emailViewer))
      .expect(200),
    await t.http.get(`/api/admin/emails/${emailId}`).set(bearer(emailViewer)).expect(200),
  ];
  return answers.map((a) => a.text);
}

describe('password-reset links in the email log', () => {
  it('staff with emails.view see the reset email with the token redacted; only the delivered email opens the account', async () => {
    await t.http.post('/api/auth/forgot-password').send({ email: ADMIN.email }).expect(202);

    // The administrator's mailbox gets the working link, in the text and in the HTML.
    const mail = await smtp.next(ADMIN.email);
    const token = linkIn(mail.text ?? '')![1];
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(mail.html).toContain(`${PORTAL}/Auth/confirm-password/${token}`);
    await waitFor(async () => (await emailRowOf(ADMIN.email))?.status === 'sent', 'the reset email to be marked sent');
    const { id } = await emailRowOf(ADMIN.email);

    // Staff see the message, with the token redacted, in every answer of the email API.
    const seen = await everythingStaffSee(id);
    for (const text of seen) {
      expect(text).not.toContain(token);
      expect(text).toContain(REDACTED_LINK);
    }
    const one = JSON.parse(seen[3]);
    expect(one).toMatchObject({ template: 'password-reset', status: 'sent', subject: 'Choose a new password' });
    expect(one.text).toContain(REDACTED_LINK);
    expect(one.html).toContain(`href="${REDACTED_LINK}"`);

    // Nowhere in the database either: not in the email row, not in any other table (only the token's SHA-256 is kept).
    const dump = await databaseAsText();
    expect(dump).toContain(id);
    expect(dump).not.toContain(token);
    // The queue job names the email, nothing more (and the request's correlation id, for the logs).
    const job = await t.runtime.queue.queue(EMAIL_QUEUE).getJob(id);
    expect(job?.data).toEqual({ emailId: id, correlationId: expect.stringMatching(/^[A-Za-z0-9._:-]{8,64}$/) });

    // What staff can read does not open the account; the delivered link does.
    expectFieldProblem(await t.http.post('/api/auth/reset-password').send({ id: '[redacted]', password: 'taken over!!' }), ['id']);
    await t.http.post('/api/auth/reset-password').send({ id: token, password: 'the admin chose this' }).expect(200);
    await t.http.post('/api/auth/login').send({ email: ADMIN.email, password: 'the admin chose this' }).expect(200);
  });

  it('a delivery the SMTP server refused at first is retried by the worker with a link that still works', async () => {
    const borrower = await registerBorrower(t.http, 'Ravi Kumar');
    const email = (await t.http.get('/api/me').set(bearer(borrower.token)).expect(200)).body.user.email as string;
    smtp.reject.set(email.toLowerCase(), 1);
    await t.http.post('/api/auth/forgot-password').send({ email }).expect(202);

    const mail = await smtp.next(email);
    const token = linkIn(mail.text ?? '')![1];
    expect(mail.text).toContain('Hello Ravi Kumar,');
    await waitFor(async () => (await emailRowOf(email))?.status === 'sent', 'the reset email to be marked sent');
    const row = await emailRowOf(email);
    expect(row.attempts).toBe(2);
    for (const text of await everythingStaffSee(row.id)) expect(text).not.toContain(token);
    expect(await databaseAsText()).not.toContain(token);

    await t.http.post('/api/auth/reset-password').send({ id: token, password: 'ravi resets it' }).expect(200);
    await t.http.post('/api/auth/login').send({ email, password: 'ravi resets it' }).expect(200);
  });
});

describe('retrying a reset email by hand', () => {
  it('after its link expired is refused with 422 link-expired, and the email stays failed', async () => {
    const id = randomUUID();
    await t.runtime.db
      .insertInto('emails')
      .values({
        id,
        to_address: 'late@example.com',
        subject: 'Choose a new password',
        text_body: 'Open {{secret:reset-token}}',
        template: 'password-reset',
        status: 'failed',
        attempts: 5,
        has_secrets: true,
        last_error: '451 busy',
      })
      .execute();
    const res = await t.http.post(`/api/admin/emails/${id}/retry`).set(bearer(emailViewer));
    expect(res.status).toBe(422);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body).toMatchObject({ type: 'link-expired', code: 'EMAIL.LINK_EXPIRED', emailId: id });
    expect(res.body.detail).toMatch(/expired/);
    const after = await t.http.get(`/api/admin/emails/${id}`).set(bearer(emailViewer)).expect(200);
    expect(after.body).toMatchObject({ status: 'failed', attempts: 5, text: 'Open [redacted]' });
  });
});

describe('migration 0008-email-secrets', () => {
  it('redacts the working links that older email rows hold, and voids the reset links staff could have read', async () => {
    const database = await createTestDatabase('migrate_0008');
    const db = createDb(database.url, 2);
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('0007-sessions-known-devices')).error).toBeUndefined();
      // An email as the code before this migration wrote it: the raw token in the text and in the HTML.
      const token = 'Zx9_kq-3AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
      const userId = randomUUID();
      await sql`INSERT INTO users (id, role, name, email, password_hash) VALUES (${userId}, 'borrower', 'Asha', 'asha@example.com', 'x')`.execute(
        db,
      );
      await sql`INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ('digest-of-a-live-token', ${userId}, now() + interval '20 minutes')`.execute(
        db,
      );
      const leaking = randomUUID();
      const other = randomUUID();
      await sql`
        INSERT INTO emails (id, to_address, subject, text_body, html_body, template, status) VALUES
          (${leaking}, 'asha@example.com', 'Choose a new password', ${`Open this link:\nhttps://portal.example.test/Auth/confirm-password/${token}\n`},
           ${`<a href="https://portal.example.test/Auth/confirm-password/${token}">Choose</a>`}, 'password-reset', 'failed'),
          (${other}, 'ravi@example.com', 'Welcome', 'Hello Ravi', NULL, 'welcome', 'sent')`.execute(db);

      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const rows = await sql<{
        id: string;
        row: string;
        has_secrets: boolean;
      }>`SELECT id, e::text AS row, has_secrets FROM emails e`.execute(db);
      expect(rows.rows.map((r) => r.row).join('\n')).not.toContain(token);
      const redacted = rows.rows.find((r) => r.id === leaking)!;
      expect(redacted.has_secrets).toBe(true);
      expect(redacted.row).toContain('/Auth/confirm-password/{{secret:reset-token}}');
      expect(rows.rows.find((r) => r.id === other)).toMatchObject({ has_secrets: false });
      expect(rows.rows.find((r) => r.id === other)!.row).toContain('Hello Ravi');
      const resets = await sql<{ used: boolean }>`SELECT used_at IS NOT NULL AS used FROM password_resets`.execute(db);
      expect(resets.rows).toEqual([{ used: true }]);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
