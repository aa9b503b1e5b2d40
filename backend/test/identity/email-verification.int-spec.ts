import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ParsedMail } from 'mailparser';
import { WorkerHost } from '../../src/platform/worker-host.js';
import { bearer, expectFieldProblem, expectProblem } from '../support/loan-api.js';
import { startSmtp } from '../support/smtp.js';
import { ADMIN, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';

/**
 * Issue 33 item 2: the borrower proves the email on their profile (migration 0060) with a 6-digit code that arrives
 * by real SMTP (the worker's email job); documents sent on signing go only to a verified email.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp('email_verification', { SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.test' });
  await t.app.get(WorkerHost).start({ queues: ['email'] });
});

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const me = async (token: string) => (await t.http.get('/api/me').set(bearer(token)).expect(200)).body.user as Record<string, unknown>;
const send = (token: string) => t.http.post('/api/me/email-verification').set(bearer(token)).send({});
const confirm = (token: string, code: unknown) => t.http.post('/api/me/email-verification/confirm').set(bearer(token)).send({ code });
const verifiedAt = async (userId: string) =>
  (await t.runtime.db.selectFrom('users').select('email_verified_at').where('id', '=', userId).executeTakeFirstOrThrow()).email_verified_at;

const codeMails = (to: string) =>
  smtp.received.filter(
    (m) => m.subject === 'Your email verification code' && JSON.stringify(m.to).toLowerCase().includes(to.toLowerCase()),
  );

/** The code of the `n`th verification email to `to` (1-based), read at the SMTP server. */
async function emailedCode(to: string, n = 1): Promise<string> {
  let mail: ParsedMail | undefined;
  await waitFor(() => (mail = codeMails(to)[n - 1]) !== undefined, `verification email ${n} to ${to}`);
  const code = /code to verify this email address is: ([0-9]{6})/.exec(mail!.text ?? '');
  expect(code).not.toBeNull();
  return code![1]!;
}

async function borrower(name: string) {
  const b = await registerBorrower(t.http, name);
  const email = String((await me(b.token)).email);
  return { ...b, email };
}

describe('email verification', () => {
  it('a new account is not verified; the emailed code verifies it, GET /api/me says so, and the log shows the code redacted', async () => {
    const b = await borrower('Vera Verified');
    expect(await me(b.token)).toMatchObject({ email: b.email, emailVerified: false });
    const sent = await send(b.token).expect(202);
    expect(sent.body).toEqual({ email: b.email, expiresAt: expect.any(String), digits: 6 });
    expect(new Date(sent.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    const code = await emailedCode(b.email);
    // Stored only as a keyed hash; the email log keeps a placeholder (staff read [redacted]) where the code was.
    const stored = await t.runtime.db
      .selectFrom('email_verification_codes')
      .selectAll()
      .where('user_id', '=', b.user._id)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
    const logged = await t.runtime.db
      .selectFrom('emails')
      .select(['text_body', 'template'])
      .where('user_id', '=', b.user._id)
      .where('template', '=', 'email-verification')
      .executeTakeFirstOrThrow();
    expect(logged.text_body).toContain('{{secret:verification-code}}');
    expect(logged.text_body).not.toContain(code);

    const done = await confirm(b.token, code).expect(200);
    expect(done.body).toMatchObject({ id: b.user._id, email: b.email, emailVerified: true });
    expect(await me(b.token)).toMatchObject({ emailVerified: true });
    expect((await t.http.get('/api/me/profile').set(bearer(b.token)).expect(200)).body).toMatchObject({ emailVerified: true });
    expect(await verifiedAt(b.user._id)).toBeInstanceOf(Date);
    // Verified: no more codes, and the used one is gone.
    expectProblem(await send(b.token), 409, 'already-verified');
    expectProblem(await confirm(b.token, code), 409, 'already-verified');
  });

  it('a wrong code is 400 naming `code` with the tries left; the fifth wrong try voids the code, even for the right one', async () => {
    const b = await borrower('Wanda Wrong');
    await send(b.token).expect(202);
    const code = await emailedCode(b.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = expectFieldProblem(await confirm(b.token, wrong), ['code'], 'wrong-code');
    expect(first[0]!.message).toBe('That code is not right; 4 tries left.');
    for (let i = 0; i < 4; i++) expectFieldProblem(await confirm(b.token, wrong), ['code'], 'wrong-code');
    expectFieldProblem(await confirm(b.token, code), ['code'], 'tries-exhausted');
    expect(await verifiedAt(b.user._id)).toBeNull();
    // A new code works again.
    await send(b.token).expect(202);
    await confirm(b.token, await emailedCode(b.email, 2)).expect(200);
  });

  it('an expired code is refused naming `code`; bad input is 400 with the field; none sent is refused; nothing changes', async () => {
    const b = await borrower('Eddie Expired');
    expectFieldProblem(await confirm(b.token, '123456'), ['code'], 'no-code');
    await send(b.token).expect(202);
    const code = await emailedCode(b.email);
    for (const bad of ['12345', 'abcdef', undefined, 123456])
      expectFieldProblem(await confirm(b.token, bad), ['code'], 'validation-failed');
    await t.runtime.db
      .updateTable('email_verification_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', b.user._id)
      .execute();
    const expired = expectFieldProblem(await confirm(b.token, code), ['code'], 'code-expired');
    expect(expired[0]!.message).toMatch(/codes last 30 minutes/);
    expect(await verifiedAt(b.user._id)).toBeNull();
  });

  it("another borrower cannot confirm with someone else's code: codes are the caller's own", async () => {
    const alice = await borrower('Alice Owner');
    const mallory = await borrower('Mallory Other');
    await send(alice.token).expect(202);
    const code = await emailedCode(alice.email);
    expectFieldProblem(await confirm(mallory.token, code), ['code'], 'no-code');
    expect(await verifiedAt(mallory.user._id)).toBeNull();
    expect(await verifiedAt(alice.user._id)).toBeNull();
    await confirm(alice.token, code).expect(200);
  });

  it('at most 5 codes an hour: the 6th is 429 saying when to try again', async () => {
    const b = await borrower('Sam Spammy');
    for (let i = 0; i < 5; i++) await send(b.token).expect(202);
    const res = await send(b.token);
    const problem = expectProblem(res, 429, 'too-many-requests');
    expect(problem.detail).toMatch(/^Too many verification codes sent to your email\. Try again in (a minute|\d+ minutes)\.$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // The code of the last send is the one that works.
    await confirm(b.token, await emailedCode(b.email, 5)).expect(200);
  });

  it('no email on the profile is 422 no-email, and a code sent to an address the account no longer has proves nothing', async () => {
    const b = await borrower('Nora Noemail');
    await send(b.token).expect(202);
    const code = await emailedCode(b.email);
    await t.runtime.db
      .updateTable('users')
      .set({ email: `changed.${b.user._id}@example.com` })
      .where('id', '=', b.user._id)
      .execute();
    expectFieldProblem(await confirm(b.token, code), ['code'], 'no-code');
    expect(await verifiedAt(b.user._id)).toBeNull();
    await t.runtime.db.updateTable('users').set({ email: '' }).where('id', '=', b.user._id).execute();
    expectProblem(await send(b.token), 422, 'no-email');
  });

  it('staff are refused (403), anonymous is 401, and a cross-site cookie request is refused (403 csrf)', async () => {
    const staff = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token as string;
    expectProblem(await send(staff), 403, 'forbidden');
    expectProblem(await confirm(staff, '123456'), 403, 'forbidden');
    expectProblem(await t.http.post('/api/me/email-verification').send({}), 401, 'unauthenticated');
    const login = await t.http
      .post('/api/auth/register')
      .send({
        name: 'Carol Cookie',
        email: `carol${Date.now()}@example.com`,
        phone: `+9197${String(Date.now()).slice(-8)}`,
        password: 'borrower-password',
      })
      .expect(201);
    const cookie = String((login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('token='))).split(';')[0];
    for (const path of ['/api/me/email-verification', '/api/me/email-verification/confirm'])
      expectProblem(
        await t.http.post(path).set('Cookie', cookie).set('Origin', 'https://evil.example').send({ code: '123456' }),
        403,
        'csrf-refused',
      );
    expect(
      await t.runtime.db.selectFrom('email_verification_codes').select('user_id').where('user_id', '=', login.body.user._id).execute(),
    ).toEqual([]);
  });
});
