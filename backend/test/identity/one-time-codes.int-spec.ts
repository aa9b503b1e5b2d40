import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { bearer, expectFieldProblem, expectProblem } from '../support/loan-api.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

/** One-time codes by SMS (issue 14): the code read from the SMS log, its limits, and what an attacker gets. */

let t: TestApp;
let staff: string;
let phoneCounter = 0;
const freshPhone = () => `+917000${String(Date.now()).slice(-4)}${String(++phoneCounter).padStart(2, '0')}`;

beforeAll(async () => {
  t = await startTestApp('one_time_codes', { RATE_LIMIT_OTP_PER_PHONE: '3', RATE_LIMIT_OTP_PER_IP: '1000' });
  staff = await loginStaff(t.http);
});

afterAll(async () => {
  await t?.close();
});

async function codeFromSmsLog(phone: string): Promise<string> {
  const res = await t.http
    .get('/api/admin/sms')
    .query({ filter: JSON.stringify({ to: phone }) })
    .set(bearer(staff))
    .expect(200);
  expect(res.headers['content-range']).toMatch(/^sms 0-\d+\/\d+$/);
  const match = /\b(\d{6})\b/.exec(res.body[0].body as string);
  expect(match).not.toBeNull();
  return match![1];
}

describe('POST /api/public/otp and /verify', () => {
  it('sends a code by SMS (recorded in the log, stored only as a hash) and answers a proof for the right code', async () => {
    const phone = freshPhone();
    const sent = await t.http.post('/api/public/otp').send({ phone, purpose: 'quick-start' }).expect(202);
    expect(sent.body).toEqual({ phone, purpose: 'quick-start', expiresAt: expect.any(String), digits: 6 });
    expect(JSON.stringify(sent.body)).not.toMatch(/\b\d{6}\b/);
    const code = await codeFromSmsLog(phone);
    const rows = await t.runtime.db.selectFrom('otp_challenges').selectAll().where('phone', '=', phone).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    const verified = await t.http.post('/api/public/otp/verify').send({ phone, purpose: 'quick-start', code }).expect(200);
    expect(verified.body).toEqual({ proof: expect.any(String), expiresIn: 1800 });
    // A used code does not work twice; nor for another purpose.
    expectProblem(await t.http.post('/api/public/otp/verify').send({ phone, purpose: 'quick-start', code }), 400, 'code-used');
    expectProblem(await t.http.post('/api/public/otp/verify').send({ phone, purpose: 'phone', code }), 400, 'no-code');
  });

  it('refuses e-sign codes (only the signing flows send them to the registered phone): no SMS, no row, no try taken', async () => {
    const phone = freshPhone();
    const count = async () =>
      Number(
        (
          await t.runtime.db
            .selectFrom('sms_log')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('to_phone', '=', phone)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const refused = expectFieldProblem(
      await t.http.post('/api/public/otp').send({ phone, purpose: 'e-sign' }),
      ['purpose'],
      'validation-failed',
    );
    expect(refused.find((f) => f.name === 'purpose')!.message).toMatch(/quick-start, phone/);
    expect(await count()).toBe(0);
    expect(await t.runtime.db.selectFrom('otp_challenges').select('id').where('phone', '=', phone).execute()).toHaveLength(0);
    // A pending signing code (sent by the signing flow) cannot be guessed at or burnt through the public route.
    await t.http.post('/api/public/otp').send({ phone, purpose: 'phone' }).expect(202);
    await sql`UPDATE otp_challenges SET purpose = 'e-sign' WHERE phone = ${phone}`.execute(t.runtime.db);
    expectFieldProblem(
      await t.http.post('/api/public/otp/verify').send({ phone, purpose: 'e-sign', code: '000000' }),
      ['purpose'],
      'validation-failed',
    );
    const row = await t.runtime.db
      .selectFrom('otp_challenges')
      .select(['attempts', 'purpose'])
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: 0, purpose: 'e-sign' });
  });

  it('guessing: five tries, then even the right code is refused; a hundred parallel guesses get five comparisons', async () => {
    const phone = freshPhone();
    await t.http.post('/api/public/otp').send({ phone, purpose: 'quick-start' }).expect(202);
    const code = await codeFromSmsLog(phone);
    const wrong = code === '000000' ? '000001' : '000000';
    const first = expectProblem(
      await t.http.post('/api/public/otp/verify').send({ phone, purpose: 'quick-start', code: wrong }),
      400,
      'wrong-code',
    );
    expect(first).toEqual(
      expect.objectContaining({ triesLeft: 4, fields: [{ name: 'code', message: expect.stringContaining('4 tries left') }] }),
    );
    for (let i = 0; i < 4; i++)
      await t.http.post('/api/public/otp/verify').send({ phone, purpose: 'quick-start', code: wrong }).expect(400);
    expectProblem(await t.http.post('/api/public/otp/verify').send({ phone, purpose: 'quick-start', code }), 400, 'tries-exhausted');

    const other = freshPhone();
    await t.http.post('/api/public/otp').send({ phone: other, purpose: 'quick-start' }).expect(202);
    const otherCode = await codeFromSmsLog(other);
    const guesses = Array.from({ length: 100 }, (_, i) => String(i).padStart(6, '0')).filter((g) => g !== otherCode);
    const answers = await Promise.all(
      guesses.map((g) => t.http.post('/api/public/otp/verify').send({ phone: other, purpose: 'quick-start', code: g })),
    );
    expect(answers.every((a) => a.status === 400)).toBe(true);
    const row = await t.runtime.db.selectFrom('otp_challenges').select('attempts').where('phone', '=', other).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expectProblem(
      await t.http.post('/api/public/otp/verify').send({ phone: other, purpose: 'quick-start', code: otherCode }),
      400,
      'tries-exhausted',
    );
  });

  it('a code expires after five minutes; a new code replaces the old one', async () => {
    const phone = freshPhone();
    await t.http.post('/api/public/otp').send({ phone, purpose: 'phone' }).expect(202);
    const code = await codeFromSmsLog(phone);
    await sql`UPDATE otp_challenges SET expires_at = now() - interval '1 second' WHERE phone = ${phone}`.execute(t.runtime.db);
    expectProblem(await t.http.post('/api/public/otp/verify').send({ phone, purpose: 'phone', code }), 400, 'code-expired');
    await t.http.post('/api/public/otp').send({ phone, purpose: 'phone' }).expect(202);
    const second = await codeFromSmsLog(phone);
    await t.http.post('/api/public/otp/verify').send({ phone, purpose: 'phone', code: second }).expect(200);
  });

  it('limits codes per phone (429 with Retry-After) and sends nothing past the limit', async () => {
    const phone = freshPhone();
    for (let i = 0; i < 3; i++) await t.http.post('/api/public/otp').send({ phone, purpose: 'quick-start' }).expect(202);
    const refused = await t.http.post('/api/public/otp').send({ phone, purpose: 'quick-start' });
    expectProblem(refused, 429, 'too-many-requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const logged = await t.http
      .get('/api/admin/sms')
      .query({ filter: JSON.stringify({ to: phone }) })
      .set(bearer(staff))
      .expect(200);
    expect(logged.body).toHaveLength(3);
  });

  it('refuses bad input with a field list and sends nothing', async () => {
    const before = await t.runtime.db
      .selectFrom('sms_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expectFieldProblem(
      await t.http.post('/api/public/otp').send({ phone: '12', purpose: 'steal' }),
      ['phone', 'purpose'],
      'validation-failed',
    );
    expectFieldProblem(
      await t.http.post('/api/public/otp/verify').send({ phone: '+919876543210', purpose: 'quick-start', code: '12ab' }),
      ['code'],
      'validation-failed',
    );
    const after = await t.runtime.db
      .selectFrom('sms_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('per address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp('one_time_codes_ip', { RATE_LIMIT_OTP_PER_IP: '2' });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('one address cannot spray codes over many phones', async () => {
    await limited.http.post('/api/public/otp').send({ phone: freshPhone(), purpose: 'quick-start' }).expect(202);
    await limited.http.post('/api/public/otp').send({ phone: freshPhone(), purpose: 'quick-start' }).expect(202);
    expectProblem(
      await limited.http.post('/api/public/otp').send({ phone: freshPhone(), purpose: 'quick-start' }),
      429,
      'too-many-requests',
    );
  });
});

describe('GET /api/admin/sms', () => {
  it('needs sms.view: anonymous 401, a borrower 403, staff without the permission 403', async () => {
    expectProblem(await t.http.get('/api/admin/sms'), 401, 'unauthenticated');
    expectProblem(await t.http.get('/api/admin/sms').set(bearer((await registerBorrower(t.http)).token)), 403, 'forbidden');
    const role = await t.http
      .post('/api/admin/roles')
      .set(bearer(staff))
      .send({ name: 'Emails only', permissions: ['emails.view'] })
      .expect(201);
    await t.http
      .post('/api/admin/users')
      .set(bearer(staff))
      .send({ name: 'Mail Reader', email: 'mail.reader@test.local', password: 'staff-password-1', roleId: role.body.id })
      .expect(201);
    const reader = (
      await t.http.post('/api/auth/login').send({ email: 'mail.reader@test.local', password: 'staff-password-1' }).expect(200)
    ).body.token as string;
    const refused = expectProblem(await t.http.get('/api/admin/sms').set(bearer(reader)), 403, 'missing-permission');
    expect(refused.detail).toMatch(/sms\.view/);
  });

  it('refuses unknown filters and sorts', async () => {
    expectFieldProblem(
      await t.http
        .get('/api/admin/sms')
        .query({ filter: JSON.stringify({ body: 'x' }) })
        .set(bearer(staff)),
      ['filter.body'],
      'validation-failed',
    );
    expectFieldProblem(
      await t.http
        .get('/api/admin/sms')
        .query({ sort: JSON.stringify(['body', 'ASC']) })
        .set(bearer(staff)),
      ['sort'],
      'validation-failed',
    );
  });
});

describe('in production', () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await startTestApp('one_time_codes_prod', {
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(24).toString('hex'),
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    });
  });
  afterAll(async () => {
    await production?.close();
  });

  it('the SMS log keeps no code', async () => {
    const phone = freshPhone();
    await production.http.post('/api/public/otp').send({ phone, purpose: 'quick-start' }).expect(202);
    const rows = await production.runtime.db.selectFrom('sms_log').select(['body', 'status']).where('to_phone', '=', phone).execute();
    expect(rows).toEqual([{ body: '[redacted]', status: 'logged' }]);
  });
});
