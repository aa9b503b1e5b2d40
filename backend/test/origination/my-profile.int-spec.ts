import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { publicUserSchema } from '../../src/identity/http/auth-response.schemas.js';
import { bearer, expectFieldProblem, expectProblem } from '../support/loan-api.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let staff: string;
let counter = 0;
const freshPhone = () => `+9198${String(Date.now()).slice(-6)}${String(++counter).padStart(2, '0')}`;

beforeAll(async () => {
  t = await startTestApp('my_profile', { RATE_LIMIT_OTP_PER_IP: '1000' });
  staff = await loginStaff(t.http);
});

/** A code for `phone` (purpose phone) read from the SMS log, verified: the proof a phone change presents. */
async function proofFor(phone: string, purpose = 'phone'): Promise<string> {
  await t.http.post('/api/public/otp').send({ phone, purpose }).expect(202);
  const sms = await t.http
    .get('/api/admin/sms')
    .query({ filter: JSON.stringify({ to: phone }), range: '[0,0]' })
    .set(bearer(staff))
    .expect(200);
  const code = /\b(\d{6})\b/.exec(sms.body[0].body as string)![1];
  return (await t.http.post('/api/public/otp/verify').send({ phone, purpose, code }).expect(200)).body.proof as string;
}

afterAll(async () => {
  await t?.close();
});

describe('/api/me/profile (the portal Profile section)', () => {
  it('reads and edits my name and phone; email and role stay as they are', async () => {
    const me = await registerBorrower(t.http, 'Divya Nair');
    const read = await t.http.get('/api/me/profile').set(bearer(me.token)).expect(200);
    publicUserSchema.parse(read.body);
    expect(read.body).toEqual(expect.objectContaining({ _id: me.user._id, name: 'Divya Nair', role: 'borrower' }));
    const phoneProof = await proofFor('+919900011223');
    const edited = await t.http
      .put('/api/me/profile')
      .set(bearer(me.token))
      .send({ ...read.body, name: 'Divya N.', phone: '+91 99000 11223', phoneProof, email: 'other@example.com', role: 'staff' })
      .expect(200);
    expect(edited.body).toEqual(
      expect.objectContaining({ name: 'Divya N.', phone: '+919900011223', email: read.body.email, role: 'borrower' }),
    );
    expect((await t.http.get('/api/me/profile').set(bearer(me.token)).expect(200)).body.phone).toBe('+919900011223');
  });

  it('a new phone needs a proof of that phone: missing, forged, for another phone or purpose are 403 naming phoneProof and change nothing', async () => {
    const me = await registerBorrower(t.http, 'Kiran Shah');
    const before = (await t.http.get('/api/me/profile').set(bearer(me.token)).expect(200)).body;
    const wanted = freshPhone();
    const refused = async (body: Record<string, unknown>, pattern: RegExp) => {
      const problem = expectProblem(await t.http.put('/api/me/profile').set(bearer(me.token)).send(body), 403, 'phone-not-verified');
      expect(problem.fields).toEqual([{ name: 'phoneProof', message: expect.stringMatching(pattern) }]);
    };
    await refused({ name: 'Kiran S.', phone: wanted }, /Verify \+91/);
    await refused({ phone: wanted, phoneProof: 'eyJhbGciOiJIUzI1NiJ9.e30.forged' }, /not valid/);
    await refused({ phone: wanted, phoneProof: await proofFor(freshPhone()) }, /another number/);
    await refused({ phone: wanted, phoneProof: await proofFor(wanted, 'quick-start') }, /not valid/);
    // A session token is not a proof either.
    await refused({ phone: wanted, phoneProof: me.token }, /not valid/);
    expect((await t.http.get('/api/me/profile').set(bearer(me.token)).expect(200)).body).toEqual(before);

    // The same number written another way is no change: no proof needed, the stored form kept.
    const local = String(before.phone).replace(/^\+91/, '');
    const same = await t.http.put('/api/me/profile').set(bearer(me.token)).send({ name: 'Kiran S.', phone: local }).expect(200);
    expect(same.body).toEqual(expect.objectContaining({ name: 'Kiran S.', phone: before.phone }));

    // The right proof changes it, stored normalized; the e-sign code goes there from now on.
    const changed = await t.http
      .put('/api/me/profile')
      .set(bearer(me.token))
      .send({ phone: wanted.replace(/^\+91/, ''), phoneProof: await proofFor(wanted) })
      .expect(200);
    expect(changed.body.phone).toBe(wanted);
  });

  it("another borrower's proof does not move my phone anywhere", async () => {
    const me = await registerBorrower(t.http);
    const other = await registerBorrower(t.http);
    const before = (await t.http.get('/api/me/profile').set(bearer(me.token)).expect(200)).body;
    const theirs = freshPhone();
    const theirProof = await proofFor(theirs);
    await t.http.put('/api/me/profile').set(bearer(other.token)).send({ phone: theirs, phoneProof: theirProof }).expect(200);
    // Their proof names their new number: it does not prove mine, and their number is theirs (409).
    const mine = freshPhone();
    const problem = expectProblem(
      await t.http.put('/api/me/profile').set(bearer(me.token)).send({ phone: mine, phoneProof: theirProof }),
      403,
      'phone-not-verified',
    );
    expect(problem.fields).toEqual([{ name: 'phoneProof', message: expect.stringContaining('another number') }]);
    expectProblem(
      await t.http.put('/api/me/profile').set(bearer(me.token)).send({ phone: theirs, phoneProof: theirProof }),
      409,
      'already-registered',
    );
    expect((await t.http.get('/api/me/profile').set(bearer(me.token)).expect(200)).body).toEqual(before);
  });

  it('names bad and unknown fields and changes nothing; a phone in use is 409', async () => {
    const me = await registerBorrower(t.http);
    const other = await registerBorrower(t.http);
    const before = (await t.http.get('/api/me/profile').set(bearer(me.token)).expect(200)).body;
    expectFieldProblem(
      await t.http.put('/api/me/profile').set(bearer(me.token)).send({ name: 'X', phone: '12', income: 5 }),
      ['name', 'phone', 'income'],
      'validation-failed',
    );
    const otherPhone = (await t.http.get('/api/me/profile').set(bearer(other.token)).expect(200)).body.phone;
    expectProblem(
      await t.http
        .put('/api/me/profile')
        .set(bearer(me.token))
        .send({ phone: otherPhone, phoneProof: await proofFor(otherPhone) }),
      409,
      'already-registered',
    );
    expect((await t.http.get('/api/me/profile').set(bearer(me.token)).expect(200)).body).toEqual(before);
  });

  it('is for borrowers: anonymous 401, staff 403', async () => {
    expectProblem(await t.http.get('/api/me/profile'), 401, 'unauthenticated');
    expectProblem(
      await t.http
        .put('/api/me/profile')
        .set(bearer(await loginStaff(t.http)))
        .send({ name: 'Staff Person' }),
      403,
      'forbidden',
    );
  });
});
