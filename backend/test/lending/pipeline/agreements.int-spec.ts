import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { agreementsProjection } from '../../../src/lending/pipeline/projections/agreements.projection.js';
import { rebuildProjections } from '../../../src/platform/projections/rebuild.js';
import { verifyProjections } from '../../../src/platform/projections/verify.js';
import { WorkerHost } from '../../../src/platform/worker-host.js';
import { bearer, expectFieldProblem, expectProblem, lastSigningCode, loanIn } from '../../support/loan-api.js';
import { startSmtp } from '../../support/smtp.js';
import { PhoneVerification } from '../../../src/identity/public/index.js';
import { loanStream } from '../../../src/lending/loan/application/loan-command-executor.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../../support/test-app.js';
import { waitFor } from '../../support/wait-for.js';

/**
 * Issue 14 items 5 and 6: the Key Facts Statement, the agreement lists with their signing evidence, and the emailed
 * single-use e-sign link signed with a one-time code sent to the registered phone. Real PostgreSQL, Redis and SMTP.
 */

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let staff: string;
const PORTAL = 'https://portal.example.test';
const AGENT = 'kfs-int-spec-agent/1.0';

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp('agreements_kfs', { SMTP_URL: smtp.url, PUBLIC_URL: PORTAL, GRIEVANCE_OFFICER_NAME: 'Meera Iyer' });
  await t.app.get(WorkerHost).start({ queues: ['email'] });
  staff = await loginStaff(t.http);
});

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

type Borrower = { token: string; email: string; phone: string };

async function borrower(): Promise<Borrower> {
  const { token } = await registerBorrower(t.http, 'Kavya Nair');
  const me = await t.http.get('/api/me/profile').set(bearer(token)).expect(200);
  return { token, email: me.body.email, phone: me.body.phone };
}

/** The signing link emailed to `to`, read from the SMTP server's mailbox. */
async function emailedLinkToken(to: string): Promise<string> {
  let token: string | undefined;
  await waitFor(async () => {
    const mail = smtp.received.find(
      (m) => JSON.stringify(m.to).toLowerCase().includes(to.toLowerCase()) && /ready to sign/.test(m.subject ?? ''),
    );
    token = mail && /\/Eagreement\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
    return token !== undefined;
  }, 'the signing link email');
  return token!;
}

/** Collects a binary answer (the PDF) into a Buffer, as loan-pipeline.api.int-spec.ts does. */
const pdfOf = (path: string, token?: string) => {
  const req = t.http.get(path);
  if (token) req.set(bearer(token));
  return req.buffer(true).parse((res, cb) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  });
};

describe('the Key Facts Statement', () => {
  it('is answered to the owner and staff with the APR including the fee; page 1 of the issued PDF is covered by its hash', async () => {
    const b = await borrower();
    const loan = await loanIn(t.http, 'consent.customerpending', b.token, staff);
    const mine = await t.http.get(`/api/me/loans/${loan.id}/kfs`).set(bearer(b.token)).expect(200);
    const staffs = await t.http.get(`/api/admin/loans/${loan.id}/kfs`).set(bearer(staff)).expect(200);
    expect(staffs.body).toEqual(mine.body);
    expect(mine.body).toMatchObject({
      loanId: loan.id,
      loanType: 'EMI',
      sanctionedAmount: 10_000_000,
      coolingOffDays: 3,
      grievanceOfficer: { name: 'Meera Iyer' },
    });
    expect(mine.body.aprBasisPoints).toBeGreaterThan(Math.round(mine.body.interestRate.annualRatePercent * 100));
    expect(mine.body.schedule.reduce((s: number, l: { amount: number }) => s + l.amount, 0)).toBe(mine.body.totalPayable);
    const pdf = await pdfOf(`/api/me/loans/${loan.id}/agreement.pdf`, b.token).expect(200);
    expect(
      createHash('sha256')
        .update(pdf.body as Buffer)
        .digest('hex'),
    ).toBe(loan.documentHash);
    // Someone else's loan is not found, like one that does not exist.
    const other = await borrower();
    expectProblem(await t.http.get(`/api/me/loans/${loan.id}/kfs`).set(bearer(other.token)), 404, 'not-found');
  });
});

describe('the emailed e-sign link', () => {
  it('shows the agreement, signs after the SMS code (a wrong code first), records the evidence, and works once', async () => {
    const b = await borrower();
    const loan = await loanIn(t.http, 'consent.customerpending', b.token, staff);
    const token = await emailedLinkToken(b.email);
    // The link is kept only as a hash, and the email log shows it redacted.
    const stored = await t.runtime.db.selectFrom('agreement_sign_links').selectAll().where('loan_id', '=', loan.id).execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    const log = await t.http
      .get('/api/admin/emails')
      .query({ filter: JSON.stringify({ template: 'agreement-sign-link' }) })
      .set(bearer(staff))
      .expect(200);
    expect(log.text).not.toContain(token);
    expect(log.text).toContain('/Eagreement/[redacted]');

    const view = await t.http.get(`/api/public/agreements/${token}`).expect(200);
    expect(view.body).toMatchObject({
      loanReference: loan.id.slice(0, 8).toUpperCase(),
      documentHash: loan.documentHash,
      borrowerName: 'Kavya Nair',
    });
    expect(view.body.phone).toMatch(/^\+91\*{6}\d{4}$/);
    expect(view.body.phone.slice(-4)).toBe(b.phone.slice(-4));
    expect(view.body.kfs.loanId).toBe(loan.id);
    const pdf = await pdfOf(`/api/public/agreements/${token}/agreement.pdf`).expect(200);
    expect(
      createHash('sha256')
        .update(pdf.body as Buffer)
        .digest('hex'),
    ).toBe(loan.documentHash);

    const sent = await t.http.post(`/api/public/agreements/${token}/code`).expect(202);
    expect(sent.body).toEqual({ phone: view.body.phone, expiresAt: expect.any(String) });
    const code = await lastSigningCode(t.http, b.token, staff);
    const wrong = code === '000000' ? '111111' : '000000';
    expectProblem(
      await t.http.post(`/api/public/agreements/${token}/sign`).set('User-Agent', AGENT).send({ code: wrong }),
      400,
      'wrong-code',
    );
    expectFieldProblem(await t.http.post(`/api/public/agreements/${token}/sign`).send({ code: '12' }), ['code'], 'validation-failed');
    const signed = await t.http.post(`/api/public/agreements/${token}/sign`).set('User-Agent', AGENT).send({ code }).expect(200);
    expect(signed.body).toEqual({ state: 'final.pending', signedAt: expect.any(String) });

    // Used: every route of the link answers the same 404 as a link that never existed.
    const used = await t.http.get(`/api/public/agreements/${token}`);
    const unknown = await t.http.get(`/api/public/agreements/${'x'.repeat(43)}`);
    expectProblem(used, 404, 'link-invalid');
    expect(used.body.detail).toBe(unknown.body.detail);
    expectProblem(await t.http.post(`/api/public/agreements/${token}/sign`).send({ code }), 404, 'link-invalid');
    expectProblem(await t.http.post(`/api/public/agreements/${token}/code`), 404, 'link-invalid');

    // The evidence: in AgreementSigned and on the staff agreement page.
    const detail = await t.http.get(`/api/admin/agreements/${loan.id}`).set(bearer(staff)).expect(200);
    expect(detail.body).toMatchObject({
      loanId: loan.id,
      documentHash: loan.documentHash,
      signedDocumentHash: loan.documentHash,
      signed: true,
    });
    expect(detail.body.evidence).toEqual({
      channel: 'email-link',
      code: { purpose: 'e-sign', phone: view.body.phone, verifiedAt: expect.any(String) },
      ip: expect.stringMatching(/127\.0\.0\.1/),
      userAgent: AGENT,
    });
    const history = await t.http.get(`/api/admin/loans/${loan.id}/history`).set(bearer(staff)).expect(200);
    const event = (history.body as { type: string; data: Record<string, unknown> }[]).find((e) => e.type === 'AgreementSigned')!;
    expect(event.data).toMatchObject({ documentHash: loan.documentHash, evidence: detail.body.evidence });
    expect(JSON.stringify(event)).not.toContain(code);
  });

  it('an expired link is refused like an unknown one, and shows nothing of the loan', async () => {
    const b = await borrower();
    const loan = await loanIn(t.http, 'consent.customerpending', b.token, staff);
    const token = await emailedLinkToken(b.email);
    await t.http.get(`/api/public/agreements/${token}`).expect(200);
    await sql`UPDATE agreement_sign_links SET expires_at = now() - interval '1 second' WHERE loan_id = ${loan.id}`.execute(t.runtime.db);
    const expired = await t.http.get(`/api/public/agreements/${token}`);
    expectProblem(expired, 404, 'link-invalid');
    expect(expired.text).not.toContain(loan.id);
    expect(expired.text).not.toContain('Kavya');
    expectProblem(await t.http.post(`/api/public/agreements/${token}/code`), 404, 'link-invalid');
    expect((await t.http.get(`/api/me/loans/${loan.id}`).set(bearer(b.token)).expect(200)).body.state).toBe('consent.customerpending');
  });

  it('code guessing stops after five tries: the right code after them does not sign', async () => {
    const b = await borrower();
    const loan = await loanIn(t.http, 'consent.customerpending', b.token, staff);
    const token = await emailedLinkToken(b.email);
    await t.http.post(`/api/public/agreements/${token}/code`).expect(202);
    const code = await lastSigningCode(t.http, b.token, staff);
    const guesses = ['000001', '000002', '000003', '000004', '000005', '000006'].filter((g) => g !== code).slice(0, 5);
    for (const guess of guesses) expectProblem(await t.http.post(`/api/public/agreements/${token}/sign`).send({ code: guess }), 400);
    expectProblem(await t.http.post(`/api/public/agreements/${token}/sign`).send({ code }), 400, 'tries-exhausted');
    expect((await t.http.get(`/api/me/loans/${loan.id}`).set(bearer(b.token)).expect(200)).body.state).toBe('consent.customerpending');
  });
});

describe('signing in the portal (Step6)', () => {
  it('needs the code sent to the registered phone; a refused code appends nothing; the right one records the evidence', async () => {
    const b = await borrower();
    const loan = await loanIn(t.http, 'consent.customerpending', b.token, staff);
    const sent = await t.http.post(`/api/me/loans/${loan.id}/agreement/code`).set(bearer(b.token)).expect(202);
    expect(sent.body.phone.slice(-4)).toBe(b.phone.slice(-4));
    expect(JSON.stringify(sent.body)).not.toMatch(/\b\d{6}\b/);
    const code = await lastSigningCode(t.http, b.token, staff);
    const wrong = code === '999999' ? '888888' : '999999';
    expectProblem(
      await t.http
        .post(`/api/me/loans/${loan.id}/sign-agreement`)
        .set(bearer(b.token))
        .send({ documentHash: loan.documentHash, code: wrong }),
      400,
      'wrong-code',
    );
    expect((await t.http.get(`/api/me/loans/${loan.id}`).set(bearer(b.token)).expect(200)).body.state).toBe('consent.customerpending');
    await t.http
      .post(`/api/me/loans/${loan.id}/sign-agreement`)
      .set(bearer(b.token))
      .set('User-Agent', AGENT)
      .send({ documentHash: loan.documentHash, code })
      .expect(200);
    const detail = await t.http.get(`/api/admin/agreements/${loan.id}`).set(bearer(staff)).expect(200);
    expect(detail.body.evidence).toMatchObject({ channel: 'portal', userAgent: AGENT, code: { purpose: 'e-sign' } });
    // The emailed link of a signed agreement no longer works.
    const token = await emailedLinkToken(b.email);
    expectProblem(await t.http.get(`/api/public/agreements/${token}`), 404, 'link-invalid');
  });
});

describe('a signature retried with its idempotency key (issue 16: the API died between the code check and the append)', () => {
  it('may present the code its first attempt used; another request with that code is refused code-used', async () => {
    const { token, user } = await registerBorrower(t.http, 'Retry Signer');
    const loan = await loanIn(t.http, 'consent.customerpending', token, staff);
    const phone = (await t.http.get('/api/me/profile').set(bearer(token)).expect(200)).body.phone as string;
    await t.http.post(`/api/me/loans/${loan.id}/agreement/code`).set(bearer(token)).expect(202);
    const code = await lastSigningCode(t.http, token, staff);
    // The first attempt (key "first") checked the code, then its process died: nothing was appended.
    await t.app.get(PhoneVerification).checkCode(phone, 'e-sign', code, '127.0.0.1', `sign-agreement:${loan.id}:${user._id}:first`);
    expect((await t.http.get(`/api/me/loans/${loan.id}`).set(bearer(token)).expect(200)).body.state).toBe('consent.customerpending');
    // Another request (another key, or none) cannot use that code again.
    expectProblem(
      await t.http
        .post(`/api/me/loans/${loan.id}/sign-agreement`)
        .set(bearer(token))
        .set('Idempotency-Key', 'second')
        .send({ documentHash: loan.documentHash, code }),
      400,
      'code-used',
    );
    expectProblem(
      await t.http.post(`/api/me/loans/${loan.id}/sign-agreement`).set(bearer(token)).send({ documentHash: loan.documentHash, code }),
      400,
      'code-used',
    );
    // The retry of the first attempt signs, once; its repeat answers the same.
    const signed = await t.http
      .post(`/api/me/loans/${loan.id}/sign-agreement`)
      .set(bearer(token))
      .set('Idempotency-Key', 'first')
      .send({ documentHash: loan.documentHash, code })
      .expect(200);
    expect(signed.body.state).toBe('final.pending');
    const again = await t.http
      .post(`/api/me/loans/${loan.id}/sign-agreement`)
      .set(bearer(token))
      .set('Idempotency-Key', 'first')
      .send({ documentHash: loan.documentHash, code })
      .expect(200);
    expect(again.body).toEqual(signed.body);
    const signedEvents = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM events WHERE stream_id = ${loanStream(loan.id)} AND type = 'AgreementSigned'`.execute(t.runtime.db);
    expect(Number(signedEvents.rows[0]!.n)).toBe(1);
  });
});

describe('GET /api/admin/agreements', () => {
  it('lists issued agreements with filters signed/unsigned and issued dates, in ra-data-simple-rest, and verifies as a projection', async () => {
    const b = await borrower();
    const waiting = await loanIn(t.http, 'consent.customerpending', b.token, staff);
    const signed = await loanIn(t.http, 'final.pending', b.token, staff);
    const q = (filter: object, extra: Record<string, string> = {}) => ({ filter: JSON.stringify(filter), range: '[0,99]', ...extra });
    const all = await t.http
      .get('/api/admin/agreements')
      .query(q({ q: 'Kavya' }))
      .set(bearer(staff))
      .expect(200);
    expect(all.headers['content-range']).toMatch(/^agreements 0-\d+\/\d+$/);
    const ids = (all.body as { id: string }[]).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([waiting.id, signed.id]));
    const row = (all.body as Record<string, unknown>[]).find((r) => r.id === signed.id)!;
    expect(row).toMatchObject({
      loanId: signed.id,
      borrowerName: 'Kavya Nair',
      documentHash: signed.documentHash,
      signed: true,
      loanState: 'final.pending',
      principal: 10_000_000,
    });
    const unsigned = (
      await t.http
        .get('/api/admin/agreements')
        .query(q({ signed: false, id: [waiting.id, signed.id] }))
        .set(bearer(staff))
        .expect(200)
    ).body as { id: string }[];
    expect(unsigned.map((r) => r.id)).toEqual([waiting.id]);
    const onlySigned = (
      await t.http
        .get('/api/admin/agreements')
        .query(q({ signed: true, id: [waiting.id, signed.id] }))
        .set(bearer(staff))
        .expect(200)
    ).body as { id: string }[];
    expect(onlySigned.map((r) => r.id)).toEqual([signed.id]);
    const future = (
      await t.http
        .get('/api/admin/agreements')
        .query(q({ issuedFrom: '2099-01-01' }))
        .set(bearer(staff))
        .expect(200)
    ).body;
    expect(future).toEqual([]);
    const past = (
      await t.http
        .get('/api/admin/agreements')
        .query(q({ issuedTo: '2000-01-01' }))
        .set(bearer(staff))
        .expect(200)
    ).body;
    expect(past).toEqual([]);
    expectFieldProblem(
      await t.http
        .get('/api/admin/agreements')
        .query(q({ signed: 'yes', issuedFrom: '1 May' }))
        .set(bearer(staff)),
      ['signed', 'issuedFrom'],
      'validation-failed',
    );
    expectFieldProblem(
      await t.http
        .get('/api/admin/agreements')
        .query(q({}, { sort: '["hash","ASC"]' }))
        .set(bearer(staff)),
      ['sort'],
    );
    expectProblem(await t.http.get(`/api/admin/agreements/${(await loanIn(t.http, 'new', b.token, staff)).id}`).set(bearer(staff)), 404);

    expect((await verifyProjections(t.runtime.db, [agreementsProjection])).differences).toEqual([]);
    await rebuildProjections(t.runtime.db, [agreementsProjection]);
    expect((await verifyProjections(t.runtime.db, [agreementsProjection])).differences).toEqual([]);
    const again = await t.http.get(`/api/admin/agreements/${signed.id}`).set(bearer(staff)).expect(200);
    expect(again.body.evidence.channel).toBe('portal');
  });
});
