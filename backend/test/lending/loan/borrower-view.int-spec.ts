import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import {
  myCommandResultSchema,
  myLoanDetailSchema,
  myLoanSchema,
  myTimelineEntrySchema,
  notificationSchema,
} from '../../../src/lending/loan/http/loan-response.schemas.js';
import { bearer, signAgreement } from '../../support/loan-api.js';
import { fillBankSection } from '../../support/profile-api.js';
import { ADMIN, loginStaff, registerBorrower, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Issue 9 item 6: borrowers see no staff notes and no staff identities. A named staff member works a borrower's
 * loans with a note on every step; everything the borrower can read under /api/me (list, each loan, each
 * timeline, notifications, and the answers to their own commands) is serialised and searched for that staff
 * member's id, email and name, the administrator's, and every note. Only the rejection reason may appear.
 */
let t: TestApp;
let admin: string;
const tag = randomUUID().slice(0, 8);
const officer = { name: `Priya Qadirova`, email: `priya.${tag}@staff.test.local`, password: 'staff-password-1', id: '', token: '' };
const note = (step: string) => `internal note ${step} ${tag}: salary slips look edited, manager Q. Novak agreed`;
const REJECTION = `Your income could not be verified (${tag})`;
const CANCELLATION = `I found a cheaper loan (${tag})`;

beforeAll(async () => {
  t = await startTestApp('borrower_view');
  admin = await loginStaff(t.http);
  const role = await t.http
    .post('/api/admin/roles')
    .set(bearer(admin))
    .send({
      name: `Loan officer ${tag}`,
      permissions: [
        'loans.view',
        'loans.accept',
        'loans.soft.approve',
        'loans.bank.approve',
        'loans.agreement.issue',
        'loans.final.approve',
        'loans.disburse',
        'loans.reject',
      ],
    })
    .expect(201);
  const created = await t.http
    .post('/api/admin/users')
    .set(bearer(admin))
    .send({ name: officer.name, email: officer.email, password: officer.password, roleId: role.body.id })
    .expect(201);
  officer.id = created.body.id;
  officer.token = (await t.http.post('/api/auth/login').send({ email: officer.email, password: officer.password }).expect(200)).body.token;
});

afterAll(async () => {
  await t?.close();
});

describe('what a borrower reads under /api/me/loans*', () => {
  it('names no staff member and carries no staff note; only a rejection or cancellation reason', async () => {
    const alice = await registerBorrower(t.http);
    const b = bearer(alice.token);
    const s = bearer(officer.token);
    const seen: unknown[] = [];
    const start = async () => {
      const res = await t.http.post('/api/me/loans').set(b).send({ type: 'EMI', amount: 10_000_000, tenureMonths: 12 }).expect(201);
      seen.push(res.body);
      return res.body.id as string;
    };

    // 1. Worked all the way to active, a note on every staff step; the borrower's own commands answer in between.
    const active = await start();
    seen.push((await t.http.post(`/api/me/loans/${active}/submit`).set(b).expect(200)).body);
    await t.http
      .post(`/api/admin/loans/${active}/accept`)
      .set(s)
      .send({ reason: note('accept') })
      .expect(200);
    await t.http
      .post(`/api/admin/loans/${active}/approve-soft`)
      .set(s)
      .send({ score: 777, reason: note('soft') })
      .expect(200);
    await fillBankSection(t.http, alice.token);
    await t.http
      .post(`/api/admin/loans/${active}/approve-bank`)
      .set(s)
      .send({ method: 'penny-drop', reason: note('bank') })
      .expect(200);
    const issued = await t.http
      .post(`/api/admin/loans/${active}/issue-agreement`)
      .set(s)
      .send({ reason: note('issue') })
      .expect(200);
    const signed = await signAgreement(t.http, active, issued.body.agreement.documentHash, alice.token, admin);
    expect(signed.status).toBe(200);
    seen.push(signed.body);
    await t.http
      .post(`/api/admin/loans/${active}/approve-final`)
      .set(s)
      .send({ reason: note('final') })
      .expect(200);
    await t.http
      .post(`/api/admin/loans/${active}/disburse`)
      .set(s)
      .send({ payoutReference: 'UTR-0001', disbursedOn: '2026-11-21', reason: note('disburse') })
      .expect(200);

    // 2. Waiting in credit review: the staff's acceptance note is the loan's latest note.
    const waiting = await start();
    await t.http.post(`/api/me/loans/${waiting}/submit`).set(b).expect(200);
    await t.http
      .post(`/api/admin/loans/${waiting}/accept`)
      .set(s)
      .send({ reason: note('waiting') })
      .expect(200);

    // 3. Rejected by the staff member, after a soft check with a note.
    const rejected = await start();
    await t.http.post(`/api/me/loans/${rejected}/submit`).set(b).expect(200);
    await t.http
      .post(`/api/admin/loans/${rejected}/accept`)
      .set(s)
      .send({ reason: note('accept-2') })
      .expect(200);
    await t.http
      .post(`/api/admin/loans/${rejected}/approve-soft`)
      .set(s)
      .send({ score: 777, reason: note('soft-2') })
      .expect(200);
    await t.http.post(`/api/admin/loans/${rejected}/reject`).set(s).send({ reason: REJECTION }).expect(200);

    // 4. Cancelled by the borrower after staff approvals: their own reason is shown back to them.
    const cancelled = await start();
    await t.http.post(`/api/me/loans/${cancelled}/submit`).set(b).expect(200);
    await t.http
      .post(`/api/admin/loans/${cancelled}/accept`)
      .set(s)
      .send({ reason: note('accept-3') })
      .expect(200);
    await t.http
      .post(`/api/admin/loans/${cancelled}/approve-soft`)
      .set(s)
      .send({ score: 777, reason: note('soft-3') })
      .expect(200);
    const cancel = await t.http.post(`/api/me/loans/${cancelled}/cancel`).set(b).send({ reason: CANCELLATION }).expect(200);
    seen.push(cancel.body);
    // A repeat of the cancel answers the loan again (nothing appended): the same view.
    seen.push((await t.http.post(`/api/me/loans/${cancelled}/cancel`).set(b).send({ reason: CANCELLATION }).expect(200)).body);

    const list = await t.http.get('/api/me/loans').set(b).expect(200);
    const details: Record<string, { reason: string | null; approvals: Record<string, unknown>; state: string }> = {};
    const timelines: Record<string, z.infer<typeof myTimelineEntrySchema>[]> = {};
    for (const id of [active, waiting, rejected, cancelled]) {
      details[id] = (await t.http.get(`/api/me/loans/${id}`).set(b).expect(200)).body;
      timelines[id] = (await t.http.get(`/api/me/loans/${id}/history`).set(b).expect(200)).body;
    }
    const notifications = (await t.http.get('/api/me/notifications').set(b).expect(200)).body;

    // The whole of it, searched as text: no staff id, email or name (the officer's or the administrator's), no note.
    const everything = JSON.stringify({ seen, list: list.body, details, timelines, notifications });
    const adminId = (await t.http.get('/api/users/admin').set(bearer(admin)).expect(200)).body.user._id as string;
    for (const secret of [
      officer.id,
      officer.email,
      officer.name,
      'Priya',
      'Qadirova',
      adminId,
      ADMIN.email,
      'internal note',
      tag + ':',
      'Novak',
      'edited',
    ]) {
      expect({ secret, found: everything.includes(secret) }).toEqual({ secret, found: false });
    }
    expect(everything).not.toMatch(/"score"|"lastActor"|"lastReason"|"actor"|"staff"/);

    // And every answer has exactly the documented borrower shape (strict schemas: no extra key).
    for (const answer of seen) myCommandResultSchema.parse(answer);
    z.array(myLoanSchema).parse(list.body);
    expect(list.body).toHaveLength(4);
    for (const id of Object.keys(details)) {
      myLoanDetailSchema.parse(details[id]);
      z.array(myTimelineEntrySchema).parse(timelines[id]);
    }
    z.array(notificationSchema).parse(notifications);

    // The reason appears where the loan ended, and nowhere else.
    expect(details[rejected]).toEqual(expect.objectContaining({ state: 'rejected', reason: REJECTION }));
    expect(details[cancelled]).toEqual(expect.objectContaining({ state: 'cancelled', reason: CANCELLATION }));
    expect(details[active].reason).toBeNull();
    expect(details[waiting].reason).toBeNull();
    expect(everything.split(REJECTION).length - 1).toBe(3); // list, detail, timeline
    expect(timelines[rejected].at(-1)).toEqual(expect.objectContaining({ type: 'LoanRejected', by: 'lender', reason: REJECTION }));
    expect(timelines[cancelled].at(-1)).toEqual(
      expect.objectContaining({ type: 'LoanApplicationCancelled', by: 'you', reason: CANCELLATION }),
    );
    // Gates say when, never who.
    expect(Object.keys(details[active].approvals).sort()).toEqual(['bank', 'consent', 'final', 'soft']);
    for (const gate of Object.values(details[active].approvals)) expect(Object.keys(gate as object)).toEqual(['at']);

    // Staff still see all of it.
    const staffView = await t.http.get(`/api/admin/loans/${waiting}`).set(bearer(admin)).expect(200);
    expect(staffView.body).toEqual(expect.objectContaining({ lastReason: note('waiting'), lastActor: { id: officer.id, role: 'staff' } }));
  });
});
