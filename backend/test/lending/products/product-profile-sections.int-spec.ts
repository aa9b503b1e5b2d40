import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { productSchema, productVersionSchema } from '../../../src/lending/products/http/product.schemas.js';
import { bearer, expectFieldProblem, expectProblem, fillBankSection } from '../../support/loan-api.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Issue 14 follow-up: the profile sections a borrower completes before submitting are a term of the product version
 * the loan pins; a version without a list follows PROFILE_REQUIRED_SECTIONS (here 'profile').
 */
let t: TestApp;
let staff: string;

const ALL = ['profile', 'address', 'bank', 'documents', 'employment', 'reference', 'selfie'];

const emiProduct = (requiredProfileSections?: unknown) => ({
  code: `emi-${randomUUID().slice(0, 8)}`,
  name: 'Sections personal loan',
  type: 'EMI',
  minAmount: 1_000_000,
  maxAmount: 30_000_000,
  minTenureMonths: 6,
  maxTenureMonths: 24,
  annualRatePercent: 14,
  processingFeePercent: 1,
  ...(requiredProfileSections === undefined ? {} : { requiredProfileSections }),
});

const versionCount = async () =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM loan_product_versions`.execute(t.runtime.db)).rows[0].n);

/** A borrower whose profile and bank sections are complete, and nothing else. */
async function borrowerWithProfileAndBank() {
  const me = await registerBorrower(t.http);
  await t.http
    .put('/api/me/profile/profile')
    .set(bearer(me.token))
    .send({ dateOfBirth: '1990-04-15', gender: 'female', maritalStatus: 'single' })
    .expect(200);
  await fillBankSection(t.http, me.token);
  return me;
}

const applyUnder = async (token: string, productId: string) =>
  (await t.http.post('/api/me/loans').set(bearer(token)).send({ type: 'EMI', amount: 10_000_000, tenureMonths: 12, productId }).expect(201))
    .body.id as string;

beforeAll(async () => {
  t = await startTestApp('product_profile_sections', { PROFILE_REQUIRED_SECTIONS: 'profile' });
  staff = await loginStaff(t.http);
});

afterAll(async () => {
  await t?.close();
});

describe('a product names the profile sections required to submit', () => {
  it('lets a borrower with profile and bank submit under a product requiring those two, and refuses under one requiring all seven with what is missing', async () => {
    const twoRes = await t.http
      .post('/api/admin/products')
      .set(bearer(staff))
      .send(emiProduct(['bank', 'profile']))
      .expect(201);
    const two = productSchema.parse(twoRes.body);
    expect(two.requiredProfileSections).toEqual(['profile', 'bank']);
    const seven = productSchema.parse((await t.http.post('/api/admin/products').set(bearer(staff)).send(emiProduct(ALL)).expect(201)).body);
    expect(seven.requiredProfileSections).toEqual(ALL);

    const me = await borrowerWithProfileAndBank();
    const refused = expectProblem(
      await t.http.post(`/api/me/loans/${await applyUnder(me.token, seven.id)}/submit`).set(bearer(me.token)),
      422,
      'profile-incomplete',
    );
    expect(refused.missing).toEqual(['address', 'documents', 'employment', 'reference', 'selfie']);
    const submitted = await t.http
      .post(`/api/me/loans/${await applyUnder(me.token, two.id)}/submit`)
      .set(bearer(me.token))
      .expect(200);
    expect(submitted.body.state ?? submitted.body.loan?.state).toBe('applied');
  });

  it('checks the version the loan pinned, not the product as edited since', async () => {
    const product = productSchema.parse(
      (
        await t.http
          .post('/api/admin/products')
          .set(bearer(staff))
          .send(emiProduct(['profile']))
          .expect(201)
      ).body,
    );
    const me = await borrowerWithProfileAndBank();
    const pinned = await applyUnder(me.token, product.id);
    const edited = await t.http
      .put(`/api/admin/products/${product.id}`)
      .set(bearer(staff))
      .send({ requiredProfileSections: ['profile', 'selfie'] })
      .expect(200);
    expect(edited.body).toMatchObject({ version: 2, requiredProfileSections: ['profile', 'selfie'] });
    const versions = (await t.http.get(`/api/admin/products/${product.id}/versions`).set(bearer(staff)).expect(200)).body.map(
      (v: unknown) => productVersionSchema.parse(v),
    );
    expect(versions.map((v: { version: number; requiredProfileSections: string[] }) => [v.version, v.requiredProfileSections])).toEqual([
      [2, ['profile', 'selfie']],
      [1, ['profile']],
    ]);
    // A loan applied under version 2 needs the selfie; the one pinned to version 1 does not.
    expect(
      expectProblem(
        await t.http.post(`/api/me/loans/${await applyUnder(me.token, product.id)}/submit`).set(bearer(me.token)),
        422,
        'profile-incomplete',
      ).missing,
    ).toEqual(['selfie']);
    await t.http.post(`/api/me/loans/${pinned}/submit`).set(bearer(me.token)).expect(200);
  });

  it('follows PROFILE_REQUIRED_SECTIONS for a product created without a list, and for the default products', async () => {
    const product = productSchema.parse((await t.http.post('/api/admin/products').set(bearer(staff)).send(emiProduct()).expect(201)).body);
    expect(product.requiredProfileSections).toEqual(['profile']);
    const stored = await t.runtime.db
      .selectFrom('loan_product_versions')
      .select('required_profile_sections')
      .where('product_id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(stored.required_profile_sections).toBeNull();
    const personal = (await t.http.get('/api/admin/products/00000000-0000-4000-8000-000000000001').set(bearer(staff)).expect(200)).body;
    expect(personal.requiredProfileSections).toEqual(['profile']);
    // A form sending the list it was shown changes nothing: no new version.
    const before = await versionCount();
    await t.http
      .put(`/api/admin/products/${product.id}`)
      .set(bearer(staff))
      .send({ requiredProfileSections: ['profile'] })
      .expect(200);
    expect(await versionCount()).toBe(before);

    const me = await registerBorrower(t.http);
    const loanId = await applyUnder(me.token, product.id);
    expect(
      expectProblem(await t.http.post(`/api/me/loans/${loanId}/submit`).set(bearer(me.token)), 422, 'profile-incomplete').missing,
    ).toEqual(['profile']);
  });

  it('refuses an unknown section name with a field message, and a list that is not one, changing nothing', async () => {
    const before = await versionCount();
    const fields = expectFieldProblem(
      await t.http
        .post('/api/admin/products')
        .set(bearer(staff))
        .send(emiProduct(['profile', 'passport'])),
      ['requiredProfileSections'],
    );
    expect(fields).toContainEqual({
      name: 'requiredProfileSections',
      message: 'requiredProfileSections may list only profile, address, bank, documents, employment, reference, selfie; unknown: passport',
    });
    expectFieldProblem(await t.http.post('/api/admin/products').set(bearer(staff)).send(emiProduct('profile')), [
      'requiredProfileSections',
    ]);
    const product = productSchema.parse(
      (
        await t.http
          .post('/api/admin/products')
          .set(bearer(staff))
          .send(emiProduct(['bank']))
          .expect(201)
      ).body,
    );
    expectFieldProblem(
      await t.http
        .put(`/api/admin/products/${product.id}`)
        .set(bearer(staff))
        .send({ requiredProfileSections: ['bank', 'kyc'] }),
      ['requiredProfileSections'],
    );
    expect(await versionCount()).toBe(before + 1);
    expect((await t.http.get(`/api/admin/products/${product.id}`).set(bearer(staff)).expect(200)).body.requiredProfileSections).toEqual([
      'bank',
    ]);
  });
});
