import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Test } from 'supertest';
import {
  ALLOWED_ACTIONS,
  LOAN_STATES,
  bearer,
  expectFieldProblem,
  expectProblem,
  historyOf,
  loanIn,
  stateOf,
  storeCounts,
  type LoanState,
} from '../../support/loan-api.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let staff: string;
let borrower: { token: string; user: { _id: string } };

beforeAll(async () => {
  t = await startTestApp('api_errors');
  staff = await loginStaff(t.http);
  borrower = await registerBorrower(t.http);
});

afterAll(async () => {
  await t?.close();
});

const b = () => bearer(borrower.token);
const s = () => bearer(staff);
const loan = (state: LoanState, body?: Record<string, unknown>) => loanIn(t.http, state, borrower.token, staff, body);

/** Runs `act` and asserts that the event log, the read model and the stored command answers are unchanged. */
async function changesNothing<T>(act: () => Promise<T>): Promise<T> {
  const before = await storeCounts(t);
  const result = await act();
  expect(await storeCounts(t)).toEqual(before);
  return result;
}

describe('POST /api/me/loans with bad input: 400 problem, no loan started', () => {
  const cases: [string, unknown, string, string][] = [
    ['missing type', { amount: 10_000_000, tenureMonths: 12 }, 'type', 'validation-failed'],
    ['amount as a string', { type: 'EMI', amount: '10000000', tenureMonths: 12 }, 'amount', 'validation-failed'],
    ['amount 1.5', { type: 'EMI', amount: 1.5, tenureMonths: 12 }, 'amount', 'validation-failed'],
    ['negative amount', { type: 'EMI', amount: -5, tenureMonths: 12 }, 'amount', 'validation-failed'],
    ['amount above the product maximum', { type: 'EMI', amount: 50_000_001, tenureMonths: 12 }, 'amount', 'invalid-input'],
    ['amount below the product minimum', { type: 'salaryAdvance', amount: 100 }, 'amount', 'invalid-input'],
    ['EMI without tenureMonths', { type: 'EMI', amount: 10_000_000 }, 'tenureMonths', 'invalid-input'],
    ['tenure above the maximum', { type: 'EMI', amount: 10_000_000, tenureMonths: 37 }, 'tenureMonths', 'invalid-input'],
    ['tenure below the minimum', { type: 'EMI', amount: 10_000_000, tenureMonths: 2 }, 'tenureMonths', 'invalid-input'],
    ['tenure 0', { type: 'EMI', amount: 10_000_000, tenureMonths: 0 }, 'tenureMonths', 'validation-failed'],
    ['unknown type', { type: 'mortgage', amount: 10_000_000, tenureMonths: 12 }, 'type', 'validation-failed'],
    ['pay day on an EMI loan', { type: 'EMI', amount: 10_000_000, tenureMonths: 12, payDayOfMonth: 5 }, 'payDayOfMonth', 'invalid-input'],
    ['body is an array', [{ type: 'EMI' }], '(body)', 'validation-failed'],
  ];

  it.each(cases)('%s', async (_, body, field, type) => {
    const mine = (await t.http.get('/api/me/loans').set(b()).expect(200)).body.length;
    const res = await changesNothing(() =>
      t.http
        .post('/api/me/loans')
        .set(b())
        .send(body as object),
    );
    const fields = expectFieldProblem(res, [field], type);
    expect(fields.find((f) => f.name === field)!.message.length).toBeGreaterThan(3);
    expect((await t.http.get('/api/me/loans').set(b()).expect(200)).body).toHaveLength(mine);
  });

  it('lists every bad field at once', async () => {
    const res = await t.http.post('/api/me/loans').set(b()).send({ type: 'car', amount: 'lots', tenureMonths: 1.5 });
    expectFieldProblem(res, ['type', 'amount', 'tenureMonths'], 'validation-failed');
    expect(res.body.title).toBe('Your request has invalid fields');
  });

  it('a malformed JSON body is 400 malformed-json, not a stack trace', async () => {
    const res = await changesNothing(() =>
      t.http.post('/api/me/loans').set(b()).set('Content-Type', 'application/json').send('{"type": "EMI", "amount": '),
    );
    const body = expectProblem(res, 400, 'malformed-json');
    expect(body.detail).toBe('The request body is not valid JSON.');
  });

  it('a body over the 100 kB limit is a 413 problem', async () => {
    const res = await changesNothing(() =>
      t.http
        .post('/api/me/loans')
        .set(b())
        .send({ type: 'EMI', amount: 10_000_000, tenureMonths: 12, padding: 'x'.repeat(150_000) }),
    );
    const body = expectProblem(res, 413, 'payload-too-large');
    expect(body.detail).toBe('The request body is too large (at most 100 kB).');
  });

  it('a body that is not JSON is 415, not a list of "missing" fields', async () => {
    const res = await changesNothing(() =>
      t.http.post('/api/me/loans').set(b()).set('Content-Type', 'text/plain').send('type=EMI&amount=10000000'),
    );
    const body = expectProblem(res, 415, 'unsupported-media-type');
    expect(body.detail).toMatch(/Content-Type: application\/json/);
    const form = await t.http.post('/api/auth/login').type('form').send({ email: 'a@b.c', password: 'x' });
    expectProblem(form, 415, 'unsupported-media-type');
  });

  it('a malformed JSON body on an admin command is the same problem and moves nothing', async () => {
    const { id } = await loan('applied');
    const res = await t.http.post(`/api/admin/loans/${id}/accept`).set(s()).set('Content-Type', 'application/json').send('{reason:');
    expectProblem(res, 400, 'malformed-json');
    expect(await stateOf(t.http, staff, id)).toBe('applied');
  });
});

describe('moves the pipeline does not allow: 409 naming currentState and allowedActions, nothing appended', () => {
  const send: Record<string, (id: string) => Test> = {
    amend: (id) => t.http.patch(`/api/me/loans/${id}`).set(b()).send({ amount: 12_000_000 }),
    submit: (id) => t.http.post(`/api/me/loans/${id}/submit`).set(b()),
    'sign-agreement': (id) =>
      t.http
        .post(`/api/me/loans/${id}/sign-agreement`)
        .set(b())
        .send({ documentHash: 'ab'.repeat(32), code: '123456' }),
    cancel: (id) => t.http.post(`/api/me/loans/${id}/cancel`).set(b()).send({ reason: 'no longer needed' }),
    accept: (id) => t.http.post(`/api/admin/loans/${id}/accept`).set(s()).send({}),
    'approve-soft': (id) => t.http.post(`/api/admin/loans/${id}/approve-soft`).set(s()).send({ score: 700 }),
    'approve-bank': (id) =>
      t.http.post(`/api/admin/loans/${id}/approve-bank`).set(s()).send({ method: 'manual', reason: 'Cancelled cheque checked' }),
    'issue-agreement': (id) => t.http.post(`/api/admin/loans/${id}/issue-agreement`).set(s()).send({}),
    'approve-final': (id) => t.http.post(`/api/admin/loans/${id}/approve-final`).set(s()).send({}),
    disburse: (id) => t.http.post(`/api/admin/loans/${id}/disburse`).set(s()).send({ payoutReference: 'UTR-9' }),
    reject: (id) => t.http.post(`/api/admin/loans/${id}/reject`).set(s()).send({ reason: 'policy' }),
  };

  it.each(LOAN_STATES.map((state) => [state]))('from %s', async (state) => {
    const { id } = await loan(state);
    const before = await historyOf(t.http, staff, id);
    const illegal = Object.keys(send).filter(
      (action) =>
        !ALLOWED_ACTIONS[state].includes(action) &&
        !(state === 'rejected' && action === 'reject') &&
        !(state === 'cancelled' && action === 'cancel'),
    );
    expect(illegal.length).toBeGreaterThanOrEqual(7);
    for (const action of illegal) {
      const res = await send[action](id);
      const body = expectProblem(res, 409, 'illegal-transition');
      expect({ action, currentState: body.currentState, allowedActions: body.allowedActions, attempted: body.action }).toEqual({
        action,
        currentState: state,
        allowedActions: ALLOWED_ACTIONS[state],
        attempted: action,
      });
      expect(body.code).toBe('LOAN.ILLEGAL_TRANSITION');
    }
    expect(await historyOf(t.http, staff, id)).toEqual(before);
    expect(await stateOf(t.http, staff, id)).toBe(state);
  });

  it('PATCH after submit is 409 and keeps the submitted amount', async () => {
    const { id } = await loan('applied');
    const res = await t.http.patch(`/api/me/loans/${id}`).set(b()).send({ amount: 20_000_000 });
    const body = expectProblem(res, 409, 'illegal-transition');
    expect(body.currentState).toBe('applied');
    expect(body.allowedActions).toEqual(['accept', 'reject', 'cancel']);
    const mine = await t.http.get(`/api/me/loans/${id}`).set(b()).expect(200);
    expect(mine.body.amount).toBe(10_000_000);
  });

  it('PATCH while new changes the amount (the control for the case above)', async () => {
    const { id } = await loan('new');
    const res = await t.http.patch(`/api/me/loans/${id}`).set(b()).send({ amount: 20_000_000 }).expect(200);
    expect(res.body.amount).toBe(20_000_000);
    expect((await historyOf(t.http, staff, id)).map((e) => e.type)).toEqual(['LoanApplicationStarted', 'LoanApplicationAmended']);
  });
});

describe('command bodies that are wrong: 400 (or 409 for a wrong document), loan unchanged', () => {
  it('a field the command does not take is named, not silently dropped', async () => {
    const { id } = await loan('soft.pending');
    const before = await historyOf(t.http, staff, id);
    const res = await t.http
      .post(`/api/admin/loans/${id}/approve-soft`)
      .set(s())
      .send({ score: 700, state: 'active', approvedAmount: 1_000_000 });
    const fields = expectFieldProblem(res, ['state'], 'validation-failed');
    expect(fields).toEqual([{ name: 'state', message: 'is not a field of this request' }]);
    expect(await historyOf(t.http, staff, id)).toEqual(before);
  });

  it('reject and cancel need a reason', async () => {
    const { id } = await loan('applied');
    const before = await historyOf(t.http, staff, id);
    expectFieldProblem(await t.http.post(`/api/admin/loans/${id}/reject`).set(s()).send({}), ['reason'], 'validation-failed');
    expectFieldProblem(
      await t.http.post(`/api/admin/loans/${id}/reject`).set(s()).send({ reason: '   ' }),
      ['reason'],
      'validation-failed',
    );
    expectFieldProblem(await t.http.post(`/api/admin/loans/${id}/reject`).set(s()), ['reason'], 'validation-failed');
    expectFieldProblem(await t.http.post(`/api/me/loans/${id}/cancel`).set(b()).send({}), ['reason'], 'validation-failed');
    expectFieldProblem(await t.http.post(`/api/me/loans/${id}/cancel`).set(b()).send({ reason: 42 }), ['reason'], 'validation-failed');
    expect(await historyOf(t.http, staff, id)).toEqual(before);
    expect(await stateOf(t.http, staff, id)).toBe('applied');
  });

  it('disburse needs a payoutReference and a real date', async () => {
    const { id } = await loan('disbursal.pending');
    const before = await historyOf(t.http, staff, id);
    expectFieldProblem(await t.http.post(`/api/admin/loans/${id}/disburse`).set(s()).send({}), ['payoutReference'], 'validation-failed');
    expectFieldProblem(
      await t.http.post(`/api/admin/loans/${id}/disburse`).set(s()).send({ payoutReference: '' }),
      ['payoutReference'],
      'validation-failed',
    );
    expectFieldProblem(
      await t.http.post(`/api/admin/loans/${id}/disburse`).set(s()).send({ payoutReference: 'UTR-1', disbursedOn: '21/11/2026' }),
      ['disbursedOn'],
      'validation-failed',
    );
    expect(await historyOf(t.http, staff, id)).toEqual(before);
    expect(await stateOf(t.http, staff, id)).toBe('disbursal.pending');
  });

  it('signing a different 64-hex document is 409 agreement-mismatch; a non-hex value is 400', async () => {
    const { id, documentHash } = await loan('consent.customerpending');
    const before = await historyOf(t.http, staff, id);
    const wrong = documentHash!.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const mismatch = await t.http.post(`/api/me/loans/${id}/sign-agreement`).set(b()).send({ documentHash: wrong, code: '123456' });
    const body = expectProblem(mismatch, 409, 'agreement-mismatch');
    expect(body.signedDocumentHash).toBe(wrong);
    for (const bad of ['not-a-hash', 'g'.repeat(64), documentHash!.slice(0, 63), '']) {
      expectFieldProblem(
        await t.http.post(`/api/me/loans/${id}/sign-agreement`).set(b()).send({ documentHash: bad, code: '123456' }),
        ['documentHash'],
        'validation-failed',
      );
    }
    expectFieldProblem(
      await t.http.post(`/api/me/loans/${id}/sign-agreement`).set(b()).send({}),
      ['documentHash', 'code'],
      'validation-failed',
    );
    expectFieldProblem(
      await t.http.post(`/api/me/loans/${id}/sign-agreement`).set(b()).send({ documentHash }),
      ['code'],
      'validation-failed',
    );
    expect(await historyOf(t.http, staff, id)).toEqual(before);
    const mine = await t.http.get(`/api/me/loans/${id}`).set(b()).expect(200);
    expect(mine.body.state).toBe('consent.customerpending');
    expect(mine.body.signedAt).toBeNull();
  });

  it('approve-soft: score out of range and approvedAmount above the request are 400', async () => {
    const { id } = await loan('soft.pending');
    const before = await historyOf(t.http, staff, id);
    const url = `/api/admin/loans/${id}/approve-soft`;
    expectFieldProblem(await t.http.post(url).set(s()).send({ score: 100 }), ['score'], 'validation-failed');
    expectFieldProblem(await t.http.post(url).set(s()).send({ score: 901 }), ['score'], 'validation-failed');
    expectFieldProblem(await t.http.post(url).set(s()).send({ score: 700.5 }), ['score'], 'validation-failed');
    expectFieldProblem(await t.http.post(url).set(s()).send({}), ['score'], 'validation-failed');
    const above = expectFieldProblem(
      await t.http.post(url).set(s()).send({ score: 700, approvedAmount: 10_000_001 }),
      ['approvedAmount'],
      'invalid-input',
    );
    expect(above[0].message).toMatch(/must not exceed the requested amount/);
    expectFieldProblem(await t.http.post(url).set(s()).send({ score: 700, approvedAmount: 0 }), ['approvedAmount'], 'validation-failed');
    expect(await historyOf(t.http, staff, id)).toEqual(before);
    expect(await stateOf(t.http, staff, id)).toBe('soft.pending');
  });

  it('approve-bank without a method, with the old bankAccountLast4, or manual without a reason is 400', async () => {
    const { id } = await loan('bank.pending');
    const url = `/api/admin/loans/${id}/approve-bank`;
    expectFieldProblem(await t.http.post(url).set(s()).send({}), ['method'], 'validation-failed');
    expectFieldProblem(
      await t.http.post(url).set(s()).send({ method: 'penny-drop', bankAccountLast4: '1234' }),
      ['bankAccountLast4'],
      'validation-failed',
    );
    expectFieldProblem(await t.http.post(url).set(s()).send({ method: 'manual', reason: '  ' }), ['reason'], 'validation-failed');
    expect(await stateOf(t.http, staff, id)).toBe('bank.pending');
  });

  it('an amend that breaks the product limits is 400 and keeps the loan as it was', async () => {
    const { id } = await loan('new');
    const before = await historyOf(t.http, staff, id);
    expectFieldProblem(await t.http.patch(`/api/me/loans/${id}`).set(b()).send({ tenureMonths: 99 }), ['tenureMonths'], 'invalid-input');
    expectFieldProblem(await t.http.patch(`/api/me/loans/${id}`).set(b()).send({}), ['amount'], 'validation-failed');
    expect(await historyOf(t.http, staff, id)).toEqual(before);
  });
});

describe('ids and time in the path and query', () => {
  it.each([
    ['GET', '/api/me/loans/not-a-uuid'],
    ['PATCH', '/api/me/loans/not-a-uuid'],
    ['POST', '/api/me/loans/not-a-uuid/submit'],
    ['GET', '/api/me/loans/not-a-uuid/agreement.pdf'],
    ['GET', '/api/admin/loans/12345'],
    ['GET', '/api/admin/loans/12345/history'],
    ['POST', '/api/admin/loans/12345/accept'],
    ['POST', '/api/admin/loans/12345/issue-agreement'],
  ])('a bad uuid: %s %s is 400', async (method, url) => {
    const token = url.startsWith('/api/me') ? borrower.token : staff;
    const body = method === 'PATCH' ? { amount: 20_000_000 } : {};
    const res = await changesNothing(() =>
      (method === 'GET' ? t.http.get(url) : method === 'PATCH' ? t.http.patch(url) : t.http.post(url)).set(bearer(token)).send(body),
    );
    const fields = expectFieldProblem(res, ['id'], 'validation-failed');
    expect(fields).toEqual([{ name: 'id', message: 'the loan id must be a UUID' }]);
  });

  it.each([
    ['GET', '/api/me/loans/:id', 'borrower'],
    ['PATCH', '/api/me/loans/:id', 'borrower'],
    ['POST', '/api/me/loans/:id/submit', 'borrower'],
    ['POST', '/api/me/loans/:id/cancel', 'borrower'],
    ['GET', '/api/me/loans/:id/agreement.pdf', 'borrower'],
    ['GET', '/api/admin/loans/:id', 'staff'],
    ['GET', '/api/admin/loans/:id/history', 'staff'],
    ['GET', '/api/admin/loans/:id/agreement.pdf', 'staff'],
    ['POST', '/api/admin/loans/:id/accept', 'staff'],
    ['POST', '/api/admin/loans/:id/issue-agreement', 'staff'],
    ['POST', '/api/admin/loans/:id/reject', 'staff'],
  ])('an unknown loan: %s %s is 404', async (method, path, role) => {
    const id = randomUUID();
    const url = path.replace(':id', id);
    const token = role === 'borrower' ? borrower.token : staff;
    const send = method === 'PATCH' ? { amount: 20_000_000 } : /\/(cancel|reject)$/.test(path) ? { reason: 'because' } : {};
    const res = await changesNothing(() =>
      (method === 'GET' ? t.http.get(url) : method === 'PATCH' ? t.http.patch(url) : t.http.post(url)).set(bearer(token)).send(send),
    );
    const body = expectProblem(res, 404, 'not-found');
    expect(body.detail).toContain(id);
  });

  it('asOf that is not a date-time is 400; before the loan existed is 404; after is the loan', async () => {
    const { id } = await loan('applied');
    for (const asOf of ['garbage', '2026-13-45T99:00:00Z', '']) {
      expectFieldProblem(await t.http.get(`/api/admin/loans/${id}`).query({ asOf }).set(s()), ['asOf'], 'validation-failed');
    }
    const res = await t.http.get(`/api/admin/loans/${id}`).query({ asOf: '2000-01-01T00:00:00Z' }).set(s());
    expectProblem(res, 404, 'not-found');
    const now = await t.http
      .get(`/api/admin/loans/${id}`)
      .query({ asOf: new Date(Date.now() + 60_000).toISOString() })
      .set(s())
      .expect(200);
    expect(now.body.state).toBe('applied');
  });

  it('GET /api/admin/loans?asOf=garbage is 400 naming asOf (the list takes only sort, range and filter)', async () => {
    const res = await t.http.get('/api/admin/loans').query({ asOf: 'garbage' }).set(s());
    expectFieldProblem(res, ['asOf'], 'validation-failed');
    expect(res.headers['content-range']).toBeUndefined();
  });
});

describe('admin loan list parameters are allow-listed', () => {
  it.each([
    ['unknown sort field', { sort: '["password_hash","ASC"]' }, 'sort'],
    ['SQL in the sort field', { sort: '["created_at; DROP TABLE events","ASC"]' }, 'sort'],
    ['bad sort order', { sort: '["createdAt","SIDEWAYS"]' }, 'sort'],
    ['sort that is not JSON', { sort: 'createdAt' }, 'sort'],
    ['unknown filter', { filter: '{"state":"new"}' }, 'filter.state'],
    ['filter that is an array', { filter: '[1]' }, 'filter'],
    ['bad range', { range: '[10,2]' }, 'range'],
    ['negative range', { range: '[-1,5]' }, 'range'],
    ['range that is too large', { range: '[0,10000]' }, 'range'],
    ['unknown queue', { filter: '{"queue":"soft.refused"}' }, 'queue'],
    ['unknown type', { filter: '{"type":"mortgage"}' }, 'type'],
    ['bad id in getMany', { filter: '{"id":["x"]}' }, 'id.0'],
    ['a json-server style parameter', { _sort: 'id' }, '_sort'],
    ['a filter given outside filter=', { queue: 'new' }, 'queue'],
  ])('%s is 400 naming the field', async (_, query, field) => {
    const res = await t.http.get('/api/admin/loans').query(query).set(s());
    expectFieldProblem(res, [field], 'validation-failed');
  });

  it('the events table survives the SQL-looking sort (and the list still works)', async () => {
    await t.http.get('/api/admin/loans').query({ sort: '["created_at; DROP TABLE events","ASC"]' }).set(s()).expect(400);
    const list = await t.http.get('/api/admin/loans').query({ sort: '["createdAt","ASC"]', range: '[0,4]' }).set(s()).expect(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.headers['content-range']).toMatch(/^loans (0-\d+|\*)\/\d+$/);
  });
});

describe('GET /api/public/emi', () => {
  it.each([
    ['principal=abc', { principal: 'abc', annualRatePercent: '12', months: '12' }, ['principal']],
    ['months=0', { principal: '10000000', annualRatePercent: '12', months: '0' }, ['months']],
    ['rate=-1', { principal: '10000000', annualRatePercent: '-1', months: '12' }, ['annualRatePercent']],
    ['months=1.5', { principal: '10000000', annualRatePercent: '12', months: '1.5' }, ['months']],
    ['missing parameters', {}, ['principal', 'annualRatePercent', 'months']],
  ])('%s is 400 with fields', async (_, query, fields) => {
    const res = await t.http.get('/api/public/emi').query(query);
    const listed = expectFieldProblem(res, fields, 'validation-failed');
    expect(listed.map((f) => f.name).sort()).toEqual([...fields].sort());
  });

  it('answers the reducing-balance schedule (no sign-in needed)', async () => {
    const res = await t.http.get('/api/public/emi').query({ principal: 10_000_000, annualRatePercent: 12, months: 12 }).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.emi).toBe(888_488);
    expect(res.body.schedule).toHaveLength(12);
    const lines = res.body.schedule as { number: number; principal: number; interest: number; balance: number }[];
    expect(lines.map((l) => l.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(lines.reduce((sum, l) => sum + l.principal, 0)).toBe(10_000_000);
    expect(lines.at(-1)!.balance).toBe(0);
    expect(lines[0].interest).toBe(100_000); // 1% of the first month's balance
    const interest = lines.reduce((sum, l) => sum + l.interest, 0);
    expect(res.body.totalInterest).toBe(interest);
    expect(res.body.totalPayable).toBe(10_000_000 + interest);
    for (const l of lines.slice(0, -1)) expect(l.principal + l.interest).toBe(888_488);
  });

  it('rate 0 divides the principal evenly', async () => {
    const res = await t.http.get('/api/public/emi').query({ principal: 1200, annualRatePercent: 0, months: 12 }).expect(200);
    expect(res.body.emi).toBe(100);
    expect(res.body.totalInterest).toBe(0);
  });
});

describe('Idempotency-Key', () => {
  it('two accepts with one key: both 200 with the same answer, one event', async () => {
    const { id } = await loan('applied');
    const key = `accept-${randomUUID()}`;
    const first = await t.http.post(`/api/admin/loans/${id}/accept`).set(s()).set('Idempotency-Key', key).send({});
    const second = await t.http.post(`/api/admin/loans/${id}/accept`).set(s()).set('Idempotency-Key', key).send({});
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(first.body.state).toBe('soft.pending');
    expect(typeof first.body.position).toBe('number');
    const history = await historyOf(t.http, staff, id);
    expect(history.filter((e) => e.type === 'LoanApplicationAccepted')).toHaveLength(1);
    expect(history.at(-1)!.position).toBe(first.body.position);
  });

  it('a repeat is answered as the first time even after the loan moved on', async () => {
    const { id } = await loan('applied');
    const key = `accept-${randomUUID()}`;
    const first = await t.http.post(`/api/admin/loans/${id}/accept`).set(s()).set('Idempotency-Key', key).send({}).expect(200);
    await t.http.post(`/api/admin/loans/${id}/approve-soft`).set(s()).send({ score: 700 }).expect(200);
    const again = await changesNothing(() => t.http.post(`/api/admin/loans/${id}/accept`).set(s()).set('Idempotency-Key', key).send({}));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it('the same key on a different loan is 422 and moves neither loan', async () => {
    const one = await loan('applied');
    const two = await loan('applied');
    const key = `accept-${randomUUID()}`;
    await t.http.post(`/api/admin/loans/${one.id}/accept`).set(s()).set('Idempotency-Key', key).send({}).expect(200);
    const before = await historyOf(t.http, staff, two.id);
    const res = await t.http.post(`/api/admin/loans/${two.id}/accept`).set(s()).set('Idempotency-Key', key).send({});
    expectProblem(res, 422, 'idempotency-key-reused');
    expect(await historyOf(t.http, staff, two.id)).toEqual(before);
    expect(await stateOf(t.http, staff, two.id)).toBe('applied');
  });

  it('the same key for another action on the same loan is 422 and appends nothing', async () => {
    const { id } = await loan('applied');
    const key = `reuse-${randomUUID()}`;
    await t.http.post(`/api/admin/loans/${id}/accept`).set(s()).set('Idempotency-Key', key).send({}).expect(200);
    const res = await changesNothing(() =>
      t.http.post(`/api/admin/loans/${id}/approve-soft`).set(s()).set('Idempotency-Key', key).send({ score: 700 }),
    );
    expectProblem(res, 422, 'idempotency-key-reused');
    expect(await stateOf(t.http, staff, id)).toBe('soft.pending');
  });

  it('the same key with a different body is 422, not a silent replay of the first answer', async () => {
    const key = `start-${randomUUID()}`;
    await t.http.post('/api/me/loans').set(b()).set('Idempotency-Key', key).send({ type: 'salaryAdvance', amount: 2_000_000 }).expect(201);
    const res = await changesNothing(() =>
      t.http.post('/api/me/loans').set(b()).set('Idempotency-Key', key).send({ type: 'salaryAdvance', amount: 3_000_000 }),
    );
    expectProblem(res, 422, 'idempotency-key-reused');
  });

  it('a malformed key is 400 naming the header', async () => {
    const { id } = await loan('applied');
    const res = await t.http.post(`/api/admin/loans/${id}/accept`).set(s()).set('Idempotency-Key', 'has spaces in it').send({});
    expectFieldProblem(res, ['Idempotency-Key'], 'validation-failed');
    expect(await stateOf(t.http, staff, id)).toBe('applied');
  });

  it('POST /api/me/loans twice with one key starts one loan', async () => {
    const key = `start-${randomUUID()}`;
    const before = (await t.http.get('/api/me/loans').set(b()).expect(200)).body.length;
    const body = { type: 'salaryAdvance', amount: 2_000_000 };
    const first = await t.http.post('/api/me/loans').set(b()).set('Idempotency-Key', key).send(body);
    const second = await t.http.post('/api/me/loans').set(b()).set('Idempotency-Key', key).send(body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body).toEqual(first.body);
    const mine = (await t.http.get('/api/me/loans').set(b()).expect(200)).body as { id: string }[];
    expect(mine).toHaveLength(before + 1);
    expect(mine.filter((l) => l.id === first.body.id)).toHaveLength(1);
    expect((await historyOf(t.http, staff, first.body.id)).map((e) => e.type)).toEqual(['LoanApplicationStarted']);
  });

  it('without a key, two starts are two loans', async () => {
    const body = { type: 'salaryAdvance', amount: 2_000_000 };
    const first = await t.http.post('/api/me/loans').set(b()).send(body).expect(201);
    const second = await t.http.post('/api/me/loans').set(b()).send(body).expect(201);
    expect(second.body.id).not.toBe(first.body.id);
  });
});

describe('concurrency', () => {
  it('5 concurrent approve-soft on one loan: one 200, the rest 409, one SoftCheckApproved', async () => {
    const { id } = await loan('soft.pending');
    const responses = await Promise.all(
      [701, 702, 703, 704, 705].map((score) => t.http.post(`/api/admin/loans/${id}/approve-soft`).set(s()).send({ score })),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    const winner = responses.find((r) => r.status === 200)!;
    expect(winner.body.state).toBe('bank.pending');
    for (const r of responses.filter((x) => x.status === 409)) {
      const body = expectProblem(r, 409);
      expect(['concurrency', 'illegal-transition']).toContain(body.type);
    }
    const history = await historyOf(t.http, staff, id);
    const approvals = history.filter((e) => e.type === 'SoftCheckApproved');
    expect(approvals).toHaveLength(1);
    expect(approvals[0].data.score).toBe(winner.body.score);
    expect(history.map((e) => e.stateAfter).at(-1)).toBe('bank.pending');
  });
});

describe('reject and cancel', () => {
  it.each(['new', 'applied', 'soft.pending', 'bank.pending', 'consent.customerpending', 'disbursal.pending'] as LoanState[])(
    'staff reject a loan in %s',
    async (from) => {
      const { id } = await loan(from);
      const res = await t.http.post(`/api/admin/loans/${id}/reject`).set(s()).send({ reason: 'income not verified' }).expect(200);
      expect(res.body.state).toBe('rejected');
      expect(res.body.allowedActions).toEqual([]);
      expect(res.body.lastReason).toBe('income not verified');
      const last = (await historyOf(t.http, staff, id)).at(-1)!;
      expect(last).toEqual(expect.objectContaining({ type: 'LoanRejected', stateAfter: 'rejected', reason: 'income not verified' }));
      expect(last.data.fromState).toBe(from);
      const mine = await t.http.get(`/api/me/loans/${id}`).set(b()).expect(200);
      expect(mine.body.state).toBe('rejected');
    },
  );

  it.each(['new', 'applied', 'bank.pending', 'consent.customerpending', 'final.pending', 'disbursal.pending'] as LoanState[])(
    'the borrower cancels a loan in %s',
    async (from) => {
      const { id } = await loan(from);
      const res = await t.http.post(`/api/me/loans/${id}/cancel`).set(b()).send({ reason: 'found a cheaper loan' }).expect(200);
      expect(res.body.state).toBe('cancelled');
      expect(res.body.allowedActions).toEqual([]);
      const last = (await historyOf(t.http, staff, id)).at(-1)!;
      expect(last).toEqual(
        expect.objectContaining({ type: 'LoanApplicationCancelled', stateAfter: 'cancelled', reason: 'found a cheaper loan' }),
      );
      expect(last.data.fromState).toBe(from);
    },
  );

  it('an active loan cannot be rejected or cancelled', async () => {
    const { id } = await loan('active');
    const before = await historyOf(t.http, staff, id);
    const rejected = expectProblem(
      await t.http.post(`/api/admin/loans/${id}/reject`).set(s()).send({ reason: 'late' }),
      409,
      'illegal-transition',
    );
    expect(rejected.currentState).toBe('active');
    expect(rejected.allowedActions).toEqual([]);
    expectProblem(await t.http.post(`/api/me/loans/${id}/cancel`).set(b()).send({ reason: 'late' }), 409, 'illegal-transition');
    expect(await historyOf(t.http, staff, id)).toEqual(before);
    expect(await stateOf(t.http, staff, id)).toBe('active');
  });

  it('rejecting a rejected loan again answers 200 and appends nothing', async () => {
    const { id } = await loan('rejected');
    const before = await historyOf(t.http, staff, id);
    const again = await t.http.post(`/api/admin/loans/${id}/reject`).set(s()).send({ reason: 'another reason' }).expect(200);
    expect(again.body.state).toBe('rejected');
    expect(again.body.position).toBe(before.at(-1)!.position);
    expect(again.body.events).toEqual([]);
    expect(await historyOf(t.http, staff, id)).toEqual(before);
  });

  it('cancelling a cancelled loan again answers 200 and appends nothing', async () => {
    const { id } = await loan('cancelled');
    const before = await historyOf(t.http, staff, id);
    const again = await t.http.post(`/api/me/loans/${id}/cancel`).set(b()).send({ reason: 'again' }).expect(200);
    expect(again.body.state).toBe('cancelled');
    expect(again.body.events).toEqual([]);
    expect(await historyOf(t.http, staff, id)).toEqual(before);
  });
});
