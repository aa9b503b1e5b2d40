import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { bannerSchema, publicBannerSchema } from '../../src/content/http/banner.schemas.js';
import { bearer, expectFieldProblem, expectProblem } from '../support/loan-api.js';
import { GIF_1X1, PNG_1X1 } from '../support/images.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let staff: string;
const hour = 3600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

const banner = (over: Record<string, unknown> = {}) => ({
  title: 'Festive EMI offer',
  link: '/EmiCalculator',
  audience: 'home',
  startsAt: at(-hour),
  endsAt: at(hour),
  order: 1,
  active: true,
  image: PNG_1X1,
  ...over,
});
const create = (over: Record<string, unknown> = {}) => t.http.post('/api/admin/banners').set(bearer(staff)).send(banner(over));
const current = (audience: string) => t.http.get('/api/public/banners').query({ audience });

beforeAll(async () => {
  t = await startTestApp('banners');
  staff = await loginStaff(t.http);
});

afterAll(async () => {
  await t?.close();
});

describe('banners', () => {
  it('the public list shows only active banners of the audience within their schedule, in order, cacheable', async () => {
    const showing = bannerSchema.parse((await create({ title: 'Showing', order: 2 }).expect(201)).body);
    const first = (await create({ title: 'First', order: 0, endsAt: null, link: '/User/newLoan/Emi' }).expect(201)).body;
    await create({ title: 'Future', startsAt: at(hour), endsAt: at(2 * hour) }).expect(201);
    await create({ title: 'Past', startsAt: at(-2 * hour), endsAt: at(-hour) }).expect(201);
    await create({ title: 'Inactive', active: false }).expect(201);
    await create({ title: 'Dashboard only', audience: 'dashboard' }).expect(201);

    const res = await current('home').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const list = z.array(publicBannerSchema).parse(res.body);
    expect(list.map((b) => b.title)).toEqual(['First', 'Showing']);
    expect(list[0]).toEqual({ id: first.id, title: 'First', link: '/User/newLoan/Emi', imageUrl: first.imageUrl });
    expect((await current('dashboard').expect(200)).body.map((b: { title: string }) => b.title)).toEqual(['Dashboard only']);

    const image = await t.http.get(showing.imageUrl).expect(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toContain('immutable');
    expect(Buffer.from(image.body).subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('an edit keeps the picture unless a new one is sent, which replaces the stored one', async () => {
    const created = (await create({ title: 'To edit' }).expect(201)).body;
    const { id, imageUrl, createdAt, updatedAt, updatedBy, ...fields } = created;
    const kept = (
      await t.http
        .put(`/api/admin/banners/${id}`)
        .set(bearer(staff))
        .send({ ...fields, title: 'Edited' })
        .expect(200)
    ).body;
    expect(kept).toMatchObject({ title: 'Edited', imageUrl });
    const replaced = (
      await t.http
        .put(`/api/admin/banners/${id}`)
        .set(bearer(staff))
        .send({ ...fields, image: GIF_1X1 })
        .expect(200)
    ).body;
    expect(replaced.imageUrl).not.toBe(imageUrl);
    expect((await t.http.get(replaced.imageUrl).expect(200)).headers['content-type']).toBe('image/gif');
    const keys = await t.runtime.db.selectFrom('documents').select('key').where('key', 'like', `banners/${id}/%`).execute();
    expect(keys).toHaveLength(1);
    await t.http.delete(`/api/admin/banners/${id}`).set(bearer(staff)).expect(200);
    expectProblem(await t.http.get(replaced.imageUrl), 404, 'not-found');
    expect(await t.runtime.db.selectFrom('documents').select('key').where('key', 'like', `banners/${id}/%`).execute()).toHaveLength(0);
  });

  it('refuses a file that is not a picture, a schedule that ends before it starts, a script link, and stores nothing', async () => {
    const before = await t.runtime.db.selectFrom('banners').select('id').execute();
    const html = `data:image/png;base64,${Buffer.from('<html><script>alert(1)</script></html>').toString('base64')}`;
    expect(expectFieldProblem(await create({ image: html }), ['image'])[0].message).toMatch(/PNG, JPEG, GIF or WebP/);
    expectFieldProblem(await create({ startsAt: at(hour), endsAt: at(-hour) }), ['endsAt']);
    expectFieldProblem(await create({ link: 'javascript:alert(1)' }), ['link']);
    expectFieldProblem(await create({ link: '//evil.example/x' }), ['link']);
    expectFieldProblem(await create({ link: 'https://evil.example/x' }), ['link']);
    expectFieldProblem(await create({ audience: 'everyone', image: undefined }), ['audience', 'image']);
    expectFieldProblem(await current('everyone'), ['audience']);
    expect(await t.runtime.db.selectFrom('banners').select('id').execute()).toEqual(before);
  });

  it('a borrower and staff without banners.manage are refused; the public list needs no one', async () => {
    const borrower = await registerBorrower(t.http);
    expectProblem(await t.http.get('/api/admin/banners').set(bearer(borrower.token)), 403, 'forbidden');
    expectProblem(await t.http.post('/api/admin/banners').set(bearer(borrower.token)).send(banner()), 403, 'forbidden');
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
    expectProblem(await t.http.post('/api/admin/banners').set(bearer(reader)).send(banner()), 403, 'missing-permission');
    await current('home').expect(200);
  });

  it('a picture of up to 2 MB is accepted; a larger one is refused', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024 + 10);
    Buffer.from(PNG_1X1.split(',')[1], 'base64').copy(big);
    expectFieldProblem(await create({ image: `data:image/png;base64,${big.toString('base64')}` }), ['image']);
    const ok = Buffer.alloc(1024 * 1024);
    Buffer.from(PNG_1X1.split(',')[1], 'base64').copy(ok);
    await create({ image: `data:image/png;base64,${ok.toString('base64')}` }).expect(201);
  });
});
