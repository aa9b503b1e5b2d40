import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { publicStatePageSchema, statePageSchema } from '../../src/content/http/state-page.schemas.js';
import { bearer, expectFieldProblem, expectProblem } from '../support/loan-api.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let staff: string;

const page = (over: Record<string, unknown> = {}) => ({
  state: 'Karnataka',
  city: 'Bengaluru',
  title: 'Personal loans in Bengaluru',
  text: 'Apply online in minutes.',
  offer: 'Processing fee waived this month',
  active: true,
  ...over,
});
const create = (over: Record<string, unknown> = {}) => t.http.post('/api/admin/state-pages').set(bearer(staff)).send(page(over));
const visit = (state: string, city: string) => t.http.get(`/api/public/state-pages/${state}/${city}`);

beforeAll(async () => {
  t = await startTestApp('state_pages');
  staff = await loginStaff(t.http);
});

afterAll(async () => {
  await t?.close();
});

describe('state landing pages', () => {
  it('an active page of a known state and city is public and cacheable, found by its path in any case', async () => {
    const created = statePageSchema.parse((await create().expect(201)).body);
    expect(created.path).toBe('/Karnataka/Bengaluru');
    const res = await visit('Karnataka', 'Bengaluru').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(publicStatePageSchema.parse(res.body)).toEqual({
      state: 'Karnataka',
      city: 'Bengaluru',
      path: '/Karnataka/Bengaluru',
      title: 'Personal loans in Bengaluru',
      text: 'Apply online in minutes.',
      offer: 'Processing fee waived this month',
    });
    await visit('karnataka', 'BENGALURU').expect(200);

    const tn = statePageSchema.parse((await create({ state: 'Tamil Nadu', city: 'Chennai', offer: '' }).expect(201)).body);
    expect(tn).toMatchObject({ path: '/Tamil-Nadu/Chennai', offer: null });
    await visit('Tamil-Nadu', 'Chennai').expect(200);
    await visit('Tamil%20Nadu', 'Chennai').expect(200);
  });

  it('an inactive page, an unknown pair and a deleted page are 404', async () => {
    const hidden = (await create({ state: 'Kerala', city: 'Kochi', active: false }).expect(201)).body;
    expectProblem(await visit('Kerala', 'Kochi'), 404, 'not-found');
    expectProblem(await visit('Karnataka', 'Mysuru'), 404, 'not-found');
    expectProblem(await visit('Atlantis', 'Bengaluru'), 404, 'not-found');
    await t.http
      .put(`/api/admin/state-pages/${hidden.id}`)
      .set(bearer(staff))
      .send(page({ state: 'Kerala', city: 'Kochi' }))
      .expect(200);
    await visit('Kerala', 'Kochi').expect(200);
    await t.http.delete(`/api/admin/state-pages/${hidden.id}`).set(bearer(staff)).expect(200);
    expectProblem(await visit('Kerala', 'Kochi'), 404, 'not-found');
  });

  it('refuses an unknown state, a bad city, a missing title and a second page of the same pair; stores nothing', async () => {
    await create({ state: 'Goa', city: 'Panaji' }).expect(201);
    const before = await t.runtime.db.selectFrom('state_pages').select('id').execute();
    expectFieldProblem(await create({ state: 'Atlantis', city: '<script>', title: '' }), ['state', 'city', 'title']);
    expectFieldProblem(await create({ active: 'yes', extra: 1 }), ['active', 'extra']);
    expectProblem(await create({ state: 'Goa', city: 'panaji' }), 409, 'already-exists');
    expect(await t.runtime.db.selectFrom('state_pages').select('id').execute()).toEqual(before);
  });

  it('staff list with ra-data-simple-rest filters', async () => {
    const res = await t.http
      .get('/api/admin/state-pages')
      .query({ filter: JSON.stringify({ state: 'Karnataka' }), sort: '["city","ASC"]', range: '[0,9]' })
      .set(bearer(staff))
      .expect(200);
    expect(res.headers['content-range']).toMatch(/^state-pages 0-\d+\/\d+$/);
    expect(
      z
        .array(statePageSchema)
        .parse(res.body)
        .every((p) => p.state === 'Karnataka'),
    ).toBe(true);
  });

  it('a borrower and staff without banners.manage are refused; the public page needs no one', async () => {
    const borrower = await registerBorrower(t.http);
    expectProblem(await t.http.get('/api/admin/state-pages').set(bearer(borrower.token)), 403, 'forbidden');
    const role = await t.http
      .post('/api/admin/roles')
      .set(bearer(staff))
      .send({ name: 'Reader', permissions: ['loans.view'] })
      .expect(201);
    const email = `reader.${randomUUID().slice(0, 6)}@test.local`;
    await t.http
      .post('/api/admin/users')
      .set(bearer(staff))
      .send({ name: 'Reader', email, password: 'staff-password-1', roleId: role.body.id })
      .expect(201);
    const reader = (await t.http.post('/api/auth/login').send({ email, password: 'staff-password-1' }).expect(200)).body.token;
    expectProblem(
      await t.http
        .post('/api/admin/state-pages')
        .set(bearer(reader))
        .send(page({ city: 'Hubli' })),
      403,
      'missing-permission',
    );
    await visit('Karnataka', 'Bengaluru').expect(200);
  });
});
