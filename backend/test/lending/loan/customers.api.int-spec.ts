import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { customerDetailSchema, customerRowSchema } from '../../../src/lending/loan/http/customer.schemas.js';
import { bearer, expectFieldProblem, expectProblem, loanIn } from '../../support/loan-api.js';
import { completeProfile, upload } from '../../support/profile-api.js';
import { pdf } from '../../support/sample-files.js';
import { ADMIN, registerBorrower, startTestApp, type TestApp } from '../../support/test-app.js';

/** Issue 14 item 3: customers for staff (search, detail, documents) and the verdict on each profile section. */
let t: TestApp;
let admin: string;
let adminCookie: string;
let viewer: string;
let salesAgent: string;
type Borrower = { token: string; user: { _id: string }; phone: string; email: string };
let asha: Borrower;
let ravi: Borrower;
let meera: Borrower;
let ashaDocs: Awaited<ReturnType<typeof completeProfile>>;
let raviLoanId: string;

const rows = z.array(customerRowSchema);
const list = async (filter: Record<string, unknown>, extra: Record<string, string> = {}) => {
  const res = await t.http
    .get('/api/admin/customers')
    .query({ filter: JSON.stringify(filter), ...extra })
    .set(bearer(admin))
    .expect(200);
  return { rows: rows.parse(res.body), range: res.headers['content-range'] as string };
};
const names = async (filter: Record<string, unknown>) => (await list(filter)).rows.map((r) => r.name).sort();
const detail = async (id: string, token = admin) =>
  customerDetailSchema.parse((await t.http.get(`/api/admin/customers/${id}`).set(bearer(token)).expect(200)).body);
const verdict = (id: string, section: string, body: object, token = admin) =>
  t.http.post(`/api/admin/customers/${id}/sections/${section}/verification`).set(bearer(token)).send(body);
const changeCount = async () =>
  Number(
    (
      await t.runtime.db
        .selectFrom('profile_section_changes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function borrower(name: string): Promise<Borrower> {
  const b = await registerBorrower(t.http, name);
  const me = (await t.http.get('/api/me').set(bearer(b.token)).expect(200)).body;
  return { ...b, phone: me.user?.phone ?? me.phone, email: me.user?.email ?? me.email };
}

async function staff(roleId: string) {
  const email = `staff.${randomUUID().slice(0, 8)}@test.local`;
  await t.http
    .post('/api/admin/users')
    .set(bearer(admin))
    .send({ name: `Staff ${roleId}`, email, password: 'staff-password-1', roleId })
    .expect(201);
  return (await t.http.post('/api/auth/login').send({ email, password: 'staff-password-1' }).expect(200)).body.token as string;
}

beforeAll(async () => {
  t = await startTestApp('customers');
  const login = await t.http.post('/api/auth/login').send(ADMIN).expect(200);
  admin = login.body.token;
  adminCookie = String((login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('token='))).split(';')[0];
  viewer = await staff('viewer');
  salesAgent = await staff('sales-agent');
});

// Set-up in three hooks, each within the default time even on a busy machine.
beforeAll(async () => {
  asha = await borrower('Asha Rao');
  ravi = await borrower('Ravi Kumar');
  meera = await borrower('Meera Iyer');
  ashaDocs = await completeProfile(t.http, asha.token);
});

beforeAll(async () => {
  // Ravi has filled in only his Documents section; his PAN ends differently from Asha's (ABCDE1234F).
  const [identityProofId, addressProofId, slip] = await Promise.all(
    ['identityProof', 'addressProof', 'salarySlip'].map(
      async (kind) => (await upload(t.http, ravi.token, kind, pdf(kind)).expect(201)).body.id as string,
    ),
  );
  await t.http
    .put('/api/me/profile/documents')
    .set(bearer(ravi.token))
    .send({ pan: 'PQRST6789K', aadhaarLast4: '4321', identityProofId, addressProofId, incomeProofIds: [slip] })
    .expect(200);
  raviLoanId = (await loanIn(t.http, 'new', ravi.token, admin)).id;
  await loanIn(t.http, 'new', ravi.token, admin);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/customers (customers.view)', () => {
  it('lists every borrower (no staff) by name with an exact Content-Range and their loan count', async () => {
    const { rows: all, range } = await list({});
    expect(all.map((r) => r.name)).toEqual(['Asha Rao', 'Meera Iyer', 'Ravi Kumar']);
    expect(range).toBe('customers 0-2/3');
    expect(all.find((r) => r.name === 'Ravi Kumar')!.loanCount).toBe(2);
    expect(all.find((r) => r.name === 'Asha Rao')).toMatchObject({ id: asha.user._id, email: asha.email, phone: asha.phone, loanCount: 0 });
  });

  it('finds a customer by each key: name, phone, email, the PAN last four and a loan id', async () => {
    expect(await names({ q: 'meera' })).toEqual(['Meera Iyer']);
    expect(await names({ q: ravi.phone.slice(-6) })).toEqual(['Ravi Kumar']);
    expect(await names({ q: asha.email.toUpperCase() })).toEqual(['Asha Rao']);
    expect(await names({ q: '234f' })).toEqual(['Asha Rao']);
    expect(await names({ q: '789K' })).toEqual(['Ravi Kumar']);
    expect(await names({ pan: '789k' })).toEqual(['Ravi Kumar']);
    expect(await names({ q: raviLoanId })).toEqual(['Ravi Kumar']);
    expect(await names({ loanId: raviLoanId.slice(0, 8) })).toEqual(['Ravi Kumar']);
    expect(await names({ q: 'nobody-like-this' })).toEqual([]);
    expect(await names({ hasLoans: true })).toEqual(['Ravi Kumar']);
    expect(await names({ hasLoans: false })).toEqual(['Asha Rao', 'Meera Iyer']);
    // A LIKE wildcard is a character, not a pattern.
    expect(await names({ q: '%' })).toEqual([]);
  });

  it('sorts and pages, the total staying exact on every page', async () => {
    const first = await list({}, { sort: '["name","DESC"]', range: '[0,1]' });
    expect(first.rows.map((r) => r.name)).toEqual(['Ravi Kumar', 'Meera Iyer']);
    expect(first.range).toBe('customers 0-1/3');
    const second = await list({}, { sort: '["name","DESC"]', range: '[2,3]' });
    expect(second.rows.map((r) => r.name)).toEqual(['Asha Rao']);
    expect(second.range).toBe('customers 2-2/3');
    const byLoans = await list({}, { sort: '["loanCount","DESC"]' });
    expect(byLoans.rows[0].name).toBe('Ravi Kumar');
  });

  it('refuses an unknown filter, sort or a malformed PAN with a 400 naming the field', async () => {
    expectFieldProblem(await t.http.get('/api/admin/customers').query({ filter: '{"pan":"12"}' }).set(bearer(admin)), ['pan']);
    expectFieldProblem(await t.http.get('/api/admin/customers').query({ filter: '{"loanId":"zz"}' }).set(bearer(admin)), ['loanId']);
    expectProblem(await t.http.get('/api/admin/customers').query({ filter: '{"password":"x"}' }).set(bearer(admin)), 400);
    expectProblem(await t.http.get('/api/admin/customers').query({ sort: '["secret","ASC"]' }).set(bearer(admin)), 400);
  });

  it('a sales agent (customers.view) reads customers; staff without it get 403 missing-permission; a borrower 403', async () => {
    await t.http.get('/api/admin/customers').set(bearer(salesAgent)).expect(200);
    const refused = expectProblem(await t.http.get('/api/admin/customers').set(bearer(viewer)), 403, 'missing-permission');
    expect(refused.permission).toBe('customers.view');
    expectProblem(await t.http.get(`/api/admin/customers/${asha.user._id}`).set(bearer(viewer)), 403, 'missing-permission');
    expectProblem(await t.http.get('/api/admin/customers').set(bearer(asha.token)), 403, 'forbidden');
  });
});

describe('GET /api/admin/customers/:id', () => {
  it('answers the borrower, their loans and every profile section with its status, the bank account masked', async () => {
    const ravis = await detail(ravi.user._id);
    expect(ravis.loans).toHaveLength(2);
    expect(ravis.loans.map((l) => l.id)).toContain(raviLoanId);
    expect(ravis.loans[0]).toMatchObject({ type: 'EMI', state: 'new', amount: 10_000_000 });
    const meeras = await detail(meera.user._id);
    expect(meeras.sections.map((s) => [s.section, s.status])).toEqual([
      ['address', 'missing'],
      ['bank', 'missing'],
      ['documents', 'missing'],
      ['employment', 'missing'],
      ['profile', 'missing'],
      ['reference', 'missing'],
      ['selfie', 'missing'],
    ]);
    const ashas = await detail(asha.user._id);
    expect(ashas.sections.every((s) => s.status === 'complete')).toBe(true);
    const bank = ashas.sections.find((s) => s.section === 'bank')!;
    expect(bank.data).toMatchObject({ accountNumber: 'XXXXXX9012' });
    expect(JSON.stringify(ashas)).not.toContain('123456789012');
    expect(JSON.stringify(ashas)).not.toContain('accountNumberSealed');
    expect(ashas.documents.map((d) => d.id)).toEqual(expect.arrayContaining([ashaDocs.identityProofId, ashaDocs.selfie]));
    expect(ashas.changes.filter((c) => c.action === 'saved')).toHaveLength(7);
    expect(ashas.changes[0].actor).toEqual({ id: asha.user._id, role: 'borrower', name: 'Asha Rao' });
  });

  it('an unknown id, a staff user id and a malformed id are not customers', async () => {
    expectProblem(await t.http.get(`/api/admin/customers/${randomUUID()}`).set(bearer(admin)), 404, 'not-found');
    const adminId = (await t.http.get('/api/me').set(bearer(admin)).expect(200)).body;
    const staffId = adminId.user?._id ?? adminId._id;
    expectProblem(await t.http.get(`/api/admin/customers/${staffId}`).set(bearer(admin)), 404, 'not-found');
    expectFieldProblem(await t.http.get('/api/admin/customers/not-a-uuid').set(bearer(admin)), ['id']);
    expectFieldProblem(await t.http.get(`/api/admin/customers/${asha.user._id}/documents/nope`).set(bearer(admin)), ['docId']);
  });
});

describe('GET /api/admin/customers/:id/documents/:docId', () => {
  it("staff read a customer's upload as its sniffed type, never cached, sandboxed", async () => {
    const res = await t.http
      .get(`/api/admin/customers/${asha.user._id}/documents/${ashaDocs.slip}`)
      .set(bearer(salesAgent))
      .buffer(true)
      .expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/sandbox/);
  });

  it("another customer's document under this customer is 404, like one that does not exist", async () => {
    const wrong = expectProblem(
      await t.http.get(`/api/admin/customers/${ravi.user._id}/documents/${ashaDocs.slip}`).set(bearer(admin)),
      404,
      'not-found',
    );
    const ghost = randomUUID();
    const missing = expectProblem(
      await t.http.get(`/api/admin/customers/${ravi.user._id}/documents/${ghost}`).set(bearer(admin)),
      404,
      'not-found',
    );
    expect(String(wrong.detail).replace(ashaDocs.slip, '<id>')).toBe(String(missing.detail).replace(ghost, '<id>'));
  });

  it("a borrower cannot read another borrower's document (404) and cannot use the staff route (403); the viewer lacks customers.view", async () => {
    expectProblem(await t.http.get(`/api/me/documents/${ashaDocs.slip}`).set(bearer(ravi.token)), 404, 'not-found');
    expectProblem(
      await t.http.get(`/api/admin/customers/${asha.user._id}/documents/${ashaDocs.slip}`).set(bearer(ravi.token)),
      403,
      'forbidden',
    );
    expectProblem(
      await t.http.get(`/api/admin/customers/${asha.user._id}/documents/${ashaDocs.slip}`).set(bearer(viewer)),
      403,
      'missing-permission',
    );
  });
});

describe('POST /api/admin/customers/:id/sections/:section/verification (customers.verify)', () => {
  it('rejects a complete section with a reason: audited who and when, and the borrower reads it on their profile', async () => {
    const res = await verdict(asha.user._id, 'documents', { status: 'rejected', reason: 'The PAN card photo is blurred' }).expect(200);
    expect(res.body).toMatchObject({
      section: 'documents',
      status: 'rejected',
      reason: 'The PAN card photo is blurred',
      reviewedAt: expect.any(String),
    });
    const mine = (await t.http.get('/api/me/profile/sections').set(bearer(asha.token)).expect(200)).body as {
      section: string;
      status: string;
      reason: string | null;
    }[];
    expect(mine.find((s) => s.section === 'documents')).toMatchObject({ status: 'rejected', reason: 'The PAN card photo is blurred' });
    const seen = await detail(asha.user._id);
    const adminMe = (await t.http.get('/api/me').set(bearer(admin)).expect(200)).body;
    const adminId = adminMe.user?._id ?? adminMe._id;
    expect(seen.sections.find((s) => s.section === 'documents')!.reviewedBy).toEqual({ id: adminId, name: expect.any(String) });
    expect(seen.changes.at(-1)).toMatchObject({
      section: 'documents',
      action: 'rejected',
      fromStatus: 'complete',
      toStatus: 'rejected',
      reason: 'The PAN card photo is blurred',
      actor: { id: adminId, role: 'staff' },
    });
  });

  it('a rejected section cannot be verified until the borrower saves it again; then it is complete and may be verified', async () => {
    const refused = expectProblem(await verdict(asha.user._id, 'documents', { status: 'verified' }), 409, 'section-not-complete');
    expect(refused.detail).toMatch(/save it again/);
    const saved = await t.http
      .put('/api/me/profile/documents')
      .set(bearer(asha.token))
      .send({
        pan: 'ABCDE1234F',
        aadhaarLast4: '1234',
        identityProofId: ashaDocs.identityProofId,
        addressProofId: ashaDocs.addressProofId,
        incomeProofIds: [ashaDocs.slip],
      })
      .expect(200);
    expect(saved.body).toMatchObject({ status: 'complete', reason: null });
    await verdict(asha.user._id, 'documents', { status: 'verified' }).expect(200);
    expect((await detail(asha.user._id)).sections.find((s) => s.section === 'documents')).toMatchObject({
      status: 'verified',
      reason: null,
    });
    expectProblem(await verdict(asha.user._id, 'documents', { status: 'verified' }), 409, 'section-not-complete');
  });

  it('a missing section cannot be verified (409); a rejection needs a reason (400 on reason); nothing is written', async () => {
    const before = await changeCount();
    expectProblem(await verdict(meera.user._id, 'bank', { status: 'verified' }), 409, 'section-missing');
    expectFieldProblem(await verdict(asha.user._id, 'bank', { status: 'rejected' }), ['reason']);
    expectFieldProblem(await verdict(asha.user._id, 'bank', { status: 'rejected', reason: '   ' }), ['reason']);
    expectFieldProblem(await verdict(asha.user._id, 'bank', { status: 'approved' }), ['status']);
    expectFieldProblem(await verdict(asha.user._id, 'bank', { status: 'verified', extra: 1 }), []);
    expectProblem(await verdict(asha.user._id, 'salary', { status: 'verified' }), 404, 'section-not-found');
    expectProblem(await verdict(randomUUID(), 'bank', { status: 'verified' }), 404, 'not-found');
    expect(await changeCount()).toBe(before);
    expect((await detail(asha.user._id)).sections.find((s) => s.section === 'bank')!.status).toBe('complete');
  });

  it('the sales agent (customers.view only) and a borrower are refused and nothing changes', async () => {
    const before = await changeCount();
    const res = expectProblem(await verdict(asha.user._id, 'bank', { status: 'verified' }, salesAgent), 403, 'missing-permission');
    expect(res.permission).toBe('customers.verify');
    expectProblem(await verdict(asha.user._id, 'bank', { status: 'verified' }, asha.token), 403, 'forbidden');
    expect(await changeCount()).toBe(before);
  });

  it('a cross-site request carrying only the cookie is refused and nothing changes', async () => {
    const before = await changeCount();
    const res = await t.http
      .post(`/api/admin/customers/${asha.user._id}/sections/bank/verification`)
      .set('Cookie', adminCookie)
      .set('Origin', 'https://evil.example')
      .send({ status: 'verified' });
    expectProblem(res, 403, 'csrf-refused');
    expect(await changeCount()).toBe(before);
  });

  it("a borrower's new upload in a verified section's place sends it back to complete", async () => {
    await verdict(asha.user._id, 'selfie', { status: 'verified' }).expect(200);
    const other = (await upload(t.http, asha.token, 'salarySlip', pdf('Another slip'))).body.id as string;
    await t.http
      .put('/api/me/profile/documents')
      .set(bearer(asha.token))
      .send({
        pan: 'ABCDE1234F',
        aadhaarLast4: '1234',
        identityProofId: ashaDocs.identityProofId,
        addressProofId: ashaDocs.addressProofId,
        incomeProofIds: [ashaDocs.slip, other],
      })
      .expect(200);
    const sections = (await detail(asha.user._id)).sections;
    expect(sections.find((s) => s.section === 'documents')).toMatchObject({ status: 'complete', reviewedBy: null });
    expect(sections.find((s) => s.section === 'selfie')!.status).toBe('verified');
  });
});
