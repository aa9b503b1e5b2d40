import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { monthOf } from '../../src/content/domain/grievance.js';
import { grievanceReportSchema, myIssueSchema } from '../../src/content/http/help-issue.schemas.js';
import { CLOCK, type Clock } from '../../src/platform/clock.js';
import { bearer, expectFieldProblem, expectProblem } from '../support/loan-api.js';
import { ADMIN, loginStaff, registerBorrower, staffWithRole, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 33 item 4, grievances, over HTTP on a real database: a complaint owned by the grievance officer the KFS names,
 * escalated when not resolved within 30 days (the edge: a second before and exactly 30 days, by the CLOCK port), the
 * RBI complaint portal shown to the borrower once escalated, the monthly report in JSON and CSV, and who may see it.
 */
let t: TestApp;
let staff: string;
let clock: Clock;
let alice: Awaited<ReturnType<typeof registerBorrower>>;
const DAY = 24 * 3600_000;

const raise = (body: Record<string, unknown>) => t.http.post('/api/me/issues').set(bearer(alice.token)).send(body).expect(201);
const escalate = async () => (await t.http.post('/api/admin/grievances/escalate').set(bearer(staff)).send({}).expect(200)).body;
const receivedAt = async (id: string) =>
  new Date((await t.runtime.db.selectFrom('help_issues').select('created_at').where('id', '=', id).executeTakeFirstOrThrow()).created_at);
const itIs = (at: Date) => jest.spyOn(clock, 'now').mockReturnValue(at);

let complaintId: string;
let received: Date;

beforeAll(async () => {
  t = await startTestApp('grievances', {
    GRIEVANCE_OFFICER_NAME: 'Priya Sharma',
    GRIEVANCE_OFFICER_EMAIL: 'grievance@lender.test',
    GRIEVANCE_OFFICER_PHONE: '+91 80 4000 1234',
  });
  staff = await loginStaff(t.http);
  clock = t.app.get<symbol, Clock>(CLOCK);
  alice = await registerBorrower(t.http, 'Alice Grievance');
});

afterAll(async () => {
  jest.restoreAllMocks();
  await t?.close();
});

describe('a complaint is owned by the grievance officer the KFS names', () => {
  it('raised as a complaint, it names the officer and its 30-day due date to the borrower and to staff; other issues have none', async () => {
    const created = myIssueSchema.parse((await raise({ category: 'complaint', message: 'I was charged a fee the KFS did not show' })).body);
    complaintId = created.id;
    received = await receivedAt(created.id);
    expect(created.grievance).toEqual({
      officer: { name: 'Priya Sharma', phone: '+91 80 4000 1234', email: 'grievance@lender.test' },
      dueAt: new Date(received.getTime() + 30 * DAY).toISOString(),
      slaDays: 30,
      escalated: false,
      escalatedAt: null,
      rbiPortal: null,
    });
    const forStaff = (await t.http.get(`/api/admin/issues/${created.id}`).set(bearer(staff)).expect(200)).body;
    expect(forStaff.grievance.officer.name).toBe('Priya Sharma');
    expect(forStaff.changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'owner', to: 'Priya Sharma (grievance officer)' })]),
    );

    const other = (await raise({ category: 'repayment', message: 'When is my next instalment due?' })).body;
    expect(other.grievance).toBeNull();
  });
});

describe('not resolved in 30 days, a complaint is escalated and the borrower is shown the RBI complaint portal', () => {
  it('a second before 30 days nothing is escalated; at exactly 30 days it is, once', async () => {
    itIs(new Date(received.getTime() + 30 * DAY - 1000));
    expect(await escalate()).toEqual({ escalated: [] });
    const before = (await t.http.get(`/api/me/issues/${complaintId}`).set(bearer(alice.token)).expect(200)).body;
    expect(before.grievance).toMatchObject({ escalated: false, rbiPortal: null });

    const at = new Date(received.getTime() + 30 * DAY);
    itIs(at);
    expect((await escalate()).escalated).toEqual([expect.objectContaining({ id: complaintId })]);
    expect(await escalate()).toEqual({ escalated: [] });

    const mine = myIssueSchema.parse((await t.http.get(`/api/me/issues/${complaintId}`).set(bearer(alice.token)).expect(200)).body);
    expect(mine.grievance).toMatchObject({ escalated: true, escalatedAt: at.toISOString(), rbiPortal: { url: 'https://cms.rbi.org.in' } });
    expect(mine.grievance!.rbiPortal!.steps.join(' ')).toMatch(/File A Complaint.*complaint number/);
    const audit = (await t.http.get(`/api/admin/issues/${complaintId}`).set(bearer(staff)).expect(200)).body.changes;
    expect(audit).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'escalated', by: 'system:grievances' })]));

    // The borrower is told by email, once: the officer, the RBI portal and the complaint number to quote.
    const emails = await t.runtime.db
      .selectFrom('emails')
      .selectAll()
      .where('user_id', '=', alice.user._id)
      .where('template', '=', 'complaint-escalated')
      .execute();
    expect(emails).toHaveLength(1);
    expect(emails[0].subject).toMatch(/^Your complaint #\d+: you can now take it to the RBI$/);
    expect(emails[0].text_body).toContain('Priya Sharma (grievance@lender.test)');
    expect(emails[0].text_body).toContain('https://cms.rbi.org.in');
  });

  it('a complaint resolved in time is never escalated', async () => {
    const resolved = (await raise({ category: 'complaint', message: 'My NOC has not arrived' })).body.id as string;
    itIs(new Date());
    await t.http.put(`/api/admin/issues/${resolved}`).set(bearer(staff)).send({ status: 'inProgress' }).expect(200);
    await t.http.put(`/api/admin/issues/${resolved}`).set(bearer(staff)).send({ status: 'resolved' }).expect(200);
    itIs(new Date(Date.now() + 90 * DAY));
    expect(await escalate()).toEqual({ escalated: [] });
  });
});

describe('the monthly grievance report', () => {
  it('counts complaints received, resolved, resolved within 30 days and escalated, in JSON and as CSV', async () => {
    const month = monthOf(received, 'Asia/Kolkata');
    const report = grievanceReportSchema.parse(
      (await t.http.get('/api/admin/grievances/report').query({ month }).set(bearer(staff)).expect(200)).body,
    );
    expect(report).toEqual({ month, received: 2, resolved: 1, resolvedWithinSla: 1, escalated: 0, slaDays: 30 });
    const escalatedIn = monthOf(new Date(received.getTime() + 30 * DAY), 'Asia/Kolkata');
    expect(
      (await t.http.get('/api/admin/grievances/report').query({ month: escalatedIn }).set(bearer(staff)).expect(200)).body,
    ).toMatchObject({
      escalated: 1,
    });

    const csv = await t.http.get('/api/admin/grievances/report.csv').query({ month }).set(bearer(staff)).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="grievances-${month}.csv"`);
    expect(csv.text).toBe(`month,received,resolved,resolved_within_sla,escalated,sla_days\r\n${month},2,1,1,0,30\r\n`);

    expectFieldProblem(await t.http.get('/api/admin/grievances/report').query({ month: '2026-13' }).set(bearer(staff)), ['month']);
  });

  it('only staff holding grievances.view see it; escalating takes issues.manage; a cross-site request is refused', async () => {
    const month = monthOf(received, 'Asia/Kolkata');
    const path = `/api/admin/grievances/report?month=${month}`;
    await t.http
      .get(path)
      .set(bearer(await staffWithRole(t.http, staff, 'operations-manager')))
      .expect(200);
    expectProblem(await t.http.get(path).set(bearer(await staffWithRole(t.http, staff, 'collections-agent'))), 403);
    expectProblem(await t.http.get(`/api/admin/grievances/report.csv?month=${month}`).set(bearer(alice.token)), 403);
    expectProblem(await t.http.get(path), 401);
    expectProblem(await t.http.post('/api/admin/grievances/escalate').set(bearer(alice.token)).send({}), 403);

    const login = await t.http.post('/api/auth/login').send(ADMIN).expect(200);
    const cookie = String((login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('token='))).split(';')[0];
    expectProblem(
      await t.http.post('/api/admin/grievances/escalate').set('Cookie', cookie).set('Origin', 'https://evil.example').send({}),
      403,
      'csrf-refused',
    );
  });
});
