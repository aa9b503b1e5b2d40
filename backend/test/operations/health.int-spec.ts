import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PERMISSIONS } from '../../src/identity/permissions/permissions.js';
import { HEALTH_DETAILS_PERMISSION } from '../../src/platform/health/health.controller.js';
import { bearer } from '../support/loan-api.js';
import { ADMIN, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp('health');
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
});

afterAll(async () => {
  await t?.close();
});

async function staffWith(permissions: string[]): Promise<string> {
  const role = await t.http
    .post('/api/admin/roles')
    .set(bearer(admin))
    .send({ name: `Health ${randomUUID().slice(0, 8)}`, permissions })
    .expect(201);
  const email = `health.${randomUUID().slice(0, 8)}@test.local`;
  await t.http
    .post('/api/admin/users')
    .set(bearer(admin))
    .send({ name: 'Hema Shah', email, password: 'staff-password-1', roleId: role.body.id })
    .expect(201);
  return (await t.http.post('/api/auth/login').send({ email, password: 'staff-password-1' }).expect(200)).body.token;
}

describe('GET /api/health: anonymous callers learn only up or down', () => {
  it('answers an anonymous caller exactly {status}', async () => {
    const res = await t.http.get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'up' });
  });

  it('answers a caller with a bad, forged or signed-out token as anonymous, not 401', async () => {
    await t.http.get('/api/health').set(bearer('not-a-token')).expect(200, { status: 'up' });
    await t.http.get('/api/health').set('Cookie', 'token=garbage').expect(200, { status: 'up' });
    const login = await t.http.post('/api/auth/login').send(ADMIN).expect(200);
    await t.http.post('/api/auth/logout').set(bearer(login.body.token)).send({}).expect(204);
    await t.http.get('/api/health').set(bearer(login.body.token)).expect(200, { status: 'up' });
    admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token; // that sign-in replaced the old session
  });

  it('shows no details to borrowers, nor to staff without system.health', async () => {
    const borrower = await registerBorrower(t.http);
    await t.http.get('/api/health').set(bearer(borrower.token)).expect(200, { status: 'up' });
    await t.http
      .get('/api/health')
      .set(bearer(await staffWith(['loans.view', 'users.view'])))
      .expect(200, { status: 'up' });
  });

  it('shows the details to staff holding system.health, and to the administrator', async () => {
    expect(Object.keys(PERMISSIONS)).toContain(HEALTH_DETAILS_PERMISSION);
    for (const token of [admin, await staffWith([HEALTH_DETAILS_PERMISSION])]) {
      const res = await t.http.get('/api/health').set(bearer(token)).expect(200);
      expect(res.body).toMatchObject({
        status: 'up',
        database: { status: 'up', embedded: false },
        queue: { status: 'up' },
        projections: { inline: { lag: 0 } },
      });
      expect(typeof res.body.projections.maxLag).toBe('number');
    }
  });
});
