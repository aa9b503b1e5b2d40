import { emulatorIdToken, startFakeAuthEmulator, type FakeAuthEmulator } from '../support/firebase-emulator.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Auth } from 'firebase-admin/auth';
import { sql } from 'kysely';
import { socialAuthResultSchema } from '../../src/identity/http/auth-response.schemas.js';
import { bearer, expectFieldProblem, expectProblem } from '../support/loan-api.js';
import { ADMIN, loginStaff, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Social sign-in with firebase-admin in Auth-emulator mode: it accepts unsigned ID tokens and looks the account up
 * at the emulator, played here by a small local HTTP server (accounts:lookup), so nothing leaves the machine.
 */

const PROJECT = 'lending-test';
let t: TestApp;
let emulator: FakeAuthEmulator | undefined;
/** The emulator's accounts. `validSince` (seconds, as a string) is when the user's tokens were last revoked. */
const accounts = new Map<
  string,
  { localId: string; email?: string; emailVerified: boolean; disabled: boolean; phoneNumber?: string; validSince?: string }
>();
let lookups = 0;

beforeAll(async () => {
  emulator = await startFakeAuthEmulator((ids) => {
    lookups += 1;
    return ids.map((id) => accounts.get(id)).filter((a) => a !== undefined);
  });
  t = await startTestApp('social', { FIREBASE_PROJECT_ID: PROJECT, FIREBASE_AUTH_EMULATOR_HOST: emulator.host });
});

afterAll(async () => {
  await t?.close();
  await emulator?.close();
});

/** An emulator ID token: unsigned, issued for our project, as the Auth emulator hands them out. */
function idToken(
  account: { uid: string; email?: string; emailVerified?: boolean; name?: string; phone?: string },
  overrides: Record<string, unknown> = {},
): string {
  accounts.set(account.uid, {
    localId: account.uid,
    email: account.email,
    emailVerified: account.emailVerified ?? true,
    disabled: false,
    phoneNumber: account.phone,
  });
  return emulatorIdToken(PROJECT, account, overrides);
}

describe('POST /api/auth/social', () => {
  it('a first sign-in creates a borrower; the next one finds the same user', async () => {
    const uid = randomUUID().replace(/-/g, '').slice(0, 28);
    const email = `social.${uid.slice(0, 8)}@example.com`;
    const first = await t.http
      .post('/api/auth/social')
      .send({ idToken: idToken({ uid, email, name: 'Kavya Social' }), deviceId: 'device-social-1' })
      .expect(200);
    socialAuthResultSchema.parse(first.body);
    expect(first.body).toEqual(expect.objectContaining({ created: true, deviceId: 'device-social-1' }));
    expect(first.body.user).toEqual(expect.objectContaining({ role: 'borrower', email, name: 'Kavya Social' }));
    expect(String(first.headers['set-cookie'])).toMatch(/token=.*HttpOnly/);
    await t.http.get('/api/me/loans').set(bearer(first.body.token)).expect(200);
    expect(lookups).toBeGreaterThan(0);

    const again = await t.http
      .post('/api/auth/social')
      .send({ idToken: idToken({ uid, email }), deviceId: 'device-social-1' })
      .expect(200);
    expect(again.body.created).toBe(false);
    expect(again.body.user._id).toBe(first.body.user._id);
  });

  it("a token saying this very email is verified verifies the account's email; an unverified one does not (migration 0060)", async () => {
    const uid = randomUUID().replace(/-/g, '').slice(0, 28);
    const email = `unverified.${uid.slice(0, 8)}@example.com`;
    const first = await t.http
      .post('/api/auth/social')
      .send({ idToken: idToken({ uid, email, emailVerified: false, name: 'Una Unproven' }) })
      .expect(200);
    expect(first.body).toMatchObject({ created: true, user: { email, emailVerified: false } });
    const later = await t.http
      .post('/api/auth/social')
      .send({ idToken: idToken({ uid, email, emailVerified: true }) })
      .expect(200);
    expect(later.body.user).toMatchObject({ _id: first.body.user._id, emailVerified: true });
    expect((await t.http.get('/api/me').set(bearer(later.body.token)).expect(200)).body.user.emailVerified).toBe(true);
  });

  it("the provider's display name is made one line (it reaches emails like any name)", async () => {
    const uid = randomUUID().replace(/-/g, '').slice(0, 28);
    const email = `social.${uid.slice(0, 8)}@example.com`;
    const res = await t.http
      .post('/api/auth/social')
      .send({ idToken: idToken({ uid, email, name: 'Kavya\r\nBcc: all@example.com\u202E' }) })
      .expect(200);
    expect(res.body.user.name).toBe('Kavya Bcc: all@example.com');
  });

  it('a verified email joins the password account with that email: one person, one user', async () => {
    const borrower = await registerBorrower(t.http, 'Ananya Password');
    const email = (await t.http.get('/api/me').set(bearer(borrower.token)).expect(200)).body.user.email as string;
    const uid = randomUUID().replace(/-/g, '').slice(0, 28);
    const res = await t.http
      .post('/api/auth/social')
      .send({ idToken: idToken({ uid, email: email.toUpperCase(), emailVerified: true }) })
      .expect(200);
    expect(res.body.created).toBe(false);
    expect(res.body.user._id).toBe(borrower.user._id);
    // The password still works too.
    await t.http.post('/api/auth/login').send({ email, password: 'borrower-password' }).expect(200);
  });

  it('an unverified email never takes over an existing account', async () => {
    const borrower = await registerBorrower(t.http);
    const email = (await t.http.get('/api/me').set(bearer(borrower.token)).expect(200)).body.user.email as string;
    const uid = randomUUID().replace(/-/g, '').slice(0, 28);
    expectProblem(
      await t.http.post('/api/auth/social').send({ idToken: idToken({ uid, email, emailVerified: false }) }),
      409,
      'email-not-verified',
    );
  });

  it('refuses tokens for another project, expired tokens and garbage, with 401; a missing token is 400', async () => {
    const uid = randomUUID().replace(/-/g, '').slice(0, 28);
    const account = { uid, email: `x.${uid.slice(0, 6)}@example.com` };
    expectProblem(
      await t.http.post('/api/auth/social').send({ idToken: idToken(account, { aud: 'someone-else' }) }),
      401,
      'invalid-social-token',
    );
    const past = Math.floor(Date.now() / 1000) - 7200;
    expectProblem(
      await t.http.post('/api/auth/social').send({ idToken: idToken(account, { iat: past, auth_time: past, exp: past + 3600 }) }),
      401,
      'invalid-social-token',
    );
    expectProblem(await t.http.post('/api/auth/social').send({ idToken: 'definitely-not-a-jwt' }), 401, 'invalid-social-token');
    expectFieldProblem(await t.http.post('/api/auth/social').send({}), ['idToken'], 'validation-failed');
  });
});

const newUid = () => randomUUID().replace(/-/g, '').slice(0, 28);

describe('revoked tokens and disabled Firebase users', () => {
  it('asks firebase-admin to check revocation, whatever the mode', async () => {
    const spy = jest.spyOn(Auth.prototype, 'verifyIdToken');
    try {
      const uid = newUid();
      await t.http
        .post('/api/auth/social')
        .send({ idToken: idToken({ uid, email: `check.${uid.slice(0, 8)}@example.com` }) })
        .expect(200);
      expect(spy).toHaveBeenCalledWith(expect.any(String), true);
    } finally {
      spy.mockRestore();
    }
  });

  it("a token issued before the user's tokens were revoked is refused: 401 social-token-revoked, no session", async () => {
    const uid = newUid();
    const email = `revoked.${uid.slice(0, 8)}@example.com`;
    const early = Math.floor(Date.now() / 1000) - 600;
    const stolen = idToken({ uid, email }, { iat: early, auth_time: early });
    const first = await t.http.post('/api/auth/social').send({ idToken: stolen }).expect(200);
    // The user signs out everywhere at Firebase (revokeRefreshTokens): validSince moves to now.
    accounts.get(uid)!.validSince = String(Math.floor(Date.now() / 1000) - 60);
    const sessionsBefore = await countSessions(first.body.user._id);
    const res = await t.http.post('/api/auth/social').send({ idToken: stolen });
    const body = expectProblem(res, 401, 'social-token-revoked');
    expect(body.detail).toMatch(/revoked/i);
    expect(await countSessions(first.body.user._id)).toBe(sessionsBefore);
    // A token from a fresh sign-in at Firebase works again.
    const fresh = idToken({ uid, email });
    accounts.get(uid)!.validSince = String(Math.floor(Date.now() / 1000) - 60);
    await t.http.post('/api/auth/social').send({ idToken: fresh }).expect(200);
  });

  it('a user disabled at Firebase is refused: 401 social-account-disabled, and no account is created', async () => {
    const uid = newUid();
    const email = `disabled.${uid.slice(0, 8)}@example.com`;
    const token = idToken({ uid, email });
    accounts.get(uid)!.disabled = true;
    expectProblem(await t.http.post('/api/auth/social').send({ idToken: token }), 401, 'social-account-disabled');
    const rows = await sql<{ n: string }>`SELECT count(*) AS n FROM users WHERE lower(email) = ${email}`.execute(t.runtime.db);
    expect(Number(rows.rows[0].n)).toBe(0);
  });
});

describe('social sign-in never signs into a staff account', () => {
  it('a verified Firebase email of a staff member is refused: 403, no session, no link', async () => {
    const staff = await staffRecord();
    const uid = newUid();
    const sessionsBefore = await countSessions(staff.id);
    const res = await t.http
      .post('/api/auth/social')
      .send({ idToken: idToken({ uid, email: ADMIN.email.toUpperCase(), emailVerified: true }) });
    expectProblem(res, 403, 'social-sign-in-staff-refused');
    expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/token=[^;]/);
    expect(await countSessions(staff.id)).toBe(sessionsBefore);
    expect((await staffRecord()).firebase_uid).toBeNull();
    // The staff member's password still works, of course.
    await t.http.post('/api/auth/login').send(ADMIN).expect(200);
  });

  it('nor with an unverified email, nor with the phone number of a staff member', async () => {
    const staff = await staffRecord();
    const unverified = await t.http
      .post('/api/auth/social')
      .send({ idToken: idToken({ uid: newUid(), email: ADMIN.email, emailVerified: false }) });
    expectProblem(unverified, 403, 'social-sign-in-staff-refused');
    const phone = '+919812300001';
    await sql`UPDATE users SET phone = ${phone} WHERE id = ${staff.id}`.execute(t.runtime.db);
    const byPhone = await t.http
      .post('/api/auth/social')
      .send({ idToken: idToken({ uid: newUid(), email: `someone.${newUid().slice(0, 6)}@example.com`, phone }) });
    expectProblem(byPhone, 403, 'social-sign-in-staff-refused');
    expect(await countUsersWithPhone(phone)).toBe(1);
  });

  it('nor through a Firebase identity already linked to a staff account', async () => {
    const staff = await staffRecord();
    const uid = newUid();
    await sql`UPDATE users SET firebase_uid = ${uid} WHERE id = ${staff.id}`.execute(t.runtime.db);
    try {
      const sessionsBefore = await countSessions(staff.id);
      expectProblem(
        await t.http.post('/api/auth/social').send({ idToken: idToken({ uid, email: `other.${uid.slice(0, 6)}@example.com` }) }),
        403,
        'social-sign-in-staff-refused',
      );
      expect(await countSessions(staff.id)).toBe(sessionsBefore);
    } finally {
      await sql`UPDATE users SET firebase_uid = NULL WHERE id = ${staff.id}`.execute(t.runtime.db);
    }
    // A staff token is still obtained only with the password.
    expect(await loginStaff(t.http)).toEqual(expect.any(String));
  });
});

async function staffRecord() {
  const rows = await sql<{
    id: string;
    firebase_uid: string | null;
  }>`SELECT id, firebase_uid FROM users WHERE lower(email) = ${ADMIN.email}`.execute(t.runtime.db);
  return rows.rows[0];
}

async function countSessions(userId: string): Promise<number> {
  const rows = await sql<{ n: string }>`SELECT count(*) AS n FROM sessions WHERE user_id = ${userId}`.execute(t.runtime.db);
  return Number(rows.rows[0].n);
}

async function countUsersWithPhone(phone: string): Promise<number> {
  const rows = await sql<{ n: string }>`SELECT count(*) AS n FROM users WHERE phone = ${phone}`.execute(t.runtime.db);
  return Number(rows.rows[0].n);
}

describe('without a Firebase project configured', () => {
  it('social sign-in answers 503 with a clear sentence', async () => {
    const plain = await startTestApp('social_off');
    try {
      const res = await plain.http.post('/api/auth/social').send({ idToken: 'x'.repeat(40) });
      expectProblem(res, 503, 'social-sign-in-unavailable');
    } finally {
      await plain.close();
    }
  });
});
