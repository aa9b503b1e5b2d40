import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { publicUserSchema } from '../src/identity/http/auth-response.schemas.js';
import { bearer, expectFieldProblem, expectProblem } from './support/loan-api.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp('my_profile');
});

afterAll(async () => {
  await t?.close();
});

describe('/api/me/profile (the portal Profile section)', () => {
  it('reads and edits my name and phone; email and role stay as they are', async () => {
    const me = await registerBorrower(t.http, 'Divya Nair');
    const read = await t.http.get('/api/me/profile').set(bearer(me.token)).expect(200);
    publicUserSchema.parse(read.body);
    expect(read.body).toEqual(expect.objectContaining({ _id: me.user._id, name: 'Divya Nair', role: 'borrower' }));
    const edited = await t.http.put('/api/me/profile').set(bearer(me.token)).send({ ...read.body, name: 'Divya N.', phone: '+91 99000 11223', email: 'other@example.com', role: 'staff' }).expect(200);
    expect(edited.body).toEqual(expect.objectContaining({ name: 'Divya N.', phone: '+919900011223', email: read.body.email, role: 'borrower' }));
    expect((await t.http.get('/api/me/profile').set(bearer(me.token)).expect(200)).body.phone).toBe('+919900011223');
  });

  it('names bad and unknown fields and changes nothing; a phone in use is 409', async () => {
    const me = await registerBorrower(t.http);
    const other = await registerBorrower(t.http);
    const before = (await t.http.get('/api/me/profile').set(bearer(me.token)).expect(200)).body;
    expectFieldProblem(await t.http.put('/api/me/profile').set(bearer(me.token)).send({ name: 'X', phone: '12', income: 5 }), ['name', 'phone', 'income'], 'validation-failed');
    const otherPhone = (await t.http.get('/api/me/profile').set(bearer(other.token)).expect(200)).body.phone;
    expectProblem(await t.http.put('/api/me/profile').set(bearer(me.token)).send({ phone: otherPhone }), 409, 'already-registered');
    expect((await t.http.get('/api/me/profile').set(bearer(me.token)).expect(200)).body).toEqual(before);
  });

  it('is for borrowers: anonymous 401, staff 403', async () => {
    expectProblem(await t.http.get('/api/me/profile'), 401, 'unauthenticated');
    expectProblem(await t.http.put('/api/me/profile').set(bearer(await loginStaff(t.http))).send({ name: 'Staff Person' }), 403, 'forbidden');
  });
});
