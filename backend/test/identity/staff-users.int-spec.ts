import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { permissionSchema, roleSchema, staffUserSchema } from '../../src/identity/http/staff-response.schemas.js';
import { signedInUserSchema } from '../../src/identity/http/auth-response.schemas.js';
import { bearer, expectFieldProblem, expectProblem } from '../support/loan-api.js';
import { ADMIN, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: string;
let adminId: string;

beforeAll(async () => {
  t = await startTestApp('staff_users');
  const res = await t.http.post('/api/auth/login').send(ADMIN).expect(200);
  admin = res.body.token;
  adminId = res.body.user._id;
});

afterAll(async () => {
  await t?.close();
});

const unique = () => randomUUID().slice(0, 8);

async function createStaff(token: string, roleId: string, extra: Record<string, unknown> = {}) {
  const email = `staff.${unique()}@test.local`;
  const res = await t.http
    .post('/api/admin/users')
    .set(bearer(token))
    .send({ name: 'Ravi Kumar', email, password: 'staff-password-1', roleId, ...extra });
  return { res, email };
}

async function signIn(email: string, password = 'staff-password-1') {
  const res = await t.http.post('/api/auth/login').send({ email, password }).expect(200);
  return { token: res.body.token as string, id: res.body.user._id as string };
}

describe('GET /api/users/admin (the spec client reads user.user._id)', () => {
  it('answers the signed-in staff user with role and permissions', async () => {
    const res = await t.http.get('/api/users/admin').set(bearer(admin)).expect(200);
    signedInUserSchema.parse(res.body);
    expect(res.body.user._id).toBe(adminId);
    expect(res.body.user.roleId).toBe('administrator');
    expect(res.body.user.permissions).toEqual(expect.arrayContaining(['users.manage', 'roles.manage', 'loans.disburse']));
  });
});

describe('staff CRUD at /api/admin/users', () => {
  it('creates a staff user who can then sign in with the role given', async () => {
    const { res, email } = await createStaff(admin, 'credit-officer', { phone: '+91 98450 12345' });
    expect(res.status).toBe(201);
    staffUserSchema.parse(res.body);
    expect(res.body).toEqual(
      expect.objectContaining({
        email,
        phone: '+919845012345',
        role: 'staff',
        roleId: 'credit-officer',
        roleName: 'Credit officer',
        status: 'active',
        online: false,
      }),
    );
    expect(res.body.permissions).toContain('loans.soft.approve');
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon/i);
    const me = await signIn(email);
    expect((await t.http.get('/api/users/admin').set(bearer(me.token)).expect(200)).body.user.roleId).toBe('credit-officer');
  });

  it('lists with ra-data-simple-rest: filter, sort, range, Content-Range and getMany', async () => {
    const { res } = await createStaff(admin, 'viewer', { name: 'Zara Viewer' });
    const list = await t.http
      .get('/api/admin/users')
      .query({ filter: JSON.stringify({ roleId: 'viewer' }), sort: '["name","ASC"]', range: '[0,9]' })
      .set(bearer(admin))
      .expect(200);
    z.array(staffUserSchema).parse(list.body);
    expect(list.body.every((u: { roleId: string }) => u.roleId === 'viewer')).toBe(true);
    expect(list.headers['content-range']).toMatch(/^users 0-\d+\/\d+$/);
    const search = await t.http
      .get('/api/admin/users')
      .query({ filter: JSON.stringify({ q: 'zara' }) })
      .set(bearer(admin))
      .expect(200);
    expect(search.body.map((u: { id: string }) => u.id)).toContain(res.body.id);
    // The search word is text: % and _ match themselves, not any name (and so do the roles' and products' searches).
    for (const path of ['/api/admin/users', '/api/admin/roles', '/api/admin/products'])
      for (const q of ['%', '_'])
        expect(
          (
            await t.http
              .get(path)
              .query({ filter: JSON.stringify({ q }) })
              .set(bearer(admin))
              .expect(200)
          ).body,
        ).toEqual([]);
    const many = await t.http
      .get('/api/admin/users')
      .query({ filter: JSON.stringify({ id: [res.body.id, adminId] }) })
      .set(bearer(admin))
      .expect(200);
    expect(many.body.map((u: { id: string }) => u.id).sort()).toEqual([res.body.id, adminId].sort());
    expectProblem(await t.http.get('/api/admin/users').query({ sort: '["password","ASC"]' }).set(bearer(admin)), 400, 'validation-failed');
    expectProblem(await t.http.get('/api/admin/users').query({ filter: '{"salary":1}' }).set(bearer(admin)), 400, 'validation-failed');
  });

  it('refuses bad input field by field and creates nobody', async () => {
    const before = (await t.http.get('/api/admin/users').set(bearer(admin)).expect(200)).headers['content-range'];
    const res = await t.http
      .post('/api/admin/users')
      .set(bearer(admin))
      .send({ name: 'X', email: 'nope', password: 'short', roleId: '', isRoot: true });
    expectFieldProblem(res, ['name', 'email', 'password', 'roleId', 'isRoot'], 'validation-failed');
    expectFieldProblem(await createStaff(admin, 'no-such-role').then((r) => r.res), ['roleId'], 'validation-failed');
    const { email } = await createStaff(admin, 'viewer');
    const dup = await t.http
      .post('/api/admin/users')
      .set(bearer(admin))
      .send({ name: 'Dup', email: email.toUpperCase(), password: 'staff-password-1', roleId: 'viewer' });
    expect(expectProblem(dup, 409, 'already-registered').fields).toEqual([
      { name: 'email', message: 'This email already belongs to another user.' },
    ]);
    const after = (await t.http.get('/api/admin/users').set(bearer(admin)).expect(200)).headers['content-range'];
    expect(Number(after.split('/')[1])).toBe(Number(before.split('/')[1]) + 1);
  });

  it('edits with the whole record react-admin sends back; unknown fields are still named', async () => {
    const { res } = await createStaff(admin, 'viewer');
    const edited = await t.http
      .put(`/api/admin/users/${res.body.id}`)
      .set(bearer(admin))
      .send({ ...res.body, name: 'Ravi K.', roleId: 'collections-agent' })
      .expect(200);
    expect(edited.body).toEqual(
      expect.objectContaining({
        name: 'Ravi K.',
        roleId: 'collections-agent',
        permissions: expect.arrayContaining(['collections.manage']),
      }),
    );
    expectFieldProblem(
      await t.http.put(`/api/admin/users/${res.body.id}`).set(bearer(admin)).send({ salary: 1 }),
      ['salary'],
      'validation-failed',
    );
    expectProblem(await t.http.put(`/api/admin/users/${randomUUID()}`).set(bearer(admin)).send({ name: 'Nobody' }), 404, 'not-found');
  });

  it('DELETE disables: the sessions end at once, sign-in is refused, and the record stays', async () => {
    const { res, email } = await createStaff(admin, 'viewer');
    const me = await signIn(email);
    const disabled = await t.http.delete(`/api/admin/users/${res.body.id}`).set(bearer(admin)).expect(200);
    expect(disabled.body).toEqual(expect.objectContaining({ id: res.body.id, status: 'disabled' }));
    expectProblem(await t.http.get('/api/admin/loans').set(bearer(me.token)), 401, 'account-disabled');
    expectProblem(await t.http.post('/api/auth/login').send({ email, password: 'staff-password-1' }), 401, 'account-disabled');
    expect((await t.http.get(`/api/admin/users/${res.body.id}`).set(bearer(admin)).expect(200)).body.status).toBe('disabled');
    await t.http.put(`/api/admin/users/${res.body.id}`).set(bearer(admin)).send({ status: 'active' }).expect(200);
    await signIn(email);
  });

  it('borrowers are not staff users: GET by a borrower id is 404', async () => {
    const borrower = await registerBorrower(t.http);
    expectProblem(await t.http.get(`/api/admin/users/${borrower.user._id}`).set(bearer(admin)), 404, 'not-found');
  });
});

describe('nobody raises their own permissions', () => {
  let manager: { token: string; id: string };

  beforeAll(async () => {
    const role = await t.http
      .post('/api/admin/roles')
      .set(bearer(admin))
      .send({
        name: `Staff manager ${unique()}`,
        description: 'Hires viewers',
        permissions: ['users.view', 'users.manage', 'roles.manage', 'loans.view'],
      })
      .expect(201);
    const { email } = await createStaff(admin, role.body.id);
    manager = await signIn(email);
  });

  it('a staff member cannot change their own role, even to a lesser one', async () => {
    expectProblem(
      await t.http.put(`/api/admin/users/${manager.id}`).set(bearer(manager.token)).send({ roleId: 'administrator' }),
      403,
      'own-permissions',
    );
    expectProblem(
      await t.http.put(`/api/admin/users/${manager.id}`).set(bearer(manager.token)).send({ roleId: 'viewer' }),
      403,
      'own-permissions',
    );
    expectProblem(await t.http.put(`/api/admin/users/${adminId}`).set(bearer(admin)).send({ roleId: 'viewer' }), 403, 'own-permissions');
  });

  it('cannot give anyone a role with permissions they lack, nor create or edit such a role', async () => {
    const refused = await createStaff(manager.token, 'administrator');
    expectProblem(refused.res, 403, 'permission-escalation');
    expect(refused.res.body.detail).toContain('loans.disburse');
    expectProblem(
      await t.http
        .post('/api/admin/roles')
        .set(bearer(manager.token))
        .send({ name: `Sneaky ${unique()}`, permissions: ['loans.disburse'] }),
      403,
      'permission-escalation',
    );
    expectProblem(
      await t.http
        .put('/api/admin/roles/viewer')
        .set(bearer(manager.token))
        .send({ permissions: ['loans.view', 'loans.disburse'] }),
      403,
      'permission-escalation',
    );
    expect((await createStaff(manager.token, 'viewer')).res.status).toBe(201);
  });

  it('cannot edit the role they hold', async () => {
    const myRole = (await t.http.get('/api/users/admin').set(bearer(manager.token)).expect(200)).body.user.roleId;
    expectProblem(
      await t.http
        .put(`/api/admin/roles/${myRole}`)
        .set(bearer(manager.token))
        .send({ permissions: ['users.view'] }),
      403,
      'own-permissions',
    );
  });

  it('cannot disable themselves; the last active administrator stays', async () => {
    expectProblem(await t.http.delete(`/api/admin/users/${manager.id}`).set(bearer(manager.token)), 403, 'own-account');
    expectProblem(await t.http.delete(`/api/admin/users/${adminId}`).set(bearer(admin)), 403, 'own-account');
  });

  it('the profile cannot change role or status either (they are read-only there)', async () => {
    const res = await t.http
      .put('/api/admin/profile')
      .set(bearer(manager.token))
      .send({ name: 'Manager M.', roleId: 'administrator', status: 'active' })
      .expect(200);
    expect(res.body.name).toBe('Manager M.');
    expect(res.body.roleId).not.toBe('administrator');
  });
});

describe('no escalation through other accounts (issue 9 item 7)', () => {
  // A user manager who may also manage roles, but holds none of the loan actions.
  let manager: { token: string; id: string };
  const managerPermissions = ['users.view', 'users.manage', 'roles.manage', 'loans.view'];

  beforeAll(async () => {
    const role = await t.http
      .post('/api/admin/roles')
      .set(bearer(admin))
      .send({ name: `User manager ${unique()}`, permissions: managerPermissions })
      .expect(201);
    const { email } = await createStaff(admin, role.body.id);
    manager = await signIn(email);
  });

  const record = async (id: string) => (await t.http.get(`/api/admin/users/${id}`).set(bearer(admin)).expect(200)).body;

  it('cannot edit, demote or disable a colleague who holds a permission they lack; nothing changes', async () => {
    const { res, email } = await createStaff(admin, 'credit-officer', { name: 'Officer Olga' });
    const officer = await signIn(email);
    const before = await record(res.body.id);
    const attempts = [
      t.http.put(`/api/admin/users/${res.body.id}`).set(bearer(manager.token)).send({ name: 'Renamed' }),
      t.http.put(`/api/admin/users/${res.body.id}`).set(bearer(manager.token)).send({ roleId: 'viewer' }),
      t.http.put(`/api/admin/users/${res.body.id}`).set(bearer(manager.token)).send({ status: 'disabled' }),
      t.http
        .put(`/api/admin/users/${res.body.id}`)
        .set(bearer(manager.token))
        .send({ ...before }),
      t.http.delete(`/api/admin/users/${res.body.id}`).set(bearer(manager.token)),
    ];
    for (const attempt of attempts) {
      const refused = expectProblem(await attempt, 403, 'permission-escalation');
      expect(refused.detail).toContain('loans.accept');
    }
    expect(await record(res.body.id)).toEqual(before);
    // The officer's session was never touched.
    await t.http.get('/api/admin/loans').set(bearer(officer.token)).expect(200);
  });

  it('cannot act on an administrator, nor re-enable a disabled stronger account', async () => {
    const { res } = await createStaff(admin, 'administrator');
    const before = await record(res.body.id);
    expectProblem(await t.http.delete(`/api/admin/users/${res.body.id}`).set(bearer(manager.token)), 403, 'permission-escalation');
    expectProblem(
      await t.http.put(`/api/admin/users/${res.body.id}`).set(bearer(manager.token)).send({ roleId: 'viewer' }),
      403,
      'permission-escalation',
    );
    expectProblem(
      await t.http.put(`/api/admin/users/${adminId}`).set(bearer(manager.token)).send({ phone: '+919800000001' }),
      403,
      'permission-escalation',
    );
    expect(await record(res.body.id)).toEqual(before);

    await t.http.delete(`/api/admin/users/${res.body.id}`).set(bearer(admin)).expect(200);
    const disabled = await record(res.body.id);
    expectProblem(
      await t.http.put(`/api/admin/users/${res.body.id}`).set(bearer(manager.token)).send({ status: 'active' }),
      403,
      'permission-escalation',
    );
    expect(await record(res.body.id)).toEqual(disabled);
    expect(disabled.status).toBe('disabled');
  });

  it('still manages colleagues whose permissions they hold all of', async () => {
    const { res } = await createStaff(admin, 'viewer');
    expect(
      (await t.http.put(`/api/admin/users/${res.body.id}`).set(bearer(manager.token)).send({ name: 'Vera Viewer' }).expect(200)).body.name,
    ).toBe('Vera Viewer');
    expect((await t.http.delete(`/api/admin/users/${res.body.id}`).set(bearer(manager.token)).expect(200)).body.status).toBe('disabled');
    expect(
      (await t.http.put(`/api/admin/users/${res.body.id}`).set(bearer(manager.token)).send({ status: 'active' }).expect(200)).body.status,
    ).toBe('active');
  });

  it('a roles.manage holder cannot take from a role, or delete, a permission they lack; nothing changes', async () => {
    const role = await t.http
      .post('/api/admin/roles')
      .set(bearer(admin))
      .send({ name: `Payouts ${unique()}`, permissions: ['loans.view', 'loans.disburse'] })
      .expect(201);
    const url = `/api/admin/roles/${role.body.id}`;
    const before = (await t.http.get(url).set(bearer(admin)).expect(200)).body;
    const removed = expectProblem(
      await t.http
        .put(url)
        .set(bearer(manager.token))
        .send({ permissions: ['loans.view'] }),
      403,
      'permission-escalation',
    );
    expect(removed.detail).toContain('loans.disburse');
    expectProblem(await t.http.put(url).set(bearer(manager.token)).send({ permissions: [] }), 403, 'permission-escalation');
    expectProblem(await t.http.delete(url).set(bearer(manager.token)), 403, 'permission-escalation');
    expect((await t.http.get(url).set(bearer(admin)).expect(200)).body).toEqual(before);
    // Keeping what they lack and changing only what they hold is fine; so is the whole record sent back unchanged.
    const kept = await t.http
      .put(url)
      .set(bearer(manager.token))
      .send({ ...before, permissions: ['loans.disburse', 'loans.view', 'users.view'] })
      .expect(200);
    expect(kept.body.permissions).toEqual(['loans.disburse', 'loans.view', 'users.view']);
    await t.http
      .put(url)
      .set(bearer(manager.token))
      .send({ ...kept.body, description: 'Pays out' })
      .expect(200);
    // The administrator, holding everything, still can.
    await t.http.delete(url).set(bearer(admin)).expect(200);
  });
});

describe('roles and permissions', () => {
  it('lists the permission catalogue and the built-in roles', async () => {
    // The whole catalogue in one page, as the console asks for it (the default page is 25 rows; the catalogue is longer).
    const perms = await t.http.get('/api/admin/permissions').query({ range: '[0,499]' }).set(bearer(admin)).expect(200);
    z.array(permissionSchema).parse(perms.body);
    expect(perms.body.map((p: { id: string }) => p.id)).toEqual(
      expect.arrayContaining([
        'loans.soft.approve',
        'loans.disburse',
        'leads.manage',
        'collections.manage',
        'users.manage',
        'templates.manage',
      ]),
    );
    expect(perms.headers['content-range']).toBe(`permissions 0-${perms.body.length - 1}/${perms.body.length}`);
    const roles = await t.http.get('/api/admin/roles').set(bearer(admin)).expect(200);
    z.array(roleSchema).parse(roles.body);
    expect(roles.body.map((r: { id: string }) => r.id)).toEqual(
      expect.arrayContaining(['administrator', 'credit-officer', 'operations-manager', 'collections-agent', 'viewer']),
    );
  });

  it('a role change applies to its holders on their next request', async () => {
    const role = await t.http
      .post('/api/admin/roles')
      .set(bearer(admin))
      .send({ name: `Reader ${unique()}`, permissions: ['loans.view'] })
      .expect(201);
    const { email } = await createStaff(admin, role.body.id);
    const reader = await signIn(email);
    await t.http.get('/api/admin/loans').set(bearer(reader.token)).expect(200);
    await t.http.put(`/api/admin/roles/${role.body.id}`).set(bearer(admin)).send({ permissions: [] }).expect(200);
    expectProblem(await t.http.get('/api/admin/loans').set(bearer(reader.token)), 403, 'missing-permission');
  });

  it('refuses unknown permissions, duplicate names, editing Administrator and deleting a role in use', async () => {
    expectFieldProblem(
      await t.http
        .post('/api/admin/roles')
        .set(bearer(admin))
        .send({ name: 'Odd', permissions: ['loans.everything'] }),
      ['permissions.0'],
      'validation-failed',
    );
    const name = `Dup ${unique()}`;
    await t.http.post('/api/admin/roles').set(bearer(admin)).send({ name, permissions: [] }).expect(201);
    const dup = expectProblem(
      await t.http.post('/api/admin/roles').set(bearer(admin)).send({ name: name.toUpperCase(), permissions: [] }),
      409,
      'already-exists',
    );
    expect(dup.fields).toEqual([{ name: 'name', message: expect.stringContaining('already exists') }]);
    expectProblem(await t.http.put('/api/admin/roles/administrator').set(bearer(admin)).send({ permissions: [] }), 409, 'role-read-only');
    expectProblem(await t.http.delete('/api/admin/roles/credit-officer').set(bearer(admin)), 409, 'role-in-use');
    const spare = await t.http
      .post('/api/admin/roles')
      .set(bearer(admin))
      .send({ name: `Spare ${unique()}`, permissions: [] })
      .expect(201);
    expect((await t.http.delete(`/api/admin/roles/${spare.body.id}`).set(bearer(admin)).expect(200)).body.id).toBe(spare.body.id);
    expectProblem(await t.http.get(`/api/admin/roles/${spare.body.id}`).set(bearer(admin)), 404, 'not-found');
  });
});

describe('profile', () => {
  it('reads and edits my own record, and changes my password with the current one', async () => {
    const { email } = await createStaff(admin, 'viewer');
    const me = await signIn(email);
    const other = await t.http
      .post('/api/auth/login')
      .send({ email, password: 'staff-password-1', deviceId: 'device-same-123' })
      .expect(200);
    const current = await t.http
      .post('/api/auth/login')
      .send({ email, password: 'staff-password-1', deviceId: 'device-same-123' })
      .expect(200);
    expect((await t.http.get('/api/admin/profile').set(bearer(current.body.token)).expect(200)).body.email).toBe(email);
    expectFieldProblem(
      await t.http
        .post('/api/admin/profile/password')
        .set(bearer(current.body.token))
        .send({ currentPassword: 'wrong', newPassword: 'new-password-1' }),
      ['currentPassword'],
      'validation-failed',
    );
    await t.http
      .post('/api/admin/profile/password')
      .set(bearer(current.body.token))
      .send({ currentPassword: 'staff-password-1', newPassword: 'new-password-1' })
      .expect(200);
    // This session stays; the other session on the same device ends; the old password no longer works.
    await t.http.get('/api/admin/profile').set(bearer(current.body.token)).expect(200);
    expectProblem(await t.http.get('/api/admin/profile').set(bearer(other.body.token)), 401, 'session-revoked');
    expectProblem(await t.http.post('/api/auth/login').send({ email, password: 'staff-password-1' }), 401, 'invalid-credentials');
    expect(me.id).toBe(current.body.user._id);
  });
});
