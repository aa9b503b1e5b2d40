import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { calendarDateIn } from '../../../src/platform/business-date/business-date.port.js';
import { bearer, expectFieldProblem, expectProblem, loanIn } from '../../support/loan-api.js';
import { listen } from '../../support/sockets.js';
import { ADMIN, registerBorrower, startTestApp, type TestApp } from '../../support/test-app.js';

/** Issue 12, part 2: the business date, automatic by default, set by permitted staff in manual mode. */
const PUBLIC_URL = 'https://lending.example';
const EVIL = 'https://evil.example';

const cookieOf = (setCookie: unknown) => String((setCookie as string[]).find((c) => c.startsWith('token='))).split(';')[0];

async function staffWithRole(t: TestApp, admin: string, roleId: string): Promise<string> {
  const email = `staff.${randomUUID().slice(0, 8)}@test.local`;
  await t.http
    .post('/api/admin/users')
    .set(bearer(admin))
    .send({ name: `Staff ${roleId}`, email, password: 'staff-password-1', roleId })
    .expect(201);
  return (await t.http.post('/api/auth/login').send({ email, password: 'staff-password-1' }).expect(200)).body.token as string;
}

async function changes(t: TestApp) {
  const r = await sql<{ n: string }>`SELECT count(*) AS n FROM business_date_changes`.execute(t.runtime.db);
  return Number(r.rows[0].n);
}

describe('automatic mode (the default)', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp('business-date-auto', { BUSINESS_TIMEZONE: 'Pacific/Kiritimati' });
    admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers today in BUSINESS_TIMEZONE', async () => {
    const before = calendarDateIn('Pacific/Kiritimati', new Date());
    const res = await t.http.get('/api/admin/business-date').set(bearer(admin)).expect(200);
    const after = calendarDateIn('Pacific/Kiritimati', new Date());
    expect(res.body).toEqual({ date: expect.any(String), mode: 'automatic', timeZone: 'Pacific/Kiritimati' });
    expect([before, after]).toContain(res.body.date);
  });

  it('tells anyone, signed in or not, the zone both apps write dates in (GET /api/public/settings), and nothing more', async () => {
    const res = await t.http.get('/api/public/settings').expect(200);
    expect(res.body).toEqual({ timeZone: 'Pacific/Kiritimati' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('refuses to set it: 409, and nothing is recorded', async () => {
    const body = expectProblem(
      await t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date: '2030-01-01' }),
      409,
      'business-date-is-automatic',
    );
    expect(body.detail).toMatch(/manual mode/);
    expect(await changes(t)).toBe(0);
  });
});

describe('manual mode', () => {
  let t: TestApp;
  let admin: string;
  let adminCookie: string;
  let adminId: string;
  let viewer: string;
  let borrower: { token: string };

  beforeAll(async () => {
    t = await startTestApp('business-date-manual', { BUSINESS_DATE_MODE: 'manual', PUBLIC_URL });
    await listen(t);
    const login = await t.http.post('/api/auth/login').send(ADMIN).expect(200);
    admin = login.body.token;
    adminCookie = cookieOf(login.headers['set-cookie']);
    adminId = (await t.http.get('/api/users/admin').set(bearer(admin)).expect(200)).body.user._id;
    viewer = await staffWithRole(t, admin, 'viewer');
    borrower = await registerBorrower(t.http);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is today in Asia/Kolkata until someone sets it', async () => {
    const res = await t.http.get('/api/admin/business-date').set(bearer(viewer)).expect(200);
    expect(res.body).toMatchObject({ mode: 'manual', timeZone: 'Asia/Kolkata' });
    expect(res.body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('staff with business-date.manage set it; every change is audited: who, when, from, to', async () => {
    const first = await t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date: '2026-03-31' }).expect(200);
    expect(first.body).toMatchObject({ date: '2026-03-31', mode: 'manual', setBy: adminId, setAt: expect.any(String) });
    await t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date: '2026-04-01' }).expect(200);
    expect((await t.http.get('/api/admin/business-date').set(bearer(viewer)).expect(200)).body.date).toBe('2026-04-01');
    const audit = await t.runtime.db.selectFrom('business_date_changes').selectAll().orderBy('id').execute();
    expect(audit.map((a) => [a.to_date, a.changed_by])).toEqual([
      ['2026-03-31', adminId],
      ['2026-04-01', adminId],
    ]);
    expect(audit[1].from_date).toBe('2026-03-31');
    expect(audit[1].changed_at).toBeInstanceOf(Date);
  });

  it('a payout without a date is paid out on the business date, and its schedule follows from it', async () => {
    await t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date: '2026-01-31' }).expect(200);
    const loan = await loanIn(t.http, 'disbursal.pending', borrower.token, admin);
    const res = await t.http
      .post(`/api/admin/loans/${loan.id}/disburse`)
      .set(bearer(admin))
      .send({ payoutReference: 'UTR-BD-1' })
      .expect(200);
    expect(res.body.disbursedOn).toBe('2026-01-31');
    expect(res.body.schedule[0].dueDate).toBe('2026-02-28');
  });

  it.each([
    [{ date: '2026-02-30' }, ['date']],
    [{ date: '31/03/2026' }, ['date']],
    [{ date: '0000-01-01' }, ['date']],
    [{}, ['date']],
    [{ date: '2026-04-02', reason: 'x' }, ['reason']],
  ])('refuses %p with a 400 field problem and changes nothing', async (body, fields) => {
    const before = { date: (await t.http.get('/api/admin/business-date').set(bearer(admin))).body.date, changes: await changes(t) };
    expectFieldProblem(await t.http.put('/api/admin/business-date').set(bearer(admin)).send(body), fields, 'validation-failed');
    expect({ date: (await t.http.get('/api/admin/business-date').set(bearer(admin))).body.date, changes: await changes(t) }).toEqual(
      before,
    );
  });

  it('refuses the signed-out (401), borrowers and staff without the permission (403), and cross-site cookie writes; nothing changes', async () => {
    const before = await changes(t);
    expectProblem(await t.http.get('/api/admin/business-date'), 401, 'unauthenticated');
    expectProblem(await t.http.put('/api/admin/business-date').send({ date: '2030-01-01' }), 401, 'unauthenticated');
    expectProblem(await t.http.get('/api/admin/business-date').set(bearer(borrower.token)), 403, 'forbidden');
    expectProblem(await t.http.put('/api/admin/business-date').set(bearer(borrower.token)).send({ date: '2030-01-01' }), 403, 'forbidden');
    expectProblem(await t.http.put('/api/admin/business-date').set(bearer(viewer)).send({ date: '2030-01-01' }), 403, 'missing-permission');
    expectProblem(
      await t.http.put('/api/admin/business-date').set('Cookie', adminCookie).set('Origin', EVIL).send({ date: '2030-01-01' }),
      403,
      'csrf-refused',
    );
    expect(await changes(t)).toBe(before);
    expect((await t.http.get('/api/admin/business-date').set(bearer(admin))).body.date).not.toBe('2030-01-01');
  });
});
