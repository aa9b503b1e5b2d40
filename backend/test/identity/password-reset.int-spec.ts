import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { WorkerHost } from '../../src/platform/worker-host.js';
import { bearer, expectFieldProblem, expectProblem } from '../support/loan-api.js';
import { startSmtp } from '../support/smtp.js';
import { registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

/** Forgot / reset password end to end: the link arrives by real SMTP, sent by the worker's email job. */

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp('password_reset', { SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.test' });
  await t.app.get(WorkerHost).start({ queues: ['email'] });
});

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

async function emailOf(token: string): Promise<string> {
  return (await t.http.get('/api/me').set(bearer(token)).expect(200)).body.user.email;
}

const linkIn = (text: string) => /https:\/\/portal\.example\.test\/Auth\/confirm-password\/([A-Za-z0-9_-]+)/.exec(text);

describe('forgot password', () => {
  it('emails a single-use link to /Auth/confirm-password/{id}; the reset ends every session and the new password works', async () => {
    const borrower = await registerBorrower(t.http);
    const email = await emailOf(borrower.token);
    const asked = await t.http.post('/api/auth/forgot-password').send({ email: email.toUpperCase() }).expect(202);
    expect(asked.body).toEqual({ message: 'If an account exists for that address, we have sent it a link to choose a new password.' });

    const mail = await smtp.next(email);
    expect(mail.subject).toBe('Choose a new password');
    const link = linkIn(mail.text ?? '');
    expect(link).not.toBeNull();
    expect(mail.text).toContain('expires in 30 minutes');
    const id = link![1];
    // Only a digest of the id is stored.
    const stored = await sql<{ token_hash: string }>`SELECT token_hash FROM password_resets`.execute(t.runtime.db);
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(id);

    const done = await t.http.post('/api/auth/reset-password').send({ id, password: 'a brand new password' }).expect(200);
    expect(done.body.message).toMatch(/changed/);
    expectProblem(await t.http.get('/api/me/loans').set(bearer(borrower.token)), 401, 'session-revoked');
    await t.http.post('/api/auth/login').send({ email, password: 'a brand new password' }).expect(200);
    expectProblem(await t.http.post('/api/auth/login').send({ email, password: 'borrower-password' }), 401, 'invalid-credentials');

    // Single use: the same link again is refused and changes nothing.
    expectFieldProblem(
      await t.http.post('/api/auth/reset-password').send({ id, password: 'yet another password' }),
      ['id'],
      'reset-link-invalid',
    );
    await t.http.post('/api/auth/login').send({ email, password: 'a brand new password' }).expect(200);

    // The email log records it as sent.
    const row = await sql<{
      status: string;
      template: string;
      attempts: number;
    }>`SELECT status, template, attempts FROM emails WHERE to_address = ${email}`.execute(t.runtime.db);
    expect(row.rows).toEqual([{ status: 'sent', template: 'password-reset', attempts: 1 }]);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = await sql<{ n: string }>`SELECT count(*) AS n FROM emails`.execute(t.runtime.db);
    const res = await t.http.post('/api/auth/forgot-password').send({ email: 'nobody.here@example.com' }).expect(202);
    expect(res.body).toEqual({ message: 'If an account exists for that address, we have sent it a link to choose a new password.' });
    const after = await sql<{ n: string }>`SELECT count(*) AS n FROM emails`.execute(t.runtime.db);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('an expired link is refused', async () => {
    const borrower = await registerBorrower(t.http);
    const email = await emailOf(borrower.token);
    await t.http.post('/api/auth/forgot-password').send({ email }).expect(202);
    const id = linkIn((await smtp.next(email)).text ?? '')![1];
    await sql`UPDATE password_resets SET expires_at = now() - interval '1 second'`.execute(t.runtime.db);
    expectFieldProblem(
      await t.http.post('/api/auth/reset-password').send({ id, password: 'a brand new password' }),
      ['id'],
      'reset-link-invalid',
    );
    await t.http.get('/api/me/loans').set(bearer(borrower.token)).expect(200);
  });

  it('a newer link makes the older one useless once used, and bad input names its fields', async () => {
    const borrower = await registerBorrower(t.http);
    const email = await emailOf(borrower.token);
    await t.http.post('/api/auth/forgot-password').send({ email }).expect(202);
    const first = linkIn((await smtp.next(email)).text ?? '')![1];
    await t.http.post('/api/auth/forgot-password').send({ email }).expect(202);
    const second = linkIn((await smtp.next(email)).text ?? '')![1];
    await t.http.post('/api/auth/reset-password').send({ id: second, password: 'second password ok' }).expect(200);
    expectFieldProblem(
      await t.http.post('/api/auth/reset-password').send({ id: first, password: 'first password no' }),
      ['id'],
      'reset-link-invalid',
    );
    expectFieldProblem(
      await t.http.post('/api/auth/reset-password').send({ id: 'x', password: 'short' }),
      ['id', 'password'],
      'validation-failed',
    );
    expectFieldProblem(await t.http.post('/api/auth/forgot-password').send({ email: 'not-an-email' }), ['email'], 'validation-failed');
  });
});
