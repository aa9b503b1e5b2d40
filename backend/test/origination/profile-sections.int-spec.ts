import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sectionSchema, documentSchema } from '../../src/origination/http/origination-response.schemas.js';
import { bearer, expectFieldProblem, expectProblem } from '../support/loan-api.js';
import { completeProfile, upload } from '../support/profile-api.js';
import { executable, pdf, png } from '../support/sample-files.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

/** Issue 14 part 4: the seven profile sections, uploads judged by content, and the 422 until the profile is complete. */

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await startTestApp('profile_sections', {
    PROFILE_REQUIRED_SECTIONS: 'profile,address,bank,documents,employment,reference,selfie',
    UPLOAD_MAX_BYTES: String(1024 * 1024),
  });
  staff = await loginStaff(t.http);
});

afterAll(async () => {
  await t?.close();
});

const counts = async () => ({
  rows: Number(
    (
      await t.runtime.db
        .selectFrom('customer_documents')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  stored: Number(
    (
      await t.runtime.db
        .selectFrom('documents')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('key', 'like', 'customers/%')
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

describe('uploads', () => {
  it('stores a PDF, JPEG or PNG judged by content, lists it, and reads it back only to its owner', async () => {
    const me = await registerBorrower(t.http);
    const res = await upload(t.http, me.token, 'salarySlip', pdf(), 'slip.jpg');
    expect(res.status).toBe(201);
    documentSchema.parse(res.body);
    expect(res.body).toEqual(expect.objectContaining({ kind: 'salarySlip', contentType: 'application/pdf', size: pdf().length }));
    const listed = await t.http.get('/api/me/documents').set(bearer(me.token)).expect(200);
    expect(listed.body.map((d: { id: string }) => d.id)).toEqual([res.body.id]);
    const read = await t.http
      .get(`/api/me/documents/${res.body.id}`)
      .set(bearer(me.token))
      .buffer(true)
      .parse((r, cb) => {
        const parts: Buffer[] = [];
        r.on('data', (c: Buffer) => parts.push(c));
        r.on('end', () => cb(null, Buffer.concat(parts)));
      });
    expect(read.status).toBe(200);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    expect(read.headers['content-security-policy']).toMatch(/sandbox/);
    expect(Buffer.compare(read.body as Buffer, pdf())).toBe(0);
    // Another borrower: 404, the same as an id that does not exist; staff are not borrowers here (403).
    const other = await registerBorrower(t.http);
    expectProblem(await t.http.get(`/api/me/documents/${res.body.id}`).set(bearer(other.token)), 404, 'not-found');
    expectProblem(await t.http.get('/api/me/documents/00000000-0000-4000-8000-000000000000').set(bearer(other.token)), 404, 'not-found');
    expect((await t.http.get('/api/me/documents').set(bearer(other.token)).expect(200)).body).toEqual([]);
    expectProblem(await t.http.get(`/api/me/documents/${res.body.id}`).set(bearer(staff)), 403, 'forbidden');
  });

  it('refuses an executable renamed .pdf, an oversize file, broken or small images, and stores nothing', async () => {
    const me = await registerBorrower(t.http);
    const before = await counts();
    const exe = expectProblem(await upload(t.http, me.token, 'identityProof', executable(), 'passport.pdf'), 422, 'unsupported-type');
    expect(exe.detail).toBe('The file is not a PDF, JPEG or PNG file (judged by its content, not its name); upload a PDF, JPEG or PNG.');
    expect(exe.fields).toEqual([{ name: 'file', message: exe.detail }]);
    const big = expectProblem(
      await upload(t.http, me.token, 'bankStatement', Buffer.concat([pdf(), Buffer.alloc(1024 * 1024)])),
      413,
      'upload-too-large',
    );
    expect(big.detail).toBe('The file is larger than 1 MB; nothing was stored.');
    const photo = png(640, 640);
    expectProblem(await upload(t.http, me.token, 'selfie', photo.subarray(0, photo.length - 30), 'me.png'), 422, 'unsupported-type');
    expect(expectProblem(await upload(t.http, me.token, 'selfie', png(320, 240), 'me.png'), 422, 'image-too-small').detail).toMatch(
      /480×480/,
    );
    expectProblem(await upload(t.http, me.token, 'selfie', pdf(), 'me.jpg'), 422, 'unsupported-type');
    expectFieldProblem(await upload(t.http, me.token, 'passport', pdf()), ['kind'], 'validation-failed');
    expectFieldProblem(
      await t.http.post('/api/me/documents').set(bearer(me.token)).field('kind', 'salarySlip'),
      ['file'],
      'validation-failed',
    );
    // A JSON body is still refused as JSON elsewhere, and a multipart body anywhere else is 415.
    expectProblem(await t.http.put('/api/me/profile/address').set(bearer(me.token)).field('kind', 'x'), 415, 'unsupported-media-type');
    expect(await counts()).toEqual(before);
  });
});

describe('sections', () => {
  it('answers all seven as missing at first, saves each with its status, masks the bank account and keeps it encrypted', async () => {
    const me = await registerBorrower(t.http, 'Asha Rao');
    const first = await t.http.get('/api/me/profile/sections').set(bearer(me.token)).expect(200);
    expect(first.body.map((s: { section: string; status: string }) => [s.section, s.status])).toEqual([
      ['address', 'missing'],
      ['bank', 'missing'],
      ['documents', 'missing'],
      ['employment', 'missing'],
      ['profile', 'missing'],
      ['reference', 'missing'],
      ['selfie', 'missing'],
    ]);
    for (const s of first.body) sectionSchema.parse(s);
    await completeProfile(t.http, me.token);
    const bank = await t.http.get('/api/me/profile/bank').set(bearer(me.token)).expect(200);
    expect(bank.body).toEqual(
      expect.objectContaining({
        status: 'complete',
        data: { holderName: 'Asha Rao', accountNumber: 'XXXXXX9012', accountLast4: '9012', ifsc: 'HDFC0001234', accountType: 'savings' },
      }),
    );
    const row = await t.runtime.db
      .selectFrom('profile_sections')
      .select('data')
      .where('borrower_id', '=', me.user._id)
      .where('section', '=', 'bank')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row.data)).not.toContain('123456789012');
    // The masked number sent back keeps the stored one.
    await t.http.put('/api/me/profile/bank').set(bearer(me.token)).send(bank.body).expect(200);
    const profile = await t.http.get('/api/me/profile/profile').set(bearer(me.token)).expect(200);
    expect(profile.body.data).toEqual(expect.objectContaining({ name: 'Asha Rao', dateOfBirth: '1990-04-15', gender: 'female' }));
    const audit = await t.runtime.db
      .selectFrom('profile_section_changes')
      .select(['section', 'from_status', 'to_status', 'actor_id'])
      .where('borrower_id', '=', me.user._id)
      .orderBy('id')
      .execute();
    expect(audit[0]).toEqual({ section: 'profile', from_status: 'missing', to_status: 'complete', actor_id: me.user._id });
    expect(audit).toHaveLength(8);
  });

  it('refuses bad fields with a message per field and saves nothing', async () => {
    const me = await registerBorrower(t.http);
    const home = { line1: 'x', city: 'Pune', state: 'Maharashtra', pinCode: '411001', yearsAtAddress: 1 };
    expectFieldProblem(
      await t.http
        .put('/api/me/profile/address')
        .set(bearer(me.token))
        .send({ current: { ...home, pinCode: '4110' }, permanent: { ...home, state: 'Gondor' } }),
      ['current.pinCode', 'permanent.state'],
      'validation-failed',
    );
    expectFieldProblem(
      await t.http
        .put('/api/me/profile/profile')
        .set(bearer(me.token))
        .send({ dateOfBirth: '2015-01-01', gender: 'female', maritalStatus: 'single' }),
      ['dateOfBirth'],
      'validation-failed',
    );
    expectFieldProblem(
      await t.http
        .put('/api/me/profile/documents')
        .set(bearer(me.token))
        .send({
          pan: 'ABCDE1234F',
          aadhaarLast4: '123456789012',
          identityProofId: '00000000-0000-4000-8000-000000000000',
          addressProofId: '00000000-0000-4000-8000-000000000000',
          incomeProofIds: ['00000000-0000-4000-8000-000000000000'],
        }),
      ['aadhaarLast4'],
      'validation-failed',
    );
    expectFieldProblem(
      await t.http
        .put('/api/me/profile/documents')
        .set(bearer(me.token))
        .send({
          pan: 'ABCDE1234F',
          aadhaarLast4: '1234',
          identityProofId: '00000000-0000-4000-8000-000000000000',
          addressProofId: '00000000-0000-4000-8000-000000000000',
          incomeProofIds: ['00000000-0000-4000-8000-000000000000'],
        }),
      ['identityProofId', 'addressProofId', 'incomeProofIds.0'],
      'validation-failed',
    );
    expectFieldProblem(
      await t.http
        .put('/api/me/profile/bank')
        .set(bearer(me.token))
        .send({ holderName: 'A Rao', ifsc: 'HDFC0001234', accountType: 'savings' }),
      ['accountNumber'],
      'validation-failed',
    );
    expectProblem(await t.http.put('/api/me/profile/hobbies').set(bearer(me.token)).send({}), 404, 'section-not-found');
    const rows = await t.runtime.db.selectFrom('profile_sections').select('section').where('borrower_id', '=', me.user._id).execute();
    expect(rows).toEqual([]);
  });

  it('is for borrowers only: anonymous 401, staff 403', async () => {
    expectProblem(await t.http.get('/api/me/profile/sections'), 401, 'unauthenticated');
    expectProblem(await t.http.get('/api/me/profile/sections').set(bearer(staff)), 403, 'forbidden');
  });
});

describe('submitting an application', () => {
  it('is 422 profile-incomplete listing the missing sections until the required ones are complete', async () => {
    const me = await registerBorrower(t.http);
    const loan = await t.http
      .post('/api/me/loans')
      .set(bearer(me.token))
      .send({ type: 'EMI', amount: 10_000_000, tenureMonths: 12 })
      .expect(201);
    const refused = expectProblem(
      await t.http.post(`/api/me/loans/${loan.body.id}/submit`).set(bearer(me.token)),
      422,
      'profile-incomplete',
    );
    expect(refused.missing).toEqual(['profile', 'address', 'bank', 'documents', 'employment', 'reference', 'selfie']);
    await completeProfile(t.http, me.token);
    const submitted = await t.http.post(`/api/me/loans/${loan.body.id}/submit`).set(bearer(me.token)).expect(200);
    expect(submitted.body.state ?? submitted.body.loan?.state).toBe('applied');
  });
});
