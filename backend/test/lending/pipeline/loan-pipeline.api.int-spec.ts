import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { rebuildProjections } from '../../../src/platform/projections/rebuild.js';
import { verifyProjections } from '../../../src/platform/projections/verify.js';
import { loanSummaryProjection } from '../../../src/lending/loan/projections/loan-summary.projection.js';
import {
  commandResultSchema,
  emiQuoteSchema,
  historyEntrySchema,
  loanAsOfSchema,
  loanDetailSchema,
  loanRowSchema,
  myCommandResultSchema,
  myLoanDetailSchema,
  myLoanSchema,
  queueCountsSchema,
} from '../../../src/lending/loan/http/loan-response.schemas.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../../support/test-app.js';
import { signAgreement } from '../../support/loan-api.js';
import { fillBankSection } from '../../support/profile-api.js';

let t: TestApp;
let staff: string;
let borrower: { token: string; user: { _id: string } };

const asBorrower = (token: string) => ({ Authorization: `Bearer ${token}` });

beforeAll(async () => {
  t = await startTestApp('pipeline');
  staff = await loginStaff(t.http);
  borrower = await registerBorrower(t.http);
});

afterAll(async () => {
  await t?.close();
});

async function takeToActive(type: 'EMI' | 'salaryAdvance') {
  const b = asBorrower(borrower.token);
  const s = asBorrower(staff);
  const body = type === 'EMI' ? { type, amount: 10_000_000, tenureMonths: 12 } : { type, amount: 2_000_000 };
  const created = await t.http.post('/api/me/loans').set(b).send(body).expect(201);
  const id = created.body.id as string;
  expect(created.body.state).toBe('new');
  expect((await t.http.post(`/api/me/loans/${id}/submit`).set(b).expect(200)).body.state).toBe('applied');
  expect((await t.http.post(`/api/admin/loans/${id}/accept`).set(s).send({}).expect(200)).body.state).toBe('soft.pending');
  expect((await t.http.post(`/api/admin/loans/${id}/approve-soft`).set(s).send({ score: 742 }).expect(200)).body.state).toBe(
    'bank.pending',
  );
  await fillBankSection(t.http, borrower.token);
  expect((await t.http.post(`/api/admin/loans/${id}/approve-bank`).set(s).send({ method: 'penny-drop' }).expect(200)).body.state).toBe(
    'consent.pending',
  );
  const issued = await t.http.post(`/api/admin/loans/${id}/issue-agreement`).set(s).send({}).expect(200);
  expect(issued.body.state).toBe('consent.customerpending');
  const pdf = await t.http
    .get(`/api/me/loans/${id}/agreement.pdf`)
    .set(b)
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    })
    .expect(200);
  expect(pdf.headers['content-type']).toBe('application/pdf');
  const hash = createHash('sha256')
    .update(pdf.body as Buffer)
    .digest('hex');
  expect(hash).toBe(issued.body.agreement.documentHash);
  expect((await signAgreement(t.http, id, hash, borrower.token, staff)).body.state).toBe('final.pending');
  expect((await t.http.post(`/api/admin/loans/${id}/approve-final`).set(s).send({}).expect(200)).body.state).toBe('disbursal.pending');
  const active = await t.http
    .post(`/api/admin/loans/${id}/disburse`)
    .set(s)
    .send({ payoutReference: 'UTR-0001', disbursedOn: '2026-11-21' })
    .expect(200);
  expect(active.body.state).toBe('active');
  // The documented answer shapes (OpenAPI is generated from these schemas) are what the server sends.
  myCommandResultSchema.parse(created.body);
  commandResultSchema.parse(issued.body);
  commandResultSchema.parse(active.body);
  expect(typeof active.body.position).toBe('number');
  return id;
}

describe('a loan taken from new to active through the HTTP API alone', () => {
  it('EMI: schedule fixed at disbursal, history replays to the same state', async () => {
    const id = await takeToActive('EMI');
    const mine = await t.http.get(`/api/me/loans/${id}`).set(asBorrower(borrower.token)).expect(200);
    expect(mine.body.state).toBe('active');
    expect(mine.body.schedule).toHaveLength(12);
    expect(mine.body.schedule[0]).toEqual(expect.objectContaining({ number: 1, dueDate: '2026-12-21' }));
    const principal = mine.body.schedule.reduce((sum: number, l: { principal: number }) => sum + l.principal, 0);
    expect(principal).toBe(10_000_000);
    expect(mine.body.schedule.at(-1).balance).toBe(0);

    const history = await t.http.get(`/api/admin/loans/${id}/history`).set(asBorrower(staff)).expect(200);
    expect(history.body.map((e: { type: string }) => e.type)).toEqual([
      'LoanApplicationStarted',
      'LoanApplicationSubmitted',
      'LoanApplicationAccepted',
      'SoftCheckApproved',
      'BankVerificationApproved',
      'AgreementIssued',
      'AgreementSigned',
      'FinalApprovalGranted',
      'LoanDisbursed',
    ]);
    expect(history.body.map((e: { stateAfter: string }) => e.stateAfter)).toEqual([
      'new',
      'applied',
      'soft.pending',
      'bank.pending',
      'consent.pending',
      'consent.customerpending',
      'final.pending',
      'disbursal.pending',
      'active',
    ]);
    for (const e of history.body) {
      expect(e.actor).toEqual(expect.objectContaining({ id: expect.any(String), role: expect.stringMatching(/^(borrower|staff)$/) }));
      expect(typeof e.position).toBe('number');
      expect(typeof e.recordedAt).toBe('string');
    }
    const detail = await t.http.get(`/api/admin/loans/${id}`).set(asBorrower(staff)).expect(200);
    expect(detail.body.state).toBe('active');
    expect(detail.body.borrower.name).toBe('Asha Rao');
    loanDetailSchema.parse(detail.body);
    myLoanDetailSchema.parse(mine.body);
    for (const entry of history.body) historyEntrySchema.parse(entry);

    // Replaying the whole log gives the loan exactly as the read model shows it.
    const replayed = await t.http
      .get(`/api/admin/loans/${id}`)
      .query({ asOf: new Date(Date.now() + 60_000).toISOString() })
      .set(asBorrower(staff))
      .expect(200);
    loanAsOfSchema.parse(replayed.body);
    const { borrower: _b, position: livePosition, ...live } = detail.body;
    const { asOf: _a, position: replayedPosition, ...fromLog } = replayed.body;
    expect(fromLog).toEqual(live);
    expect(replayedPosition).toBe(livePosition);

    // As of just after the soft check the loan stood in bank.pending.
    const softAt = history.body[3].recordedAt;
    const asOf = await t.http.get(`/api/admin/loans/${id}`).query({ asOf: softAt }).set(asBorrower(staff)).expect(200);
    expect(asOf.body.state).toBe('bank.pending');
    expect(asOf.body.schedule).toBeNull();
  });

  it('salary advance: one repayment of principal plus flat fee', async () => {
    const id = await takeToActive('salaryAdvance');
    const mine = await t.http.get(`/api/me/loans/${id}`).set(asBorrower(borrower.token)).expect(200);
    expect(mine.body.schedule).toHaveLength(1);
    expect(mine.body.schedule[0].principal).toBe(2_000_000);
    expect(mine.body.schedule[0].interest).toBe(mine.body.fee);
    expect(mine.body.schedule[0].dueDate).toBe('2026-12-01');
  });

  it('queues, counts and projections agree with a rebuild from the log', async () => {
    const s = asBorrower(staff);
    const active = await t.http
      .get('/api/admin/loans')
      .query({ filter: JSON.stringify({ queue: 'active' }) })
      .set(s)
      .expect(200);
    expect(active.headers['content-range']).toMatch(/^loans 0-\d+\/\d+$/);
    const softApproved = await t.http
      .get('/api/admin/loans')
      .query({ filter: JSON.stringify({ queue: 'soft.approved' }) })
      .set(s)
      .expect(200);
    expect(softApproved.body.every((l: { approvals: { soft: unknown } }) => l.approvals.soft !== null)).toBe(true);
    const bySpecPath = await t.http
      .get('/api/admin/loans')
      .query({ filter: JSON.stringify({ queue: 'soft/approved' }) })
      .set(s)
      .expect(200);
    expect(bySpecPath.body).toEqual(softApproved.body);
    for (const row of active.body) loanRowSchema.parse(row);
    const mine = await t.http.get('/api/me/loans').set(asBorrower(borrower.token)).expect(200);
    for (const loan of mine.body) myLoanSchema.parse(loan);
    emiQuoteSchema.parse(
      (await t.http.get('/api/public/emi').query({ principal: 10_000_000, annualRatePercent: 12, months: 12 }).expect(200)).body,
    );
    const counts = await t.http.get('/api/admin/loan-queues').set(s).expect(200);
    queueCountsSchema.parse(counts.body);
    expect(counts.body.active).toBe(Number(active.headers['content-range'].split('/')[1]));
    expect(counts.body['soft.approved']).toBeGreaterThanOrEqual(2);

    expect((await verifyProjections(t.runtime.db, [loanSummaryProjection])).differences).toEqual([]);
    await rebuildProjections(t.runtime.db, [loanSummaryProjection]);
    expect((await verifyProjections(t.runtime.db, [loanSummaryProjection])).differences).toEqual([]);
    const after = await t.http.get('/api/admin/loan-queues').set(s).expect(200);
    expect(after.body).toEqual(counts.body);
  });
});

describe('OpenAPI at /api/docs', () => {
  it('documents the loan endpoints with their answer schemas and problem details', async () => {
    const doc = (await t.http.get('/api/docs/openapi.json').expect(200)).body;
    const history = doc.paths['/api/admin/loans/{id}/history'].get;
    expect(history.responses['200'].content['application/json'].schema.items.properties.stateAfter.enum).toContain(
      'consent.customerpending',
    );
    const approve = doc.paths['/api/admin/loans/{id}/approve-soft'].post;
    expect(approve.requestBody.content['application/json'].schema.required).toEqual(['score']);
    expect(approve.responses['200'].content['application/json'].schema.properties.position).toEqual(
      expect.objectContaining({ type: 'integer' }),
    );
    expect(approve.responses.default.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['type', 'title', 'status', 'detail']),
    );
    expect(doc.paths['/api/public/emi'].get.responses['200'].content['application/json'].schema.required).toEqual([
      'emi',
      'totalInterest',
      'totalPayable',
      'schedule',
    ]);
  });
});
