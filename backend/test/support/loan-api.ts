import { expect } from '@jest/globals';
import { sql } from 'kysely';
import type { Response } from 'supertest';
import type { TestApp } from './test-app.js';

/** Helpers shared by the API error, authorization and idempotency tests. */

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export type Http = TestApp['http'];

export const LOAN_STATES = [
  'new',
  'applied',
  'soft.pending',
  'bank.pending',
  'consent.pending',
  'consent.customerpending',
  'final.pending',
  'disbursal.pending',
  'active',
  'rejected',
  'cancelled',
] as const;
export type LoanState = (typeof LOAN_STATES)[number];

/** DESIGN §4, restated here on purpose (not imported from the domain) so the API is checked against the design. */
export const ALLOWED_ACTIONS: Record<LoanState, string[]> = {
  new: ['amend', 'submit', 'cancel', 'reject'],
  applied: ['accept', 'reject', 'cancel'],
  'soft.pending': ['approve-soft', 'reject', 'cancel'],
  'bank.pending': ['approve-bank', 'reject', 'cancel'],
  'consent.pending': ['issue-agreement', 'reject', 'cancel'],
  'consent.customerpending': ['sign-agreement', 'reject', 'cancel'],
  'final.pending': ['approve-final', 'reject', 'cancel'],
  'disbursal.pending': ['disburse', 'reject', 'cancel'],
  active: [],
  rejected: [],
  cancelled: [],
};

/** Asserts an RFC 9457 problem answer: media type, the five standard fields, and no stack trace anywhere. */
export function expectProblem(res: Response, status: number, type?: string): Record<string, unknown> {
  expect({ status: res.status, body: res.body }).toEqual(expect.objectContaining({ status }));
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = res.body as Record<string, unknown>;
  expect(body).toEqual(
    expect.objectContaining({
      type: expect.any(String),
      title: expect.any(String),
      status,
      detail: expect.any(String),
      message: expect.any(String),
    }),
  );
  expect(body.message).toBe(body.detail);
  if (type !== undefined) expect(body.type).toBe(type);
  const text = res.text ?? JSON.stringify(body);
  expect(text).not.toMatch(/"stack"/);
  expect(text).not.toMatch(/\n\s+at |\\n\s+at /);
  expect(text).not.toMatch(/node_modules|\/src\/|\.ts:\d+/);
  return body;
}

/** A 400 validation problem naming (at least) these fields, each with a message. */
export function expectFieldProblem(res: Response, names: string[], type?: string): { name: string; message: string }[] {
  const body = expectProblem(res, 400, type);
  const fields = body.fields as { name: string; message: string }[];
  expect(Array.isArray(fields)).toBe(true);
  for (const f of fields) expect(f).toEqual({ name: expect.any(String), message: expect.any(String) });
  expect(fields.map((f) => f.name)).toEqual(expect.arrayContaining(names));
  for (const f of fields) expect(f.message.length).toBeGreaterThan(0);
  return fields;
}

/**
 * Fills the borrower's Bank section (holder: their own name, so the development penny drop matches it): what the
 * bank-verification stage (approve-bank) reads. `overrides` changes any field (another holder, a failing account).
 */
export async function fillBankSection(http: Http, token: string, overrides: Record<string, unknown> = {}) {
  const me = (await http.get('/api/me/profile').set(bearer(token)).expect(200)).body as { name: string };
  const res = await http
    .put('/api/me/profile/bank')
    .set(bearer(token))
    .send({ holderName: me.name, accountNumber: '123456789012', ifsc: 'HDFC0001234', accountType: 'savings', ...overrides });
  expect({ status: res.status, body: res.body }).toEqual(expect.objectContaining({ status: 200 }));
  return res.body as { status: string };
}

export type LoanHandle = { id: string; documentHash?: string };

/** The last e-sign code sent by SMS to this borrower's registered phone, read from the SMS log as staff. */
const phones = new Map<string, string>();

export async function lastSigningCode(http: Http, borrowerToken: string, staffToken: string): Promise<string> {
  let phone = phones.get(borrowerToken);
  if (!phone) {
    phone = (await http.get('/api/me/profile').set(bearer(borrowerToken)).expect(200)).body.phone as string;
    phones.set(borrowerToken, phone);
  }
  const res = await http
    .get('/api/admin/sms')
    .query({ filter: JSON.stringify({ to: phone, purpose: 'e-sign' }), range: '[0,0]' })
    .set(bearer(staffToken))
    .expect(200);
  const match = /\b(\d{6})\b/.exec(String(res.body[0]?.body ?? ''));
  if (!match) throw new Error(`no e-sign code in the SMS log for ${phone}`);
  return match[1]!;
}

/** Step6 through the API: the code sent to the registered phone (read from the SMS log), then the signature. */
export async function signAgreement(
  http: Http,
  loanId: string,
  documentHash: string,
  borrowerToken: string,
  staffToken: string,
): Promise<Response> {
  await http.post(`/api/me/loans/${loanId}/agreement/code`).set(bearer(borrowerToken)).expect(202);
  const code = await lastSigningCode(http, borrowerToken, staffToken);
  return http.post(`/api/me/loans/${loanId}/sign-agreement`).set(bearer(borrowerToken)).send({ documentHash, code });
}

/**
 * Drives a fresh loan of `borrowerToken`'s borrower to `target` through the API alone. EMI of 1,00,000.00 INR
 * over 12 months unless `body` says otherwise.
 */
export async function loanIn(
  http: Http,
  target: LoanState,
  borrowerToken: string,
  staffToken: string,
  body: Record<string, unknown> = { type: 'EMI', amount: 10_000_000, tenureMonths: 12 },
): Promise<LoanHandle> {
  const b = bearer(borrowerToken);
  const s = bearer(staffToken);
  const created = await http.post('/api/me/loans').set(b).send(body);
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const handle: LoanHandle = { id };
  if (target === 'new') return handle;
  if (target === 'cancelled') {
    await ok(http.post(`/api/me/loans/${id}/cancel`).set(b).send({ reason: 'changed my mind' }), 'cancelled');
    return handle;
  }
  if (target === 'rejected') {
    await ok(http.post(`/api/admin/loans/${id}/reject`).set(s).send({ reason: 'policy' }), 'rejected');
    return handle;
  }
  const steps: [LoanState, () => PromiseLike<Response>][] = [
    ['applied', () => http.post(`/api/me/loans/${id}/submit`).set(b)],
    ['soft.pending', () => http.post(`/api/admin/loans/${id}/accept`).set(s).send({})],
    ['bank.pending', () => http.post(`/api/admin/loans/${id}/approve-soft`).set(s).send({ score: 742 })],
    [
      'consent.pending',
      async () => (
        await fillBankSection(http, borrowerToken),
        http.post(`/api/admin/loans/${id}/approve-bank`).set(s).send({ method: 'penny-drop' })
      ),
    ],
    ['consent.customerpending', () => http.post(`/api/admin/loans/${id}/issue-agreement`).set(s).send({})],
    ['final.pending', () => signAgreement(http, id, handle.documentHash!, borrowerToken, staffToken)],
    ['disbursal.pending', () => http.post(`/api/admin/loans/${id}/approve-final`).set(s).send({})],
    [
      'active',
      () =>
        http
          .post(`/api/admin/loans/${id}/disburse`)
          .set(s)
          .send({ payoutReference: `UTR-${id.slice(0, 8)}`, disbursedOn: '2026-11-21' }),
    ],
  ];
  for (const [state, step] of steps) {
    const res = await ok(step(), state);
    if (state === 'consent.customerpending') handle.documentHash = res.body.agreement.documentHash as string;
    if (state === target) return handle;
  }
  throw new Error(`unreachable state ${target}`);
}

async function ok(req: PromiseLike<Response>, state: string): Promise<Response> {
  const res = await req;
  if (res.status !== 200 || res.body.state !== state)
    throw new Error(`expected 200 ${state}, got ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

export type HistoryEntry = { position: number; type: string; stateAfter: string; reason: string | null; data: Record<string, unknown> };

export async function historyOf(http: Http, staffToken: string, id: string): Promise<HistoryEntry[]> {
  const res = await http.get(`/api/admin/loans/${id}/history`).set(bearer(staffToken));
  expect(res.status).toBe(200);
  return res.body as HistoryEntry[];
}

export async function stateOf(http: Http, staffToken: string, id: string): Promise<string> {
  const res = await http.get(`/api/admin/loans/${id}`).set(bearer(staffToken));
  expect(res.status).toBe(200);
  return res.body.state as string;
}

/** Rows in the event log and in the loan read model: a request that changes nothing leaves both as they were. */
export async function storeCounts(t: TestApp): Promise<{ events: number; loans: number; commandResults: number }> {
  const r = await sql<{ events: string; loans: string; results: string }>`
    SELECT (SELECT count(*) FROM events) AS events, (SELECT count(*) FROM loan_summaries) AS loans,
           (SELECT count(*) FROM command_results) AS results`.execute(t.runtime.db);
  const row = r.rows[0];
  return { events: Number(row.events), loans: Number(row.loans), commandResults: Number(row.results) };
}

/**
 * An EMI product for collections scenarios (12 %, 1 % processing fee, mifos-standard, reduce tenure), with its own
 * grace days and penal charge; answers its id.
 */
export async function createEmiProduct(
  http: Http,
  staffToken: string,
  product: { code: string; name: string; graceDays: number; penalChargeFlat: number },
): Promise<string> {
  const res = await http
    .post('/api/admin/products')
    .set(bearer(staffToken))
    .send({
      ...product,
      type: 'EMI',
      minAmount: 1_000_000,
      maxAmount: 30_000_000,
      minTenureMonths: 6,
      maxTenureMonths: 24,
      annualRatePercent: 12,
      processingFeePercent: 1,
      allocationStrategy: 'mifos-standard',
      prepaymentMode: 'reduceTenure',
    });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/** A new staff member with a built-in role, signed in; answers their token. */
export async function staffTokenWithRole(http: Http, adminToken: string, roleId: string): Promise<string> {
  const email = `staff.${Math.random().toString(36).slice(2, 10)}@test.local`;
  expect(
    (
      await http
        .post('/api/admin/users')
        .set(bearer(adminToken))
        .send({ name: `Staff ${roleId}`, email, password: 'staff-password-1', roleId })
    ).status,
  ).toBe(201);
  const login = await http.post('/api/auth/login').send({ email, password: 'staff-password-1' });
  expect(login.status).toBe(200);
  return login.body.token as string;
}
