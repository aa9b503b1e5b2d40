import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { CloseOfBusinessRuns } from '../../../src/lending/collections/application/close-of-business-runs.js';
import {
  closeOfBusinessRunSchema,
  collectionRowSchema,
  loanDelinquencySchema,
} from '../../../src/lending/collections/http/collections.schemas.js';
import {
  bearer,
  createEmiProduct,
  expectProblem,
  loanIn,
  staffTokenWithRole,
  storeCounts,
  type LoanHandle,
} from '../../support/loan-api.js';
import { ADMIN, registerBorrower, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Issue 27 item 4: close of business from the console, over HTTP on a real database, in manual business date mode.
 * The loan is paid out on 2026-11-21 under a product with no grace days and a flat penal charge of 500.00;
 * instalment 1 is due on 2026-12-21. Staff move the date to 2026-12-29: the buckets count 8 days past due, but the
 * loan is still "standard" until close of business closes the days up to 2026-12-28; right after the run it is SMA-0.
 */
let t: TestApp;
let admin: string;
let loan: LoanHandle;
const PENAL = 50_000;
type Run = z.infer<typeof closeOfBusinessRunSchema>;

const staff = (roleId: string) => staffTokenWithRole(t.http, admin, roleId);

const setBusinessDate = (date: string) => t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date }).expect(200);
const start = (token = admin) => t.http.post('/api/admin/close-of-business/runs').set(bearer(token)).send({});
const runOf = async (id: string, token = admin): Promise<Run> =>
  closeOfBusinessRunSchema.parse((await t.http.get(`/api/admin/close-of-business/runs/${id}`).set(bearer(token)).expect(200)).body);

/** Starts a run as the console does and follows it until it is no longer running. */
async function runToTheEnd(token = admin): Promise<{ started: Run; finished: Run }> {
  const res = await start(token).expect(202);
  const started = closeOfBusinessRunSchema.parse(res.body);
  await t.app.get(CloseOfBusinessRuns).settled();
  return { started, finished: await runOf(started.id, token) };
}

const classificationOf = async (id: string) =>
  loanDelinquencySchema.parse((await t.http.get(`/api/admin/loans/${id}/delinquency`).set(bearer(admin)).expect(200)).body).classification;
const overdueRow = async (id: string) =>
  collectionRowSchema.parse(
    (
      await t.http
        .get(`/api/admin/collections/${encodeURIComponent(`inst:${id}:1`)}`)
        .set(bearer(admin))
        .expect(200)
    ).body,
  );

beforeAll(async () => {
  t = await startTestApp('close-of-business-runs', { BUSINESS_DATE_MODE: 'manual' });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  const productId = await createEmiProduct(t.http, admin, {
    code: 'cob-run-emi',
    name: 'COB run personal loan',
    graceDays: 0,
    penalChargeFlat: PENAL,
  });
  await setBusinessDate('2026-11-21');
  loan = await loanIn(t.http, 'active', (await registerBorrower(t.http, 'Ravi Eight Days')).token, admin, {
    type: 'EMI',
    amount: 10_000_000,
    tenureMonths: 12,
    productId,
  });
});

afterAll(async () => {
  await t?.close();
});

describe('a run from the console after moving the date', () => {
  it('8 days past due: standard before the run, SMA-0 right after it, with the summary of what it did', async () => {
    await setBusinessDate('2026-12-29');
    expect(await overdueRow(loan.id)).toMatchObject({ dpd: 8, classification: 'standard' });
    expect(await classificationOf(loan.id)).toBe('standard');

    const { started, finished } = await runToTheEnd();
    expect(started).toMatchObject({ date: '2026-12-28', businessDate: '2026-12-29', status: 'running', loansToVisit: 1 });
    expect(finished).toMatchObject({
      status: 'completed',
      date: '2026-12-28',
      loansToVisit: 1,
      loansVisited: 1,
      loansAged: 1,
      reclassified: 1,
      penaltiesApplied: 1,
      remindersQueued: 1,
      failure: null,
    });
    // InstalmentFellDue, InstalmentWentOverdue, PenalChargeApplied, LoanClassificationChanged.
    expect(finished.eventsAppended).toBe(4);
    expect(finished.finishedAt).not.toBeNull();

    expect(await classificationOf(loan.id)).toBe('SMA-0');
    const row = await overdueRow(loan.id);
    expect(row).toMatchObject({ dpd: 8, classification: 'SMA-0' });
    // The penal charge sits on the instalment and is owed now.
    expect(row.due!.penalties).toBe(PENAL);
  });

  it('the same date again records nothing new', async () => {
    const before = await storeCounts(t);
    const { finished } = await runToTheEnd();
    expect(finished).toMatchObject({
      status: 'completed',
      date: '2026-12-28',
      loansVisited: 0,
      loansAged: 0,
      eventsAppended: 0,
      reclassified: 0,
      penaltiesApplied: 0,
      remindersQueued: 0,
    });
    expect(await storeCounts(t)).toEqual(before);
  });

  it('lists the runs, newest first', async () => {
    const res = await t.http.get('/api/admin/close-of-business/runs').query({ range: '[0,9]' }).set(bearer(admin)).expect(200);
    expect(res.headers['content-range']).toBe('close-of-business-runs 0-1/2');
    const runs = z.array(closeOfBusinessRunSchema).parse(res.body);
    expect(runs.map((r) => r.eventsAppended)).toEqual([0, 4]);
  });
});

describe('one run at a time', () => {
  it('while a run is going (another process), a start is 409 close-of-business-running naming it; a run gone silent is failed and blocks nothing', async () => {
    const other = randomUUID();
    const db = t.runtime.db;
    await db
      .insertInto('close_of_business_runs')
      .values({
        id: other,
        date: '2026-12-28',
        business_date: '2026-12-29',
        status: 'running',
        requested_by: 'elsewhere',
        started_at: new Date(),
        heartbeat_at: new Date(),
        loans_to_visit: 0,
        failure: null,
      })
      .execute();
    const refused = expectProblem(await start(), 409, 'close-of-business-running');
    expect(refused).toMatchObject({ runId: other, date: '2026-12-28' });

    await db
      .updateTable('close_of_business_runs')
      .set({ heartbeat_at: new Date(Date.now() - 10 * 60_000) })
      .where('id', '=', other)
      .execute();
    const { finished } = await runToTheEnd();
    expect(finished.status).toBe('completed');
    expect(await runOf(other)).toMatchObject({ status: 'failed', failure: expect.stringContaining('run it again') });
  });

  it('two starts at once: one run, the other told it is running (or, if the first has already finished, a second run that records nothing)', async () => {
    await setBusinessDate('2027-01-22');
    const answers = await Promise.all([start(), start()]);
    await t.app.get(CloseOfBusinessRuns).settled();
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(202);
    for (const answer of answers.filter((a) => a.status !== 202)) expectProblem(answer, 409, 'close-of-business-running');
    const runs = await Promise.all(answers.filter((a) => a.status === 202).map((a) => runOf(a.body.id as string)));
    // Whatever the interleaving, the day is closed once: instalment 2 (due 21 January) fell due and went overdue once.
    expect(runs.reduce((sum, r) => sum + r.penaltiesApplied, 0)).toBe(1);
  });
});

describe('who may run it', () => {
  it('the collections agent (collections.manage) holds cob.run from the migration and may run it', async () => {
    const agent = await staff('collections-agent');
    const { finished } = await runToTheEnd(agent);
    expect(finished.status).toBe('completed');
  });

  it('staff without cob.run, a borrower, or a request from another site with the staff cookie are refused, and nothing starts', async () => {
    const officer = await staff('credit-officer');
    const borrower = await registerBorrower(t.http, 'Not Staff');
    const count = async () =>
      Number(
        (
          await t.runtime.db
            .selectFrom('close_of_business_runs')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expectProblem(await start(officer), 403, 'missing-permission');
    expectProblem(await t.http.get('/api/admin/close-of-business/runs').set(bearer(officer)), 403, 'missing-permission');
    expectProblem(await start(borrower.token), 403);
    const login = await t.http.post('/api/auth/login').send(ADMIN).expect(200);
    admin = login.body.token; // a new sign-in ends the earlier session
    const cookie = String((login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('token='))).split(';')[0];
    expectProblem(
      await t.http.post('/api/admin/close-of-business/runs').set('Cookie', cookie).set('Origin', 'https://evil.example').send({}),
      403,
      'csrf-refused',
    );
    expect(await count()).toBe(before);
  });

  it('an unknown run is 404', async () => {
    expectProblem(
      await t.http.get(`/api/admin/close-of-business/runs/${randomUUID()}`).set(bearer(admin)),
      404,
      'close-of-business-run-not-found',
    );
  });
});

describe('in automatic mode', () => {
  let auto: TestApp;
  afterAll(async () => {
    await auto?.close();
  });

  it('a start is 409 close-of-business-is-nightly, saying the nightly run closes each day and how to switch', async () => {
    auto = await startTestApp('close-of-business-runs-auto');
    const token = (await auto.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token as string;
    const problem = expectProblem(
      await auto.http.post('/api/admin/close-of-business/runs').set(bearer(token)).send({}),
      409,
      'close-of-business-is-nightly',
    );
    expect(problem.detail).toContain('BUSINESS_DATE_MODE=manual');
    expect(problem).toMatchObject({ mode: 'automatic' });
  });
});
