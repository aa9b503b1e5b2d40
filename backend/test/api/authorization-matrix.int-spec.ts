import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Test } from 'supertest';
import {
  bearer,
  expectProblem,
  historyOf,
  lastSigningCode,
  loanIn,
  storeCounts,
  type LoanHandle,
  type LoanState,
} from '../support/loan-api.js';
import { PNG_1X1 } from '../support/images.js';
import { fillBankSection, upload } from '../support/profile-api.js';
import { discoverRoutes, key, type DiscoveredRoute } from '../support/routes.js';
import { pdf } from '../support/sample-files.js';
import { fixedClock, loginStaff, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Who may call what. The route list comes from the running application, so a route added later is covered
 * without editing this file; each request is one that would succeed for the right caller (a real loan in the
 * state the action needs, a valid body), so a refusal here is the guard's doing and not a validation error.
 */

let t: TestApp;
let staff: string;
let alice: { token: string; user: { _id: string } };
let bob: { token: string; user: { _id: string } };
let routes: DiscoveredRoute[];
/** Staff holding no permission at all, and staff holding the read-only Viewer role. */
let nobody: string;
let viewer: string;
let adminId: string;
let emailId: string;
let templateId: string;
let bannerId: string;
let documentId: string;
let leadId: string;
let phoneCollisionId: string;
let issueId: string;
let statePageId: string;
/** A waiting erasure request of another borrower (DPDP Act, issue 33 item 5). */
let erasureRequestId: string;
/** Alice's push registration (issue 15). */
let pushTokenId: string;
const loans: Partial<Record<LoanState, LoanHandle>> = {};

/** Staff holding the Operations manager role: the second person of maker-checker. */
let checker: string;
/** A payment of Alice's (online) and one recorded by staff, for the routes about a payment. */
let alicePaymentId: string;
let staffPaymentId: string;
const cobRunId = randomUUID();
/** A monthly credit bureau file (issue 33 item 7), generated for October (the clock stands in November). */
let bureauRunId: string;
/** A settlement offer made by the checker (so the administrator may approve it). */
let settlementOfferId: string;
/** A manual journal entry proposed by the administrator (issue 31 item 4). */
let manualEntryId: string;

/** The e-sign codes sent for the control's signature, by loan id (the right code makes the signature succeed). */
const signingCodes = new Map<string, string>();

/** Overpays a loan (recorded by staff, verified by the checker), so it holds credit balance to refund. */
async function overpay(loan: LoanHandle): Promise<void> {
  const quote = (await t.http.get(`/api/admin/loans/${loan.id}/foreclosure-quote`).set(bearer(staff)).expect(200)).body;
  const paidOn = quote.date as string;
  const payment = await t.http
    .post(`/api/admin/loans/${loan.id}/payments`)
    .set(bearer(staff))
    .send({ amount: quote.total + 100_00, paidOn, method: 'cash' })
    .expect(201);
  await t.http.post(`/api/admin/payments/${payment.body.id}/verify`).set(bearer(checker)).expect(200);
}

/**
 * The state in which each action on a loan would succeed, and a body it would accept; `prepare` does what else the
 * action needs (and names the other path parameters); `status` when success is not 200.
 */
const ACTION_SETUP: Record<
  string,
  {
    state: LoanState;
    body?: (loan: LoanHandle) => object;
    prepare?: (loan: LoanHandle) => Promise<Record<string, string>>;
    status?: number;
  }
> = {
  'POST /api/me/loans/:id/payments': { state: 'active', body: () => ({ amount: 1_000_00 }), status: 201 },
  'POST /api/me/loans/:id/payments/preview': { state: 'active', body: () => ({ amount: 1_000_00, reducePrincipal: true }) },
  'POST /api/admin/loans/:id/payments/preview': { state: 'active', body: () => ({ amount: 1_000_00, paidOn: '2026-11-21' }) },
  'GET /api/me/loans/:id/foreclosure-quote': { state: 'active' },
  'POST /api/me/loans/:id/mandates': { state: 'active', body: () => ({ kind: 'e-nach' }), status: 201 },
  'POST /api/admin/loans/:id/mandates': { state: 'active', body: () => ({ kind: 'upi-autopay' }), status: 201 },
  'GET /api/admin/loans/:id/foreclosure-quote': { state: 'active' },
  'POST /api/admin/loans/:id/payments': {
    state: 'active',
    body: () => ({ amount: 1_000_00, paidOn: '2026-11-21', method: 'cash' }),
    status: 201,
  },
  'POST /api/admin/loans/:id/refunds': {
    state: 'active',
    body: () => ({ amount: 100_00 }),
    prepare: async (loan) => (await overpay(loan), {}),
    status: 201,
  },
  'POST /api/admin/loans/:id/refunds/:refundId/approve': {
    state: 'active',
    prepare: async (loan) => {
      await overpay(loan);
      const refund = await t.http.post(`/api/admin/loans/${loan.id}/refunds`).set(bearer(checker)).send({ amount: 100_00 }).expect(201);
      return { refundId: refund.body.id as string };
    },
  },
  'POST /api/admin/loans/:id/settlement-offers': {
    state: 'active',
    body: () => ({ amount: 1_000_00, validUntil: '2099-12-31', reason: 'hardship' }),
    status: 201,
  },
  'POST /api/admin/loans/:id/write-off': { state: 'active', body: () => ({ reason: 'unreachable' }), status: 201 },
  // The cooling-off exit (issue 33): the clock stands on the day after loanIn's payout, inside the 3-day window.
  'POST /api/me/loans/:id/cooling-off/exit': { state: 'active' },
  'POST /api/admin/loans/:id/cooling-off/exit': { state: 'active' },
  'POST /api/admin/loans/:id/cooling-off/approve': {
    state: 'active',
    // The checker approves what another member of staff asked for.
    prepare: async (loan) => {
      await t.http.post(`/api/admin/loans/${loan.id}/cooling-off/exit`).set(bearer(checker)).send({}).expect(200);
      return {};
    },
  },
  'POST /api/admin/loans/:id/write-off/approve': {
    state: 'active',
    prepare: async (loan) => {
      await t.http.post(`/api/admin/loans/${loan.id}/write-off`).set(bearer(checker)).send({ reason: 'unreachable' }).expect(201);
      return {};
    },
  },
  'POST /api/admin/loans/:id/write-off/reject': {
    state: 'active',
    body: () => ({ reason: 'recovery still likely' }),
    prepare: async (loan) => {
      await t.http.post(`/api/admin/loans/${loan.id}/write-off`).set(bearer(checker)).send({ reason: 'unreachable' }).expect(201);
      return {};
    },
  },
  'POST /api/admin/loans/:id/write-off/withdraw': {
    state: 'active',
    // Only the one who asked may withdraw: the control's caller (staff) asks.
    prepare: async (loan) => {
      await t.http.post(`/api/admin/loans/${loan.id}/write-off`).set(bearer(staff)).send({ reason: 'unreachable' }).expect(201);
      return {};
    },
  },
  'PATCH /api/me/loans/:id': { state: 'new', body: () => ({ amount: 12_000_000 }) },
  'POST /api/me/loans/:id/submit': { state: 'new' },
  'POST /api/me/loans/:id/cancel': { state: 'new', body: () => ({ reason: 'not needed' }) },
  'POST /api/me/loans/:id/sign-agreement': {
    state: 'consent.customerpending',
    // Refusals never reach the code; the control sends one to Alice's phone first and signs with it.
    body: (l) => ({ documentHash: l.documentHash, code: signingCodes.get(l.id) ?? '000000' }),
    prepare: async (loan) => {
      await t.http.post(`/api/me/loans/${loan.id}/agreement/code`).set(bearer(alice.token)).expect(202);
      signingCodes.set(loan.id, await lastSigningCode(t.http, alice.token, staff));
      return {};
    },
  },
  'POST /api/me/loans/:id/agreement/code': { state: 'consent.customerpending', status: 202 },
  'GET /api/me/loans/:id/agreement.pdf': { state: 'consent.customerpending' },
  'GET /api/admin/loans/:id/agreement.pdf': { state: 'consent.customerpending' },
  'POST /api/admin/loans/:id/accept': { state: 'applied', body: () => ({}) },
  'POST /api/admin/loans/:id/approve-soft': { state: 'soft.pending', body: () => ({ score: 720 }) },
  'POST /api/admin/loans/:id/approve-bank': {
    state: 'bank.pending',
    body: () => ({ method: 'penny-drop' }),
    prepare: async () => (await fillBankSection(t.http, alice.token), {}),
  },
  'POST /api/admin/loans/:id/issue-agreement': { state: 'consent.pending', body: () => ({}) },
  'POST /api/admin/loans/:id/approve-final': { state: 'final.pending', body: () => ({}) },
  'POST /api/admin/loans/:id/disburse': { state: 'disbursal.pending', body: () => ({ payoutReference: 'UTR-777' }) },
  'POST /api/admin/loans/:id/reject': { state: 'new', body: () => ({ reason: 'policy' }) },
  'POST /api/me/loans': { state: 'new', body: () => ({ type: 'EMI', amount: 10_000_000, tenureMonths: 12 }) },
  // Collections work (issue 13 item 3): the administrator is a collector (collections.view) and works any loan.
  'POST /api/admin/loans/:id/assign': { state: 'active', body: () => ({ staffId: adminId }) },
  'POST /api/admin/bureau-runs': { state: 'new', body: () => ({ month: '2026-10' }), status: 201 },
  'POST /api/admin/loans/:id/contacts': { state: 'active', body: () => ({ channel: 'call', outcome: 'no-answer' }), status: 201 },
};

beforeAll(async () => {
  // loanIn pays out on 2026-11-21: the clock stands the next morning, so the cooling-off exit's control succeeds.
  t = await startTestApp('authz', {}, undefined, { clock: fixedClock('2026-11-22T04:30:00.000Z') });
  staff = await loginStaff(t.http);
  alice = await registerBorrower(t.http, 'Alice Borrower');
  bob = await registerBorrower(t.http, 'Bob Borrower');
  routes = discoverRoutes(t.app);
  adminId = (await t.http.get('/api/users/admin').set(bearer(staff)).expect(200)).body.user._id;
  const empty = await t.http.post('/api/admin/roles').set(bearer(staff)).send({ name: 'No permissions', permissions: [] }).expect(201);
  nobody = await staffWithRole(empty.body.id);
  viewer = await staffWithRole('viewer');
  checker = await staffWithRole('operations-manager');
  await t.http.post('/api/auth/forgot-password').send({ email: 'admin@test.local' }).expect(202);
  emailId = (await t.http.get('/api/admin/emails').set(bearer(staff)).expect(200)).body[0].id;
  templateId = (await t.http.get('/api/admin/email-templates').set(bearer(staff)).expect(200)).body[0].id;
  bannerId = (
    await t.http
      .post('/api/admin/banners')
      .set(bearer(staff))
      .send({ title: 'Offer', audience: 'home', startsAt: new Date().toISOString(), active: true, image: PNG_1X1 })
      .expect(201)
  ).body.id;
  documentId = (await upload(t.http, alice.token, 'salarySlip', pdf())).body.id as string;
  // A walk-in lead the administrator created as an agent: assigned to them, so both lead routes reach it.
  // Alice's help issue with her upload attached, and a published state page.
  issueId = (
    await t.http
      .post('/api/me/issues')
      .set(bearer(alice.token))
      .send({ category: 'other', message: 'Hello', attachmentIds: [documentId] })
      .expect(201)
  ).body.id as string;
  const carol = await registerBorrower(t.http, 'Carol Erasure');
  erasureRequestId = (await t.http.post('/api/me/erasure-requests').set(bearer(carol.token)).send({}).expect(201)).body.id as string;
  statePageId = (
    await t.http
      .post('/api/admin/state-pages')
      .set(bearer(staff))
      .send({ state: 'Karnataka', city: 'Bengaluru', title: 'Loans', text: 'Apply', active: true })
      .expect(201)
  ).body.id as string;
  pushTokenId = (
    await t.http
      .post('/api/me/push-tokens')
      .set(bearer(alice.token))
      .send({
        token: `fcm${randomUUID().replace(/-/g, '')}`,
        options: { endpoint: 'https://fcm.googleapis.com/fcm/send/x', auth: 'auth', p256dh: 'p256dh', swScope: '/', vapidKey: 'vapid' },
      })
      .expect(201)
  ).body.id as string;
  leadId = (await t.http.post('/api/admin/agent-leads').set(bearer(staff)).send({ name: 'Walk In', phone: '9876500001' }).expect(201)).body
    .id as string;
  // A phone migration 0037 listed (issue 27 item 5): an account of before it, whose phone does not read as a number.
  const listedUser = randomUUID();
  await t.runtime.db
    .insertInto('users')
    .values({
      id: listedUser,
      role: 'borrower',
      name: 'Listed Phone',
      email: `listed.${listedUser}@example.com`,
      phone: '12345',
      password_hash: null,
      staff_role_id: null,
      firebase_uid: null,
    })
    .execute();
  phoneCollisionId = (
    await t.runtime.db
      .insertInto('phone_collisions')
      .values({
        user_id: listedUser,
        stored_phone: '12345',
        normalized_phone: null,
        reason: 'unreadable',
        resolved_at: null,
        resolved_by: null,
        resolution: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  for (const state of new Set(Object.values(ACTION_SETUP).map((s) => s.state))) {
    loans[state] = await loanIn(t.http, state, alice.token, staff);
  }
  const paying = await loanIn(t.http, 'active', alice.token, staff);
  alicePaymentId = (
    await t.http.post(`/api/me/loans/${paying.id}/payments`).set(bearer(alice.token)).send({ amount: 1_000_00 }).expect(201)
  ).body.paymentId;
  const settling = await loanIn(t.http, 'active', alice.token, staff);
  settlementOfferId = (
    await t.http
      .post(`/api/admin/loans/${settling.id}/settlement-offers`)
      .set(bearer(checker))
      .send({ amount: 1_000_00, validUntil: '2099-12-31', reason: 'hardship' })
      .expect(201)
  ).body.id;
  await t.runtime.db
    .insertInto('close_of_business_runs')
    .values({
      id: cobRunId,
      date: '2026-11-20',
      business_date: '2026-11-21',
      status: 'completed',
      requested_by: adminId,
      started_at: new Date(),
      heartbeat_at: new Date(),
      loans_to_visit: 0,
      failure: null,
    })
    .execute();
  bureauRunId = (await t.http.post('/api/admin/bureau-runs').set(bearer(staff)).send({ month: '2026-10' }).expect(201)).body.id;
  manualEntryId = (
    await t.http
      .post('/api/admin/accounting/manual-entries')
      .set(bearer(staff))
      .send({
        date: '2026-11-21',
        narration: 'Share capital',
        lines: [
          { accountCode: '1010', debit: 1_000_00 },
          { accountCode: '3100', credit: 1_000_00 },
        ],
      })
      .expect(201)
  ).body.id as string;
  staffPaymentId = (
    await t.http
      .post(`/api/admin/loans/${paying.id}/payments`)
      .set(bearer(staff))
      .send({ amount: 1_000_00, paidOn: '2026-11-21', method: 'cash' })
      .expect(201)
  ).body.id;
});

afterAll(async () => {
  await t?.close();
});

async function staffWithRole(roleId: string): Promise<string> {
  const email = `staff.${randomUUID().slice(0, 8)}@test.local`;
  await t.http
    .post('/api/admin/users')
    .set(bearer(staff))
    .send({ name: `Staff ${roleId}`, email, password: 'staff-password-1', roleId })
    .expect(201);
  return (await t.http.post('/api/auth/login').send({ email, password: 'staff-password-1' }).expect(200)).body.token as string;
}

/** Routes about something other than a loan get an id of their own kind. */
const OTHER_IDS: [RegExp, () => string][] = [
  [/^\/api\/admin\/users\/:id/, () => adminId],
  [/^\/api\/admin\/roles\/:id/, () => 'viewer'],
  [/^\/api\/admin\/emails\/:id/, () => emailId],
  [/^\/api\/admin\/email-templates\/:id/, () => templateId],
  [/^\/api\/admin\/banners\/:id/, () => bannerId],
  [/^\/api\/(admin|me)\/issues\/:id/, () => issueId],
  [/^\/api\/admin\/state-pages\/:id/, () => statePageId],
  // The loan product created from the EMI settings on an empty database.
  [/^\/api\/admin\/products\/:id/, () => '00000000-0000-4000-8000-000000000001'],
  [/^\/api\/admin\/payments\/:id/, () => staffPaymentId],
  [/^\/api\/admin\/settlement-offers\/:id/, () => settlementOfferId],
  // An issued agreement is addressed by its loan's id.
  [/^\/api\/admin\/agreements\/:id/, () => loans['consent.customerpending']!.id],
  [/^\/api\/me\/payments\/:paymentId/, () => alicePaymentId],
  // Alice's upload, and one of her profile sections.
  [/^\/api\/me\/documents\/:id/, () => documentId],
  [/^\/api\/me\/profile\/:section/, () => 'address'],
  [/^\/api\/admin\/(agent-)?leads\/:id/, () => leadId],
  [/^\/api\/me\/push-tokens\/:id/, () => pushTokenId],
  // Consents (DPDP Act, issue 33 item 5): a purpose, never an id of another borrower's record.
  [/^\/api\/me\/consents\/:purpose/, () => 'communications'],
  // An erasure request (DPDP Act, issue 33 item 5): Carol's, waiting.
  [/^\/api\/admin\/erasure-requests\/:id/, () => erasureRequestId],
  // Alice as a customer (her upload under :docId, her address section under :section: see NAMED_PARAMS).
  [/^\/api\/admin\/customers\/:id/, () => alice.user._id],
  // A collection row's id names its kind: here the active loan's row.
  [/^\/api\/admin\/collections\/:id/, () => `loan:${loans.active!.id}`],
  // Channels (issue 15 item 3): Alice's WhatsApp conversation (empty, but hers), and a dialer call id.
  [/^\/api\/admin\/whatsapp\/conversations\/:id/, () => alice.user._id],
  [/^\/api\/admin\/dialer\/calls\/:id/, () => randomUUID()],
  [/^\/api\/admin\/phone-collisions\/:id/, () => phoneCollisionId],
  // A close of business run from the console (issue 27 item 4; runs start in manual mode only, so one is written here).
  [/^\/api\/admin\/close-of-business\/runs\/:id/, () => cobRunId],
  // A bureau file generated in setup (issue 33 item 7).
  [/^\/api\/admin\/bureau-runs\/:id/, () => bureauRunId],
  // The books (issue 31): an account of the seeded chart.
  [/^\/api\/admin\/accounting\/accounts\/:code/, () => '1100'],
  // A manual journal entry the administrator proposed; a close request id (none waits: refused before it is looked up).
  [/^\/api\/admin\/accounting\/manual-entries\/:id/, () => manualEntryId],
  [/^\/api\/admin\/accounting\/period-closes\/:id/, () => randomUUID()],
];

/** Routes whose second path parameter is of another kind: the issue's attachment is Alice's upload. */
const EXTRA_PARAMS: Record<string, () => Record<string, string>> = {
  'GET /api/admin/issues/:id/attachments/:documentId': () => ({ documentId }),
};
/** Path parameters named for what they hold, whatever the route (a customer's document and section). */
const NAMED_PARAMS: Record<string, () => string> = { docId: () => documentId, section: () => 'address' };

/** GET routes that need query parameters to succeed. */
const QUERIES: Record<string, Record<string, string>> = {
  'GET /api/admin/loan-activity': { from: '2026-01-01', to: '2026-12-31' },
  'GET /api/admin/application-funnel': { from: '2026-01-01', to: '2026-12-31' },
  'GET /api/admin/collections': { filter: '{"bucket":"Active"}' },
  'GET /api/admin/accounting/trial-balance': { asOf: '2026-12-31' },
  'GET /api/admin/accounting/trial-balance.csv': { asOf: '2026-12-31' },
  'GET /api/admin/accounting/reconciliation': { asOf: '2026-12-31' },
};

const isLoanRoute = (r: { path: string }) => /\/(loans|loan-queues|notifications)(\/|$)/.test(r.path);

function call(route: { method: string; path: string }, loan?: LoanHandle, params: Record<string, string> = {}): Test {
  const setup = ACTION_SETUP[key(route)];
  const target = loan ?? loans[setup?.state ?? 'new']!;
  const other = OTHER_IDS.find(([pattern]) => pattern.test(route.path));
  const given = { ...EXTRA_PARAMS[key(route)]?.(), ...params };
  const url = route.path.replace(
    /:([A-Za-z]+)/g,
    (_match, name: string) => given[name] ?? NAMED_PARAMS[name]?.() ?? (other ? other[1]() : target.id),
  );
  const body = setup?.body?.(target);
  switch (route.method) {
    case 'GET':
      return t.http.get(url).query(QUERIES[key(route)] ?? {});
    case 'POST':
      return t.http.post(url).send(body ?? {});
    case 'PATCH':
      return t.http.patch(url).send(body ?? {});
    case 'PUT':
      return t.http.put(url).send(body ?? {});
    case 'DELETE':
      return t.http.delete(url);
    default:
      throw new Error(`no request builder for ${route.method}`);
  }
}

const borrowerRoutes = () => routes.filter((r) => r.path.startsWith('/api/me/'));
const adminRoutes = () => routes.filter((r) => r.path.startsWith('/api/admin/'));
const protectedRoutes = () => routes.filter((r) => !r.isPublic);

/** Runs `act` and asserts the event log, read model and stored command answers did not change. */
async function changesNothing(act: () => Promise<void>): Promise<void> {
  const before = await storeCounts(t);
  await act();
  expect(await storeCounts(t)).toEqual(before);
}

it('the discovered routes include every loan endpoint this matrix is about', () => {
  const found = routes.map(key);
  expect(found).toEqual(
    expect.arrayContaining([
      'POST /api/me/loans',
      'GET /api/me/loans',
      'GET /api/me/loans/:id',
      'PATCH /api/me/loans/:id',
      'POST /api/me/loans/:id/submit',
      'POST /api/me/loans/:id/sign-agreement',
      'POST /api/me/loans/:id/cancel',
      'GET /api/me/loans/:id/agreement.pdf',
      'GET /api/me/notifications',
      'GET /api/admin/loans',
      'GET /api/admin/loan-queues',
      'GET /api/admin/loans/:id',
      'GET /api/admin/loans/:id/history',
      'GET /api/admin/loans/:id/agreement.pdf',
      'POST /api/admin/loans/:id/accept',
      'POST /api/admin/loans/:id/approve-soft',
      'POST /api/admin/loans/:id/approve-bank',
      'POST /api/admin/loans/:id/issue-agreement',
      'POST /api/admin/loans/:id/approve-final',
      'POST /api/admin/loans/:id/disburse',
      'POST /api/admin/loans/:id/reject',
      'GET /api/users/admin',
      'POST /api/admin/close-of-business',
      'GET /api/admin/loans/:id/delinquency',
      'GET /api/admin/collections',
      'GET /api/admin/collections/:id',
      'GET /api/admin/collection-buckets',
      'GET /api/admin/collectors',
      'POST /api/admin/loans/:id/assign',
      'POST /api/admin/collections/assign',
      'POST /api/admin/loans/:id/contacts',
      'GET /api/admin/loans/:id/contacts',
      'GET /api/admin/loans/:id/contact-conduct',
      'POST /api/admin/loans/:id/settlement-offers',
      'GET /api/admin/loans/:id/settlement-offers',
      'POST /api/admin/settlement-offers/:id/approve',
      'POST /api/admin/loans/:id/write-off',
      'POST /api/admin/loans/:id/write-off/approve',
      'GET /api/admin/loans/:id/write-off',
      'GET /api/admin/customers',
      'GET /api/admin/customers/:id',
      'GET /api/admin/customers/:id/documents/:docId',
      'POST /api/admin/customers/:id/sections/:section/verification',
      'GET /api/admin/sms',
      'GET /api/me/loans/:id/kfs',
      'POST /api/me/loans/:id/agreement/code',
      'GET /api/admin/loans/:id/kfs',
      'GET /api/admin/loans/:id/document-deliveries',
      'GET /api/admin/agreements',
      'GET /api/admin/agreements/:id',
      'POST /api/admin/settlement-offers/:id/reject',
      'POST /api/admin/settlement-offers/:id/withdraw',
      'POST /api/admin/loans/:id/write-off/reject',
      'POST /api/admin/loans/:id/write-off/withdraw',
      'GET /api/me/consents',
      'POST /api/me/consents/:purpose/withdraw',
      'GET /api/admin/customers/:id/consents',
      'GET /api/me/consents/givable',
      'POST /api/me/consents/:purpose/give',
      'GET /api/me/data-export',
      'GET /api/me/erasure-requests',
      'POST /api/me/erasure-requests',
      'GET /api/admin/erasure-requests',
      'GET /api/admin/erasure-requests/:id',
      'POST /api/admin/erasure-requests/:id/carry-out',
    ]),
  );
  // Every action on a loan has a setup above, so each request below is one that would otherwise succeed.
  for (const r of [...borrowerRoutes(), ...adminRoutes()]) {
    if (r.method !== 'GET' && r.path.includes(':') && isLoanRoute(r)) expect(ACTION_SETUP[key(r)]).toBeDefined();
  }
});

it('the right caller succeeds with the same requests (the control for the refusals below)', async () => {
  const getRoutes = protectedRoutes().filter((r) => r.method === 'GET');
  expect(getRoutes.length).toBeGreaterThanOrEqual(15);
  for (const r of getRoutes) {
    const token = r.roles?.includes('borrower') ? alice.token : staff;
    const res = await call(r).set(bearer(token));
    expect({ route: key(r), status: res.status }).toEqual({ route: key(r), status: 200 });
  }
});

describe('anonymous', () => {
  it('every non-public route is 401 unauthenticated and nothing changes', async () => {
    expect(protectedRoutes().length).toBeGreaterThanOrEqual(22);
    await changesNothing(async () => {
      for (const r of protectedRoutes()) {
        const res = await call(r);
        expect({ route: key(r), status: res.status }).toEqual({ route: key(r), status: 401 });
        expectProblem(res, 401, 'unauthenticated');
      }
    });
  });

  it('a cookie that is not a token is still anonymous', async () => {
    for (const r of protectedRoutes().filter((x) => x.method === 'GET')) {
      const res = await call(r).set('Cookie', 'token=undefined');
      expect({ route: key(r), status: res.status }).toEqual({ route: key(r), status: 401 });
    }
  });
});

describe('the wrong role', () => {
  it('a borrower on every /api/admin/** route is 403 and nothing changes', async () => {
    expect(adminRoutes().length).toBeGreaterThanOrEqual(12);
    await changesNothing(async () => {
      for (const r of adminRoutes()) {
        const res = await call(r).set(bearer(alice.token));
        expect({ route: key(r), status: res.status }).toEqual({ route: key(r), status: 403 });
        const body = expectProblem(res, 403, 'forbidden');
        expect(body.detail).toMatch(/staff/);
      }
    });
    // The loans the refused requests pointed at are where they were.
    expect((await historyOf(t.http, staff, loans['applied']!.id)).at(-1)!.stateAfter).toBe('applied');
    expect((await historyOf(t.http, staff, loans['disbursal.pending']!.id)).at(-1)!.stateAfter).toBe('disbursal.pending');
  });

  it('staff on every /api/me/** route is 403 and nothing changes', async () => {
    expect(borrowerRoutes().length).toBeGreaterThanOrEqual(9);
    await changesNothing(async () => {
      for (const r of borrowerRoutes()) {
        const res = await call(r).set(bearer(staff));
        expect({ route: key(r), status: res.status }).toEqual({ route: key(r), status: 403 });
        const body = expectProblem(res, 403, 'forbidden');
        expect(body.detail).toMatch(/borrower/);
      }
    });
    expect((await historyOf(t.http, staff, loans['consent.customerpending']!.id)).at(-1)!.stateAfter).toBe('consent.customerpending');
  });

  it('every protected route names exactly one role (except the two any signed-in user may call), and /me and /admin name the right one', () => {
    const either = protectedRoutes().filter((r) => r.roles!.length > 1);
    expect(either.map(key).sort()).toEqual(['GET /api/me', 'POST /api/token/regenerate']);
    for (const r of either) expect(r.roles!.sort()).toEqual(['borrower', 'staff']);
    for (const r of protectedRoutes().filter((x) => x.roles!.length === 1))
      expect({ route: key(r), roles: r.roles }).toEqual({ route: key(r), roles: [expect.stringMatching(/^(borrower|staff)$/)] });
    for (const r of borrowerRoutes()) expect({ route: key(r), roles: r.roles }).toEqual({ route: key(r), roles: ['borrower'] });
    for (const r of adminRoutes()) expect({ route: key(r), roles: r.roles }).toEqual({ route: key(r), roles: ['staff'] });
  });
});

describe("borrower B on borrower A's loan: 404, as if it did not exist", () => {
  const cases: [string, string, LoanState][] = [
    ['GET', '/api/me/loans/:id', 'new'],
    ['GET', '/api/me/loans/:id/history', 'new'],
    ['PATCH', '/api/me/loans/:id', 'new'],
    ['POST', '/api/me/loans/:id/submit', 'new'],
    ['POST', '/api/me/loans/:id/cancel', 'new'],
    ['POST', '/api/me/loans/:id/cancel', 'consent.customerpending'],
    ['POST', '/api/me/loans/:id/sign-agreement', 'consent.customerpending'],
    ['GET', '/api/me/loans/:id/agreement.pdf', 'consent.customerpending'],
    ['GET', '/api/me/loans/:id/kfs', 'consent.customerpending'],
    ['POST', '/api/me/loans/:id/agreement/code', 'consent.customerpending'],
    ['POST', '/api/me/loans/:id/payments', 'active'],
    ['POST', '/api/me/loans/:id/payments/preview', 'active'],
    ['GET', '/api/me/loans/:id/foreclosure-quote', 'active'],
    ['GET', '/api/me/loans/:id/transactions', 'active'],
    ['GET', '/api/me/loans/:id/statement.pdf', 'active'],
  ];

  it.each(cases)('%s %s (loan in %s)', async (method, path, state) => {
    const loan = await loanIn(t.http, state, alice.token, staff);
    const route = { method, path };
    const before = await historyOf(t.http, staff, loan.id);
    await changesNothing(async () => {
      const res = await call(route, loan).set(bearer(bob.token));
      const body = expectProblem(res, 404, 'not-found');
      // Indistinguishable from a loan that does not exist.
      const ghost = randomUUID();
      const missing = await call(route, { id: ghost, documentHash: loan.documentHash }).set(bearer(bob.token));
      expectProblem(missing, 404, 'not-found');
      const strip = (b: Record<string, unknown>, id: string) =>
        JSON.parse(JSON.stringify(b).split(id).join('<id>')) as Record<string, unknown>;
      expect(strip(body, loan.id)).toEqual(strip(missing.body, ghost));
      expect(JSON.stringify(body)).not.toContain(alice.user._id);
    });
    expect(await historyOf(t.http, staff, loan.id)).toEqual(before);
    // ... while Alice still reaches it.
    expect((await t.http.get(`/api/me/loans/${loan.id}`).set(bearer(alice.token)).expect(200)).body.state).toBe(state);
  });

  it("B's own list does not show A's loans; A's does", async () => {
    const loan = await loanIn(t.http, 'new', alice.token, staff);
    const bobs = (await t.http.get('/api/me/loans').set(bearer(bob.token)).expect(200)).body as { id: string }[];
    expect(bobs.map((l) => l.id)).not.toContain(loan.id);
    const alices = (await t.http.get('/api/me/loans').set(bearer(alice.token)).expect(200)).body as { id: string; borrowerId: string }[];
    expect(alices.map((l) => l.id)).toContain(loan.id);
    expect(alices.every((l) => l.borrowerId === alice.user._id)).toBe(true);
  });

  it("B cannot replay A's Idempotency-Key to read A's answer", async () => {
    const key = `start-${randomUUID()}`;
    const a = await t.http
      .post('/api/me/loans')
      .set(bearer(alice.token))
      .set('Idempotency-Key', key)
      .send({ type: 'salaryAdvance', amount: 1_000_000 })
      .expect(201);
    const b = await t.http
      .post('/api/me/loans')
      .set(bearer(bob.token))
      .set('Idempotency-Key', key)
      .send({ type: 'salaryAdvance', amount: 1_000_000 })
      .expect(201);
    expect(b.body.id).not.toBe(a.body.id);
    expect(b.body.borrowerId).toBe(bob.user._id);
  });
});

describe('control: the refused writes are ones the right caller may make', () => {
  // Writes on users, roles, profile and sessions have their own controls in staff-users and sessions specs.
  const writes = () => protectedRoutes().filter((r) => r.method !== 'GET' && isLoanRoute(r));
  /** A fresh loan per write route (over forty): the routes are tried in four parts, each within the default timeout. */
  const PARTS = 4;

  it('there are loan write routes to try', () => {
    expect(writes().length).toBeGreaterThanOrEqual(12);
  });

  it.each([...Array(PARTS).keys()])(
    'each protected POST/PATCH succeeds for its own role on a fresh loan in the right state (part %i of 4)',
    async (part) => {
      for (const r of writes().filter((_, i) => i % PARTS === part)) {
        const setup = ACTION_SETUP[key(r)];
        const loan = await loanIn(t.http, setup?.state ?? 'new', alice.token, staff);
        const params = (await setup?.prepare?.(loan)) ?? {};
        const token = r.roles?.includes('borrower') ? alice.token : staff;
        const res = await call(r, loan, params).set(bearer(token));
        expect({ route: key(r), status: res.status }).toEqual({
          route: key(r),
          status: setup?.status ?? (r.path === '/api/me/loans' ? 201 : 200),
        });
      }
    },
  );
});

describe('staff without the permission', () => {
  it('every /api/admin route that names a permission is 403 missing-permission for staff whose role lacks it, and nothing changes', async () => {
    const guarded = adminRoutes().filter((r) => r.permission);
    expect(guarded.length).toBeGreaterThanOrEqual(25);
    const rolesBefore = await t.http.get('/api/admin/roles').set(bearer(staff)).expect(200);
    await changesNothing(async () => {
      for (const r of guarded) {
        const res = await call(r).set(bearer(nobody));
        expect({ route: key(r), status: res.status }).toEqual({ route: key(r), status: 403 });
        const body = expectProblem(res, 403, 'missing-permission');
        expect(body.permission).toBe(r.permission);
        expect(body.detail).toContain(r.permission);
      }
    });
    expect((await t.http.get('/api/admin/roles').set(bearer(staff)).expect(200)).body).toEqual(rolesBefore.body);
    expect((await historyOf(t.http, staff, loans['disbursal.pending']!.id)).at(-1)!.stateAfter).toBe('disbursal.pending');
  });

  it('the read-only Viewer reads loans but every loan action is 403, naming the permission it lacks', async () => {
    // The contact log is collections work (collections.view), and a loan's journal the books (accounting.view), which the
    // Viewer does not hold: refused like any other.
    const notViewers = ['collections.view', 'accounting.view'];
    for (const r of adminRoutes().filter((x) => isLoanRoute(x) && x.method === 'GET' && !notViewers.includes(x.permission ?? ''))) {
      const res = await call(r).set(bearer(viewer));
      expect({ route: key(r), status: res.status }).toEqual({ route: key(r), status: 200 });
    }
    await changesNothing(async () => {
      for (const r of adminRoutes().filter((x) => isLoanRoute(x) && x.method !== 'GET')) {
        const res = await call(r).set(bearer(viewer));
        expect({ route: key(r), status: res.status }).toEqual({ route: key(r), status: 403 });
        expectProblem(res, 403, 'missing-permission');
      }
      expectProblem(await t.http.get(`/api/admin/loans/${loans.active!.id}/contacts`).set(bearer(viewer)), 403, 'missing-permission');
      expectProblem(
        await t.http.get('/api/admin/collections').query({ filter: '{"bucket":"Active"}' }).set(bearer(viewer)),
        403,
        'missing-permission',
      );
    });
  });

  it('staff without any permission still reach their own profile and the signed-in user', async () => {
    await t.http.get('/api/admin/profile').set(bearer(nobody)).expect(200);
    await t.http.get('/api/users/admin').set(bearer(nobody)).expect(200);
    await t.http.get('/api/me').set(bearer(nobody)).expect(200);
  });
});

describe('operations (issue 16): /metrics (and /api/metrics) and the queue board check the caller themselves', () => {
  it('anonymous 401; a borrower, staff without operations.view and the Viewer 403; the administrator and the Operations manager 200', async () => {
    for (const path of ['/metrics', '/api/metrics', '/Admin/queues', '/Admin/queues/api/queues']) {
      expectProblem(await t.http.get(path), 401, 'unauthenticated');
      for (const token of [alice.token, nobody, viewer]) {
        expect({ path, status: (await t.http.get(path).set(bearer(token))).status }).toEqual({ path, status: 403 });
      }
      for (const token of [staff, checker]) {
        expect({ path, status: (await t.http.get(path).set(bearer(token))).status }).toEqual({ path, status: 200 });
      }
    }
  });
});

describe('channels (issue 15 item 3): the provider webhooks are public, but only a signature lets them in', () => {
  it('anonymous, a staff token or a borrower token without X-Signature: 503 with no secret configured, and nothing changes', async () => {
    // This suite configures no WHATSAPP_/IVR_WEBHOOK_SECRET: the webhooks are off, whoever asks (tokens do not help).
    await changesNothing(async () => {
      for (const path of ['/api/webhooks/whatsapp', '/api/webhooks/ivr']) {
        for (const token of [undefined, staff, alice.token]) {
          const req = t.http.post(path).send({ messageId: 'm', from: '+919876543210', text: 'hi', timestamp: new Date().toISOString() });
          expectProblem(await (token ? req.set(bearer(token)) : req), 503, 'not-configured');
        }
      }
    });
  });
});
