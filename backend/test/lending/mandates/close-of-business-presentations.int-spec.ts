import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CloseOfBusinessRuns } from '../../../src/lending/collections/application/close-of-business-runs.js';
import { closeOfBusinessResultSchema, closeOfBusinessRunSchema } from '../../../src/lending/collections/http/collections.schemas.js';
import { loanDetailSchema } from '../../../src/lending/loan/http/loan-response.schemas.js';
import { loanMandatesSchema, mandateStartedSchema } from '../../../src/lending/mandates/http/mandates.schemas.js';
import { MANDATE_PROVIDER } from '../../../src/lending/mandates/provider/mandate-provider.port.js';
import type { SandboxMandateProvider } from '../../../src/lending/mandates/provider/sandbox-mandate-provider.js';
import { addDays } from '../../../src/lending/loan/domain/calendar.js';
import { bearer, loanIn, storeCounts, type LoanHandle } from '../../support/loan-api.js';
import { ADMIN, registerBorrower, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Issue 32: close of business runs the auto-debit step after ageing (through lending/loan's AutoDebitPresentations
 * port, provided by lending/mandates). The runs page's run for the due date presents the instalment of a loan with an
 * active mandate and sends it; the on-demand run for the same date then adds nothing, and neither does a second one.
 */
let t: TestApp;
let admin: string;
let loan: LoanHandle;
let provider: SandboxMandateProvider;

const setBusinessDate = (date: string) => t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date }).expect(200);
const presentationsOf = async (loanId: string) =>
  loanMandatesSchema.parse((await t.http.get(`/api/admin/loans/${loanId}/mandates`).set(bearer(admin)).expect(200)).body).presentations;
const closeOfBusiness = async (date: string) =>
  closeOfBusinessResultSchema.parse((await t.http.post('/api/admin/close-of-business').set(bearer(admin)).send({ date }).expect(200)).body);

beforeAll(async () => {
  t = await startTestApp('cob_presentations', { BUSINESS_DATE_MODE: 'manual' });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  provider = t.app.get<SandboxMandateProvider>(MANDATE_PROVIDER);
  await setBusinessDate('2026-11-25');
  loan = await loanIn(t.http, 'active', (await registerBorrower(t.http, 'Meera Mandate')).token, admin);
  const started = mandateStartedSchema.parse(
    (await t.http.post(`/api/admin/loans/${loan.id}/mandates`).set(bearer(admin)).send({ kind: 'e-nach' }).expect(201)).body,
  );
  await t.http.post(`${started.redirectUrl}/approve`).expect(303);
});

afterAll(async () => {
  await t?.close();
});

describe('close of business presents the instalments due', () => {
  it('the run for the due date presents the instalment once; a re-run of the same day adds nothing', async () => {
    const due1 = loanDetailSchema.parse((await t.http.get(`/api/admin/loans/${loan.id}`).set(bearer(admin)).expect(200)).body).schedule![0]!
      .dueDate;
    const before = provider.debitsRequested;

    // The runs page closes the day before the business date: the due date.
    await setBusinessDate(addDays(due1, 1));
    const started = closeOfBusinessRunSchema.parse(
      (await t.http.post('/api/admin/close-of-business/runs').set(bearer(admin)).send({}).expect(202)).body,
    );
    await t.app.get(CloseOfBusinessRuns).settled();
    const run = closeOfBusinessRunSchema.parse(
      (await t.http.get(`/api/admin/close-of-business/runs/${started.id}`).set(bearer(admin)).expect(200)).body,
    );
    expect(run).toMatchObject({ date: due1, status: 'completed', presentationsDecided: 1, presentationsSent: 1, failure: null });
    const presented = await presentationsOf(loan.id);
    expect(presented).toEqual([expect.objectContaining({ instalmentNumber: 1, attempt: 1, presentedOn: due1, status: 'submitted' })]);
    expect(provider.debitsRequested).toBe(before + 1);

    // The same day run again (on demand, twice): nothing presented, sent or recorded twice.
    const counts = await storeCounts(t);
    expect(await closeOfBusiness(due1)).toMatchObject({ date: due1, eventsAppended: 0, presentationsDecided: 0, presentationsSent: 0 });
    expect(await closeOfBusiness(due1)).toMatchObject({ presentationsDecided: 0, presentationsSent: 0 });
    expect(await storeCounts(t)).toEqual(counts);
    expect(await presentationsOf(loan.id)).toEqual(presented);
    expect(provider.debitsRequested).toBe(before + 1);
  });

  it('the on-demand run answers what the auto-debit step did for a new date', async () => {
    const result = await closeOfBusiness(addDays((await presentationsOf(loan.id))[0]!.presentedOn, 1));
    expect(result).toMatchObject({ presentationsDecided: 0, presentationsSent: 0 });
  });
});
