import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { issueRowSchema, issueSchema, myIssueRowSchema, myIssueSchema } from '../../src/content/http/help-issue.schemas.js';
import { WorkerHost } from '../../src/platform/worker-host.js';
import { bearer, expectFieldProblem, expectProblem, loanIn } from '../support/loan-api.js';
import { upload } from '../support/profile-api.js';
import { pdf } from '../support/sample-files.js';
import { startSmtp } from '../support/smtp.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let staff: string;
let adminId: string;
type Borrower = Awaited<ReturnType<typeof registerBorrower>> & { email: string };
let alice: Borrower;
let bob: Borrower;

async function borrower(name: string): Promise<Borrower> {
  const b = await registerBorrower(t.http, name);
  return { ...b, email: (await t.http.get('/api/me').set(bearer(b.token)).expect(200)).body.user.email as string };
}

const raise = (token: string, body: Record<string, unknown>) => t.http.post('/api/me/issues').set(bearer(token)).send(body);
const staffReply = (id: string, body: Record<string, unknown>) =>
  t.http.post(`/api/admin/issues/${id}/replies`).set(bearer(staff)).send(body);
const move = (id: string, body: Record<string, unknown>) => t.http.put(`/api/admin/issues/${id}`).set(bearer(staff)).send(body);

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp('help_issues', { SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.test', ISSUE_SLA_HOURS: '24' });
  await t.app.get(WorkerHost).start({ queues: ['email'] });
  staff = await loginStaff(t.http);
  adminId = (await t.http.get('/api/users/admin').set(bearer(staff)).expect(200)).body.user._id;
  alice = await borrower('Alice Issue');
  bob = await borrower('Bob Issue');
});

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

describe('a borrower raises and follows issues', () => {
  it('raises one about their loan with an upload attached; sees it in their list; another borrower gets 404', async () => {
    const loan = await loanIn(t.http, 'active', alice.token, staff);
    const document = (await upload(t.http, alice.token, 'bankStatement', pdf('Duplicate debit')).expect(201)).body.id as string;
    const created = myIssueSchema.parse(
      (
        await raise(alice.token, {
          category: 'repayment',
          loanId: loan.id,
          message: '  I was charged twice  ',
          attachmentIds: [document],
        }).expect(201)
      ).body,
    );
    expect(created).toMatchObject({
      category: 'repayment',
      loanId: loan.id,
      message: 'I was charged twice',
      status: 'open',
      overdue: false,
      slaHours: 24,
      attachmentCount: 1,
      replies: [],
    });
    expect(created.attachments).toEqual([
      expect.objectContaining({ id: document, contentType: 'application/pdf', url: `/api/me/documents/${document}` }),
    ]);

    const mine = z.array(myIssueRowSchema).parse((await t.http.get('/api/me/issues').set(bearer(alice.token)).expect(200)).body);
    expect(mine.map((i) => i.id)).toContain(created.id);
    expect((await t.http.get('/api/me/issues').set(bearer(bob.token)).expect(200)).body).toEqual([]);

    const theirs = expectProblem(await t.http.get(`/api/me/issues/${created.id}`).set(bearer(bob.token)), 404, 'not-found');
    const none = expectProblem(await t.http.get(`/api/me/issues/${randomUUID()}`).set(bearer(bob.token)), 404, 'not-found');
    expect(theirs.title).toBe(none.title);
    expectProblem(
      await t.http.post(`/api/me/issues/${created.id}/replies`).set(bearer(bob.token)).send({ message: 'mine now?' }),
      404,
      'not-found',
    );
    expect((await t.http.get(`/api/admin/issues/${created.id}`).set(bearer(staff)).expect(200)).body.messages).toEqual([]);
  });

  it("refuses bad fields, another borrower's loan or upload, and stores nothing", async () => {
    const before = await t.runtime.db.selectFrom('help_issues').select('id').execute();
    expectFieldProblem(await raise(alice.token, { category: 'gossip', message: '' }), ['category', 'message']);
    expectFieldProblem(await raise(alice.token, { category: 'other', message: 'x'.repeat(4001) }), ['message']);
    expectFieldProblem(await raise(alice.token, { category: 'other', message: 'hi', loanId: 'not-a-uuid', extra: 1 }), ['loanId', 'extra']);
    const bobsLoan = await loanIn(t.http, 'new', bob.token, staff);
    const bobsDoc = (await upload(t.http, bob.token, 'salarySlip', pdf()).expect(201)).body.id as string;
    const fields = expectFieldProblem(
      await raise(alice.token, { category: 'other', message: 'hi', loanId: bobsLoan.id, attachmentIds: [bobsDoc] }),
      ['loanId', 'attachmentIds'],
    );
    expect(fields.map((f) => f.message).join(' ')).toMatch(/one of your loans/);
    expect(await t.runtime.db.selectFrom('help_issues').select('id').execute()).toEqual(before);
  });
});

describe('staff work issues', () => {
  it('a public reply is emailed to the borrower through the issue-replied template and shown to them; an internal note is neither', async () => {
    // A borrower with no loans, so the only email they get is the reply.
    const carol = await borrower('Carol Issue');
    const issue = (await raise(carol.token, { category: 'disbursal', message: 'Where is my money?' }).expect(201)).body;

    const noted = issueSchema.parse(
      (await staffReply(issue.id, { message: 'Checking with the bank, ref SECRET-NOTE-42', internal: true }).expect(201)).body,
    );
    expect(noted.status).toBe('open');
    expect(noted.messages).toEqual([expect.objectContaining({ internal: true, emailed: false, author: 'staff' })]);

    const replied = issueSchema.parse((await staffReply(issue.id, { message: 'We paid it out today: UTR 9911.' }).expect(201)).body);
    expect(replied.status).toBe('inProgress');
    expect(replied.messages.map((m) => [m.internal, m.emailed])).toEqual([
      [true, false],
      [false, true],
    ]);

    const mail = await smtp.next(carol.email);
    expect(mail.subject).toBe(`Re: your issue #${issue.number} (Disbursal)`);
    expect(mail.text).toContain('We paid it out today: UTR 9911.');
    expect(mail.text).toContain(`https://portal.example.test/User/Help?issue=${issue.id}`);
    expect(mail.text).not.toContain('SECRET-NOTE-42');
    // Only the one email: the note was not sent, to anyone.
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.filter((m) => JSON.stringify(m).includes('SECRET-NOTE-42'))).toEqual([]);
    const logged = await t.runtime.db
      .selectFrom('emails')
      .select(['template', 'text_body'])
      .where('template', '=', 'issue-replied')
      .execute();
    expect(logged.some((e) => e.text_body.includes('SECRET-NOTE-42'))).toBe(false);

    const seen = myIssueSchema.parse((await t.http.get(`/api/me/issues/${issue.id}`).set(bearer(carol.token)).expect(200)).body);
    expect(seen.replies).toEqual([expect.objectContaining({ from: 'support', message: 'We paid it out today: UTR 9911.' })]);
    expect(JSON.stringify(seen)).not.toContain('SECRET-NOTE-42');

    // The borrower answers; staff see it.
    await t.http.post(`/api/me/issues/${issue.id}/replies`).set(bearer(carol.token)).send({ message: 'Received, thank you' }).expect(201);
    const detail = issueSchema.parse((await t.http.get(`/api/admin/issues/${issue.id}`).set(bearer(staff)).expect(200)).body);
    expect(detail.messages.at(-1)).toMatchObject({ author: 'borrower', authorName: 'Carol Issue', message: 'Received, thank you' });
  });

  it('assigns and moves an issue along open → in progress → resolved → closed, each change audited; an illegal move changes nothing', async () => {
    const issue = (await raise(alice.token, { category: 'account', message: 'Cannot sign in on my phone' }).expect(201)).body;
    expectProblem(await move(issue.id, { status: 'closed' }), 409, 'illegal-transition');
    expectFieldProblem(await move(issue.id, { assignedTo: randomUUID() }), ['assignedTo']);
    expectFieldProblem(await move(issue.id, {}), ['status']);
    expectFieldProblem(await move(issue.id, { status: 'done' }), ['status']);

    const assigned = issueSchema.parse((await move(issue.id, { assignedTo: adminId, status: 'inProgress' }).expect(200)).body);
    expect(assigned).toMatchObject({ status: 'inProgress', assignedTo: adminId, nextStatuses: ['resolved'] });
    const resolved = issueSchema.parse((await move(issue.id, { status: 'resolved' }).expect(200)).body);
    expect(resolved.resolvedAt).not.toBeNull();
    // A borrower's reply reopens a resolved issue.
    expect(
      (await t.http.post(`/api/me/issues/${issue.id}/replies`).set(bearer(alice.token)).send({ message: 'Still broken' }).expect(201)).body
        .status,
    ).toBe('inProgress');
    await move(issue.id, { status: 'resolved' }).expect(200);
    const closed = issueSchema.parse((await move(issue.id, { status: 'closed' }).expect(200)).body);
    expect(closed.nextStatuses).toEqual([]);
    expectProblem(
      await t.http.post(`/api/me/issues/${issue.id}/replies`).set(bearer(alice.token)).send({ message: 'again' }),
      409,
      'closed',
    );
    expectProblem(await staffReply(issue.id, { message: 'late' }), 409, 'closed');

    expect(closed.changes.map((c) => [c.field, c.from, c.to])).toEqual([
      ['status', null, 'open'],
      ['status', 'open', 'inProgress'],
      ['assignedTo', null, 'Administrator'],
      ['status', 'inProgress', 'resolved'],
      ['reply', null, expect.any(String)],
      ['status', 'resolved', 'inProgress'],
      ['status', 'inProgress', 'resolved'],
      ['status', 'resolved', 'closed'],
    ]);
    expect(closed.changes[1].by).toBe('Administrator');
  });

  it('lists with filters by status, category, assignee and overdue against ISSUE_SLA_HOURS; ra-data-simple-rest paging', async () => {
    const late = (await raise(bob.token, { category: 'documents', message: 'My upload failed' }).expect(201)).body;
    await t.runtime.db
      .updateTable('help_issues')
      .set({ created_at: new Date(Date.now() - 30 * 3600_000) })
      .where('id', '=', late.id)
      .execute();
    const fresh = (await raise(bob.token, { category: 'documents', message: 'And another' }).expect(201)).body;
    await move(fresh.id, { assignedTo: adminId }).expect(200);

    const list = async (filter: object) => {
      const res = await t.http
        .get('/api/admin/issues')
        .query({ filter: JSON.stringify(filter), range: '[0,99]' })
        .set(bearer(staff))
        .expect(200);
      expect(res.headers['content-range']).toMatch(/^issues \d+-\d+\/\d+$|^issues \*\/0$/);
      return z.array(issueRowSchema).parse(res.body);
    };
    const overdue = await list({ overdue: true });
    expect(overdue.map((i) => i.id)).toContain(late.id);
    expect(overdue.map((i) => i.id)).not.toContain(fresh.id);
    expect(overdue.find((i) => i.id === late.id)).toMatchObject({ overdue: true, ageHours: 30, borrowerName: 'Bob Issue' });
    expect((await list({ overdue: false })).map((i) => i.id)).toContain(fresh.id);
    expect((await list({ category: 'documents' })).map((i) => i.id).sort()).toEqual([late.id, fresh.id].sort());
    const mine = await list({ assignedTo: adminId, status: 'open' });
    expect(mine.map((i) => i.id)).toContain(fresh.id);
    expect(mine.every((i) => i.assignedTo === adminId && i.status === 'open')).toBe(true);
    expect((await list({ q: `#${late.number}` })).map((i) => i.id)).toEqual([late.id]);
    expectFieldProblem(
      await t.http
        .get('/api/admin/issues')
        .query({ filter: JSON.stringify({ overdue: 'yes' }) })
        .set(bearer(staff)),
      ['overdue'],
    );
    expect((await t.http.get('/api/admin/issue-assignees').set(bearer(staff)).expect(200)).body).toEqual(
      expect.arrayContaining([{ id: adminId, name: 'Administrator' }]),
    );
  });

  it("staff read an issue's attachment through the issue; a document not attached to it is 404", async () => {
    const attached = (await upload(t.http, alice.token, 'identityProof', pdf('PAN card')).expect(201)).body.id as string;
    const other = (await upload(t.http, alice.token, 'addressProof', pdf('Rent deed')).expect(201)).body.id as string;
    const issue = (await raise(alice.token, { category: 'documents', message: 'See my PAN', attachmentIds: [attached] }).expect(201)).body;
    const res = await t.http.get(`/api/admin/issues/${issue.id}/attachments/${attached}`).set(bearer(staff)).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expectProblem(await t.http.get(`/api/admin/issues/${issue.id}/attachments/${other}`).set(bearer(staff)), 404, 'not-found');
  });

  it('a borrower and staff without issues.manage are refused', async () => {
    const issue = (await raise(alice.token, { category: 'other', message: 'Hello' }).expect(201)).body;
    expectProblem(await t.http.get('/api/admin/issues').set(bearer(alice.token)), 403, 'forbidden');
    expectProblem(await staffReply(issue.id, { message: 'x' }).set(bearer(alice.token)), 403, 'forbidden');
    const role = await t.http
      .post('/api/admin/roles')
      .set(bearer(staff))
      .send({ name: 'Loan reader', permissions: ['loans.view'] })
      .expect(201);
    const email = `reader.${randomUUID().slice(0, 6)}@test.local`;
    await t.http
      .post('/api/admin/users')
      .set(bearer(staff))
      .send({ name: 'Reader', email, password: 'staff-password-1', roleId: role.body.id })
      .expect(201);
    const reader = (await t.http.post('/api/auth/login').send({ email, password: 'staff-password-1' }).expect(200)).body.token;
    expectProblem(
      await t.http.post(`/api/admin/issues/${issue.id}/replies`).set(bearer(reader)).send({ message: 'x' }),
      403,
      'missing-permission',
    );
    expectProblem(await t.http.post('/api/me/issues').set(bearer(staff)).send({ category: 'other', message: 'x' }), 403, 'forbidden');
  });
});
