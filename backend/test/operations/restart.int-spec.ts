import { afterAll, describe, expect, it } from '@jest/globals';
import { verifyProjections } from '../../src/platform/projections/verify.js';
import { loanSummaryProjection } from '../../src/lending/loan/projections/loan-summary.projection.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

let database: TestDatabase;
let current: TestApp | undefined;

afterAll(async () => {
  await current?.close();
  await database?.drop();
});

describe('a restart in the middle of the pipeline', () => {
  it('loses nothing: the loan carries on from where it stood, and the read model still matches the log', async () => {
    database = await createTestDatabase('restart');
    current = await startTestApp('restart', {}, { database, keepDatabase: true });
    const borrower = await registerBorrower(current.http);
    let staff = await loginStaff(current.http);
    const loan = await current.http
      .post('/api/me/loans')
      .set('Authorization', `Bearer ${borrower.token}`)
      .send({ type: 'EMI', amount: 3_000_000, tenureMonths: 9 })
      .expect(201);
    await current.http.post(`/api/me/loans/${loan.body.id}/submit`).set('Authorization', `Bearer ${borrower.token}`).expect(200);
    await current.http.post(`/api/admin/loans/${loan.body.id}/accept`).set('Authorization', `Bearer ${staff}`).send({}).expect(200);
    await current.close();

    // A new process on the same database: migrations are a no-op, the seed user is not duplicated, tokens still work.
    current = await startTestApp('restart', {}, { database, keepDatabase: true });
    const stillThere = await current.http.get(`/api/me/loans/${loan.body.id}`).set('Authorization', `Bearer ${borrower.token}`).expect(200);
    expect(stillThere.body.state).toBe('soft.pending');
    staff = await loginStaff(current.http);
    const moved = await current.http
      .post(`/api/admin/loans/${loan.body.id}/approve-soft`)
      .set('Authorization', `Bearer ${staff}`)
      .send({ score: 700 })
      .expect(200);
    expect(moved.body.state).toBe('bank.pending');
    expect(moved.body.version).toBe(4);
    const staffCount = await current.runtime.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('role', '=', 'staff')
      .executeTakeFirstOrThrow();
    expect(Number(staffCount.n)).toBe(1);
    expect((await verifyProjections(current.runtime.db, [loanSummaryProjection])).differences).toEqual([]);
  });
});
