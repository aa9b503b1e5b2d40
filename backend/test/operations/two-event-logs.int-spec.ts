import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { WorkerHost } from '../../src/platform/worker-host.js';
import { bearer } from '../support/loan-api.js';
import { describeWithRedis } from '../support/describe-with-redis.js';
import { registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';

/**
 * Issue 16: two event logs (two databases) on one Redis with the same key prefix, as staging beside production or
 * a test run beside development. Their events have the same positions, so their notification jobs have the same
 * ids (`borrower-notifications-<position>`); namespaced by each log's id, both are delivered.
 */
const prefix = `test-${randomBytes(4).toString('hex')}`;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await startTestApp('two_logs_a', {}, { keyPrefix: prefix });
  b = await startTestApp('two_logs_b', {}, { keyPrefix: prefix });
  await a.app.get(WorkerHost).start();
  await b.app.get(WorkerHost).start();
});

afterAll(async () => {
  await a?.close();
  await b?.close();
});

const positionOf = async (t: TestApp, loanId: string) =>
  Number(
    (
      await sql<{
        p: string;
      }>`SELECT global_position AS p FROM events WHERE stream_id = ${`loan-${loanId}`} AND type = 'LoanApplicationSubmitted'`.execute(
        t.runtime.db,
      )
    ).rows[0].p,
  );

async function submitLoan(t: TestApp): Promise<{ token: string; loanId: string }> {
  const borrower = await registerBorrower(t.http);
  const loan = await t.http
    .post('/api/me/loans')
    .set(bearer(borrower.token))
    .send({ type: 'EMI', amount: 10_000_000, tenureMonths: 12 })
    .expect(201);
  await t.http.post(`/api/me/loans/${loan.body.id}/submit`).set(bearer(borrower.token)).expect(200);
  return { token: borrower.token, loanId: loan.body.id };
}

describeWithRedis('two event logs on one Redis', () => {
  it('each database has its own stable event log id, and its Redis keys carry it', async () => {
    expect(a.runtime.eventLogId).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.runtime.eventLogId).not.toBe(a.runtime.eventLogId);
    expect(a.runtime.keyPrefix).toBe(`${prefix}:${a.runtime.eventLogId}`);
    expect(b.runtime.keyPrefix).toBe(`${prefix}:${b.runtime.eventLogId}`);
  });

  it('the same event position in both logs: both borrowers are notified', async () => {
    const first = await submitLoan(a);
    const second = await submitLoan(b);
    // Two fresh databases, the same steps: the submissions sit at the same position, so the job ids are equal.
    expect(await positionOf(a, first.loanId)).toBe(await positionOf(b, second.loanId));
    for (const [t, who] of [
      [a, first],
      [b, second],
    ] as const) {
      await waitFor(async () => {
        const res = await t.http.get('/api/me/notifications').set(bearer(who.token)).expect(200);
        return JSON.stringify(res.body).includes('We have received your application');
      }, 'the submission notification');
    }
  });
});
