import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_ADMIN_PASSWORD } from '../../src/platform/config/config.js';
import { bearer } from '../support/loan-api.js';
import { ADMIN, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

// Outside production, the console warns while the first staff user keeps the default password: GET /api/users/admin
// says so with defaultPasswordInUse: true, to that user only, and stops saying it once the password is changed.
let t: TestApp | undefined;

afterAll(async () => {
  await t?.close();
});

const signIn = async (app: TestApp, email: string, password: string) =>
  (await app.http.post('/api/auth/login').send({ email, password }).expect(200)).body.token as string;

describe('the default password warning', () => {
  it('is on for the first staff user with the default password, for nobody else, and off after a change; never in production', async () => {
    t = await startTestApp('default_password', { NODE_ENV: 'development', ADMIN_PASSWORD: DEFAULT_ADMIN_PASSWORD }, { keepDatabase: true });
    let admin = await signIn(t, ADMIN.email, DEFAULT_ADMIN_PASSWORD);
    expect((await t.http.get('/api/users/admin').set(bearer(admin)).expect(200)).body.defaultPasswordInUse).toBe(true);

    // Another staff member (even an administrator) and a borrower never see it.
    const email = `other.${randomUUID().slice(0, 8)}@test.local`;
    await t.http
      .post('/api/admin/users')
      .set(bearer(admin))
      .send({ name: 'Other Admin', email, password: DEFAULT_ADMIN_PASSWORD, roleId: 'administrator' })
      .expect(201);
    const other = await signIn(t, email, DEFAULT_ADMIN_PASSWORD);
    expect((await t.http.get('/api/users/admin').set(bearer(other)).expect(200)).body).not.toHaveProperty('defaultPasswordInUse');
    const borrower = await registerBorrower(t.http);
    expect((await t.http.get('/api/me').set(bearer(borrower.token)).expect(200)).body).not.toHaveProperty('defaultPasswordInUse');

    // The same database started in production (with a password of its own, so the user keeps the old one): no warning.
    const database = t.database;
    await t.close();
    t = await startTestApp(
      'default_password',
      { NODE_ENV: 'production', JWT_SECRET: randomBytes(24).toString('hex'), ADMIN_PASSWORD: randomBytes(12).toString('hex') },
      { database, keepDatabase: true },
    );
    admin = await signIn(t, ADMIN.email, DEFAULT_ADMIN_PASSWORD);
    expect((await t.http.get('/api/users/admin').set(bearer(admin)).expect(200)).body).not.toHaveProperty('defaultPasswordInUse');
    await t.close();

    // Back in development: changing the password turns the warning off.
    t = await startTestApp('default_password', { NODE_ENV: 'development', ADMIN_PASSWORD: DEFAULT_ADMIN_PASSWORD }, { database });
    admin = await signIn(t, ADMIN.email, DEFAULT_ADMIN_PASSWORD);
    expect((await t.http.get('/api/users/admin').set(bearer(admin)).expect(200)).body.defaultPasswordInUse).toBe(true);
    await t.http
      .post('/api/admin/profile/password')
      .set(bearer(admin))
      .send({ currentPassword: DEFAULT_ADMIN_PASSWORD, newPassword: 'a-password-of-my-own' })
      .expect(200);
    expect((await t.http.get('/api/users/admin').set(bearer(admin)).expect(200)).body).not.toHaveProperty('defaultPasswordInUse');
  });
});
