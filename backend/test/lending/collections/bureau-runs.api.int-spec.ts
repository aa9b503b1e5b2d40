import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { bureauRunSchema } from '../../../src/lending/collections/http/bureau-runs.schemas.js';
import { bureauFileProblems } from '../../../src/lending/collections/domain/bureau/bureau-file.js';
import { checkTudfFile, fieldOf } from '../../../src/lending/collections/domain/bureau/tudf.js';
import { accountNumberOf } from '../../../src/lending/collections/domain/bureau/bureau-account.js';
import { bearer, expectFieldProblem, expectProblem, loanIn, type LoanHandle } from '../../support/loan-api.js';
import { completeProfile } from '../../support/profile-api.js';
import { ADMIN, registerBorrower, staffWithRole, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Issue 33 item 7, credit bureau reporting on a real database: two loans paid out on 2026-11-21 (loanIn), one of a
 * borrower with a complete profile and one of a borrower who never gave a PAN, date of birth or address. The November
 * file holds the first only and passes the parser-validator; the second is in the validation report with its
 * reasons. A month not yet ended, bad input, the wrong role and a cross-site request are refused and store nothing.
 */
const member = { id: 'NB12340001', shortName: 'OPENLENDING' };
let t: TestApp;
let admin: string;
let operations: string;
let viewer: string;
let asha: { token: string; user: { _id: string } };
let ravi: { token: string; user: { _id: string } };
let reported: LoanHandle;
let unreportable: LoanHandle;
let runId: string;

const runCount = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM bureau_runs`.execute(t.runtime.db)).rows[0].n);

beforeAll(async () => {
  t = await startTestApp('bureau', {
    BUSINESS_DATE_MODE: 'manual',
    BUREAU_MEMBER_ID: member.id,
    BUREAU_MEMBER_SHORT_NAME: member.shortName,
  });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  operations = await staffWithRole(t.http, admin, 'operations-manager');
  viewer = await staffWithRole(t.http, admin, 'viewer');
  asha = await registerBorrower(t.http, 'Asha Rao');
  ravi = await registerBorrower(t.http, 'Ravi Kumar');
  await completeProfile(t.http, asha.token);
  await t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date: '2026-12-01' }).expect(200);
  reported = await loanIn(t.http, 'active', asha.token, admin);
  unreportable = await loanIn(t.http, 'active', ravi.token, admin);
});

afterAll(async () => {
  await t?.close();
});

describe('generating the November file', () => {
  it('holds the loan whose borrower can be reported, passes the parser-validator, and lists the other with its reasons', async () => {
    const res = await t.http.post('/api/admin/bureau-runs').set(bearer(operations)).send({ month: '2026-11' }).expect(201);
    const run = bureauRunSchema.parse(res.body);
    runId = run.id;
    expect(run).toMatchObject({
      month: '2026-11',
      asOf: '2026-11-30',
      loansConsidered: 2,
      recordsReported: 1,
      recordsRejected: 1,
      fileName: 'tudf-2026-11.txt',
    });

    const file = await t.http.get(`/api/admin/bureau-runs/${runId}/file`).set(bearer(operations)).expect(200);
    expect(file.headers['content-type']).toMatch(/^text\/plain/);
    expect(file.headers['content-disposition']).toBe('attachment; filename="tudf-2026-11.txt"');
    expect(bureauFileProblems(file.text, member, '2026-11-30', 1)).toEqual([]);
    const [record] = checkTudfFile(file.text).parsed!.records;
    expect(fieldOf(record, 'PN', '01')).toBe('ASHA RAO');
    expect(fieldOf(record, 'ID', '02')).toBe('ABCDE1234F');
    expect(fieldOf(record, 'PA', '07')).toBe('560001');
    expect(fieldOf(record, 'TL', '03')).toBe(accountNumberOf(reported.id));
    expect(fieldOf(record, 'TL', '08')).toBe('21112026');
    expect(fieldOf(record, 'TL', '12')).toBe('100000');
    expect(fieldOf(record, 'TL', '13')).toBe('100000');
    expect(fieldOf(record, 'TL', '15')).toBe('0');
    expect(file.text).not.toContain(accountNumberOf(unreportable.id));
    expect(file.text).not.toContain('RAVI');

    const report = (await t.http.get(`/api/admin/bureau-runs/${runId}/report`).set(bearer(operations)).expect(200)).body;
    expect(report).toEqual({
      month: '2026-11',
      rejected: [
        {
          loanId: unreportable.id,
          loanType: 'EMI',
          borrowerId: ravi.user._id,
          borrowerName: 'Ravi Kumar',
          problems: expect.arrayContaining([
            { field: 'pan', reason: 'missing' },
            { field: 'dateOfBirth', reason: 'missing' },
            { field: 'address', reason: 'missing' },
          ]),
        },
      ],
    });
    const csv = await t.http.get(`/api/admin/bureau-runs/${runId}/report`).query({ format: 'csv' }).set(bearer(operations)).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text.split('\r\n')[0]).toBe('loanId,borrowerId,borrowerName,field,reason');
    expect(csv.text).toContain(`${unreportable.id},${ravi.user._id},Ravi Kumar,pan,missing`);
  });

  it('lists the runs with Content-Range and answers one run by id', async () => {
    const list = await t.http.get('/api/admin/bureau-runs').query({ range: '[0,9]' }).set(bearer(operations)).expect(200);
    expect(list.headers['content-range']).toBe('bureau-runs 0-0/1');
    expect(list.body.map((r: { id: string }) => r.id)).toEqual([runId]);
    const one = (await t.http.get(`/api/admin/bureau-runs/${runId}`).set(bearer(admin)).expect(200)).body;
    expect(one).toMatchObject({ id: runId, recordsReported: 1, generatedBy: { name: 'Staff operations-manager' } });
    expectProblem(await t.http.get('/api/admin/bureau-runs/00000000-0000-4000-8000-000000000000').set(bearer(admin)), 404);
    expectFieldProblem(await t.http.get('/api/admin/bureau-runs/not-a-uuid').set(bearer(admin)), ['id']);
  });
});

describe('refusals store nothing', () => {
  it('a month not yet ended (the current one, a future one) or a malformed month is 400 with the field', async () => {
    const before = await runCount();
    for (const body of [
      { month: '2026-12' },
      { month: '2027-01' },
      { month: '2026-13' },
      { month: 'November' },
      {},
      { month: '2026-11', extra: 1 },
    ]) {
      const res = await t.http.post('/api/admin/bureau-runs').set(bearer(admin)).send(body);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.fields.length).toBeGreaterThan(0);
    }
    expectFieldProblem(await t.http.post('/api/admin/bureau-runs').set(bearer(admin)).send({ month: '2026-12' }), ['month']);
    expectFieldProblem(await t.http.get(`/api/admin/bureau-runs/${runId}/report`).query({ format: 'xml' }).set(bearer(admin)), ['format']);
    expect(await runCount()).toBe(before);
  });

  it('staff without bureau.report, a borrower and anonymous callers are refused; so is a cross-site request', async () => {
    const before = await runCount();
    expectProblem(await t.http.post('/api/admin/bureau-runs').set(bearer(viewer)).send({ month: '2026-11' }), 403);
    expectProblem(await t.http.get('/api/admin/bureau-runs').set(bearer(viewer)), 403);
    expectProblem(await t.http.get(`/api/admin/bureau-runs/${runId}/file`).set(bearer(viewer)), 403);
    expectProblem(await t.http.get(`/api/admin/bureau-runs/${runId}/report`).set(bearer(asha.token)), 403);
    expectProblem(await t.http.post('/api/admin/bureau-runs').set(bearer(asha.token)).send({ month: '2026-11' }), 403);
    expectProblem(await t.http.get(`/api/admin/bureau-runs/${runId}/file`), 401);
    const login = await t.http.post('/api/auth/login').send(ADMIN).expect(200);
    const cookie = String((login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('token='))).split(';')[0];
    expectProblem(
      await t.http.post('/api/admin/bureau-runs').set('Cookie', cookie).set('Origin', 'https://evil.example').send({ month: '2026-11' }),
      403,
      'csrf-refused',
    );
    expect(await runCount()).toBe(before);
  });
});
