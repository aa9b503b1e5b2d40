import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTwoApiProcesses, type ApiProcess } from '../../support/api-processes.js';
import { bearer, expectProblem, historyOf } from '../../support/loan-api.js';

/**
 * A process keeps the state of the loans it appended to last (RecentLoans) and decides their next command on it
 * without reading the stream. Two API processes on one database, as deployed: each case first shows that A keeps the
 * loan, then moves the loan on through B, then sends A a command. A must answer what a fresh read of the stream
 * answers, whatever A kept: a refusal from the loan's real state, an accepted command appended after B's event.
 */
let processes: Awaited<ReturnType<typeof startTwoApiProcesses>>;
let a: ApiProcess;
let b: ApiProcess;
let staff: string;

beforeAll(async () => {
  processes = await startTwoApiProcesses('recent-loans');
  ({ a, b, admin: staff } = processes);
}, 120_000);

afterAll(async () => processes?.stop(), 60_000);

let counter = 0;
/** A borrower's loan taken to soft.pending through A: A keeps it. */
async function softPendingOnA(): Promise<{ id: string; borrower: string }> {
  counter += 1;
  const unique = `${Date.now()}${counter}`;
  const borrower = (
    await a.http
      .post('/api/auth/register')
      .send({
        name: 'Asha Rao',
        email: `recent${unique}@example.com`,
        phone: `+919${unique.slice(-9)}`,
        password: 'borrower-password',
        deviceId: randomUUID(),
      })
      .expect(201)
  ).body.token as string;
  const id = (
    await a.http.post('/api/me/loans').set(bearer(borrower)).send({ type: 'EMI', amount: 10_000_000, tenureMonths: 12 }).expect(201)
  ).body.id as string;
  await a.http.post(`/api/me/loans/${id}/submit`).set(bearer(borrower)).expect(200);
  const accepted = await a.http.post(`/api/admin/loans/${id}/accept`).set(bearer(staff)).send({}).expect(200);
  expect(accepted.body.state).toBe('soft.pending');
  expect(await a.keepsLoan(id)).toBe(true);
  return { id, borrower };
}

describe('a loan kept by one process and moved on by another', () => {
  it('a command the kept state would accept but the stream refuses is refused as the stream says, and nothing is appended', async () => {
    const { id } = await softPendingOnA();
    await b.http.post(`/api/admin/loans/${id}/approve-soft`).set(bearer(staff)).send({ score: 742 }).expect(200);

    const refused = expectProblem(
      await a.http.post(`/api/admin/loans/${id}/approve-soft`).set(bearer(staff)).send({ score: 700 }),
      409,
      'illegal-transition',
    );
    expect(refused).toMatchObject({ currentState: 'bank.pending' });
    const history = await historyOf(a.http, staff, id);
    expect(history.filter((e) => e.type === 'SoftCheckApproved')).toHaveLength(1);
    // A dropped what it kept: its next command reads the stream.
    expect(await a.keepsLoan(id)).toBe(false);
  });

  it("a command both states accept is appended after the other process's event, decided on the stream as it stands", async () => {
    const { id } = await softPendingOnA();
    await b.http.post(`/api/admin/loans/${id}/approve-soft`).set(bearer(staff)).send({ score: 742 }).expect(200);

    const rejected = await a.http.post(`/api/admin/loans/${id}/reject`).set(bearer(staff)).send({ reason: 'policy' }).expect(200);
    expect(rejected.body.state).toBe('rejected');
    const history = await historyOf(a.http, staff, id);
    expect(history.slice(-2).map((e) => [e.type, e.stateAfter])).toEqual([
      ['SoftCheckApproved', 'bank.pending'],
      ['LoanRejected', 'rejected'],
    ]);
    // Both processes read the loan alike, and A keeps it again as its append left it.
    const [onA, onB] = await Promise.all([
      a.http.get(`/api/admin/loans/${id}`).set(bearer(staff)),
      b.http.get(`/api/admin/loans/${id}`).set(bearer(staff)),
    ]);
    expect(onA.body).toEqual(onB.body);
    expect(await a.keepsLoan(id)).toBe(true);
  });

  it('a command on a loan only this process moved is decided on what it kept, and reads the same as the stream', async () => {
    const { id } = await softPendingOnA();
    const approved = await a.http.post(`/api/admin/loans/${id}/approve-soft`).set(bearer(staff)).send({ score: 742 }).expect(200);
    expect(approved.body.state).toBe('bank.pending');
    const readOnB = await b.http.get(`/api/admin/loans/${id}`).set(bearer(staff)).expect(200);
    const { position: _position, events: _events, ...answered } = approved.body as Record<string, unknown>;
    expect(readOnB.body).toMatchObject(answered);
  });

  it("a borrower is refused another borrower's loan that the process keeps, as not found", async () => {
    const { id } = await softPendingOnA();
    const other = await softPendingOnA();
    expectProblem(await a.http.post(`/api/me/loans/${id}/cancel`).set(bearer(other.borrower)).send({ reason: 'not mine' }), 404);
    expect(await a.keepsLoan(id)).toBe(true);
  });
});
