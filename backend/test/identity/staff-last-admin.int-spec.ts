import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, expectProblem } from '../support/loan-api.js';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 9 item 7: the last-active-administrator rule holds under concurrent requests. Two administrators, the only
 * active ones, disable or demote each other at the same moment, twenty times over: each time exactly one request
 * wins and an active administrator remains. Without the lock both read "two administrators", both write, and
 * nobody can manage staff any more.
 */
let t: TestApp;
const PASSWORD = 'admin-pair-password-1';
type Admin = { id: string; email: string; token: string };

beforeAll(async () => {
  t = await startTestApp('last_admin');
});

afterAll(async () => {
  await t?.close();
});

const signIn = async (a: { email: string }) =>
  (await t.http.post('/api/auth/login').send({ email: a.email, password: PASSWORD }).expect(200)).body.token as string;

const activeAdministrators = async () =>
  (
    await t.runtime.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'staff')
      .where('status', '=', 'active')
      .where('staff_role_id', '=', 'administrator')
      .execute()
  ).map((r) => r.id);

describe('the last active administrator under concurrent requests', () => {
  it('two administrators disabling or demoting each other at once always leave one active administrator', async () => {
    const seeded = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token as string;
    const pair: Admin[] = [];
    for (const who of ['a', 'b']) {
      const email = `admin-${who}.${randomUUID().slice(0, 8)}@test.local`;
      const res = await t.http
        .post('/api/admin/users')
        .set(bearer(seeded))
        .send({ name: `Admin ${who.toUpperCase()}`, email, password: PASSWORD, roleId: 'administrator' })
        .expect(201);
      pair.push({ id: res.body.id, email, token: await signIn({ email }) });
    }
    const seededId = (await t.http.get('/api/users/admin').set(bearer(seeded)).expect(200)).body.user._id as string;
    await t.http.delete(`/api/admin/users/${seededId}`).set(bearer(pair[0].token)).expect(200);
    expect((await activeAdministrators()).sort()).toEqual(pair.map((a) => a.id).sort());

    const outcomes: string[] = [];
    for (let round = 0; round < 20; round += 1) {
      const [a, b] = pair;
      // Even rounds: both disable; odd rounds: one disables, the other demotes.
      const demote = round % 2 === 1;
      const [ab, ba] = await Promise.all([
        t.http.delete(`/api/admin/users/${b.id}`).set(bearer(a.token)),
        demote
          ? t.http.put(`/api/admin/users/${a.id}`).set(bearer(b.token)).send({ roleId: 'viewer' })
          : t.http.delete(`/api/admin/users/${a.id}`).set(bearer(b.token)),
      ]);
      const active = await activeAdministrators();
      expect({ round, active: active.length }).toEqual({ round, active: 1 });
      const [winner, loser, lost] = ab.status === 200 ? [a, b, ba] : [b, a, ab];
      expect([ab.status, ba.status].filter((s) => s === 200)).toHaveLength(1);
      // The loser's request is refused whole: 409 last-administrator; or, when the winner's write landed before the
      // loser's request was authenticated, 401 (their account is disabled) or 403 (demoted: no users.manage now).
      if (lost.status === 409) expectProblem(lost, 409, 'last-administrator');
      else if (lost.status === 401) expectProblem(lost, 401, 'account-disabled');
      else expectProblem(lost, 403, 'missing-permission');
      expect(active).toEqual([winner.id]);
      outcomes.push(`${lost.status}`);

      // Put the pair back for the next round: the winner restores the loser, who signs in again.
      await t.http
        .put(`/api/admin/users/${loser.id}`)
        .set(bearer(winner.token))
        .send({ status: 'active', roleId: 'administrator' })
        .expect(200);
      loser.token = await signIn(loser);
      expect((await activeAdministrators()).sort()).toEqual(pair.map((x) => x.id).sort());
    }
    expect(outcomes).toHaveLength(20);
  });
});
