import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { leadDetailSchema, leadSchema, leadStatusCountsSchema } from '../../src/origination/http/lead.schemas.js';
import { bearer, expectFieldProblem, expectProblem } from '../support/loan-api.js';
import { ADMIN, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: string;
let adminId: string;
/** Two sales agents (leads.work) and a viewer (neither leads permission). */
let asha: { token: string; id: string };
let ravi: { token: string; id: string };
let viewer: string;
let seq = 0;

/** A fresh Indian mobile per call, so leads only share a phone when a test says so. */
const phone = () => `9${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq).padStart(3, '0')}`;

async function staff(roleId: string) {
  const email = `staff.${randomUUID().slice(0, 8)}@test.local`;
  await t.http
    .post('/api/admin/users')
    .set(bearer(admin))
    .send({ name: `Agent ${roleId} ${email.slice(6, 10)}`, email, password: 'staff-password-1', roleId })
    .expect(201);
  const res = await t.http.post('/api/auth/login').send({ email, password: 'staff-password-1' }).expect(200);
  return { token: res.body.token as string, id: res.body.user._id as string };
}

const create = (body: Record<string, unknown>, token = admin) =>
  t.http
    .post('/api/admin/leads')
    .set(bearer(token))
    .send({ name: 'Walk In', phone: phone(), ...body });
const move = (id: string, body: Record<string, unknown>, token = admin, base = 'leads') =>
  t.http.post(`/api/admin/${base}/${id}/status`).set(bearer(token)).send(body);
const detail = async (id: string) =>
  leadDetailSchema.parse((await t.http.get(`/api/admin/leads/${id}`).set(bearer(admin)).expect(200)).body);
const counts = async () => ({
  leads: Number(
    (
      await t.runtime.db
        .selectFrom('leads')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  changes: Number(
    (
      await t.runtime.db
        .selectFrom('lead_changes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  notes: Number(
    (
      await t.runtime.db
        .selectFrom('lead_notes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

beforeAll(async () => {
  t = await startTestApp('leads');
  const res = await t.http.post('/api/auth/login').send(ADMIN).expect(200);
  admin = res.body.token;
  adminId = res.body.user._id;
  asha = await staff('sales-agent');
  ravi = await staff('sales-agent');
  viewer = (await staff('viewer')).token;
});

afterAll(async () => {
  await t?.close();
});

describe('leads (leads.manage)', () => {
  it('creates a lead with a normalised phone and an audited creation, assigned to an active agent', async () => {
    const res = await create({
      name: '  Meera   Iyer ',
      phone: '+91 98450-12345',
      email: 'Meera@Example.com',
      source: 'import',
      assignedTo: asha.id,
      followUpOn: '2026-12-01',
    }).expect(201);
    const lead = leadDetailSchema.parse(res.body);
    expect(lead).toMatchObject({
      name: 'Meera Iyer',
      phone: '+919845012345',
      email: 'meera@example.com',
      source: 'import',
      status: 'new',
      assignedTo: asha.id,
      followUpOn: '2026-12-01',
      borrowerId: null,
      createdBy: adminId,
    });
    expect(lead.assignedToName).toMatch(/^Agent sales-agent/);
    expect(lead.history.map((h) => [h.field, h.from, h.to, h.changedBy])).toEqual([
      ['status', null, 'new', adminId],
      ['assignedTo', null, asha.id, adminId],
    ]);
  });

  it('refuses bad fields, an unknown or disabled agent and quickStart as a source, and stores nothing', async () => {
    const before = await counts();
    expectFieldProblem(await create({ name: 'X', phone: '12345', email: 'nope', followUpOn: '2026-02-30' }), [
      'name',
      'phone',
      'email',
      'followUpOn',
    ]);
    expectFieldProblem(await create({ assignedTo: randomUUID() }), ['assignedTo']);
    expectFieldProblem(await create({ assignedTo: 'not-a-uuid' }), ['assignedTo']);
    expectFieldProblem(await create({ source: 'quickStart' }), ['source']);
    expectFieldProblem(await create({ unexpected: true }), ['unexpected']);
    const gone = await staff('sales-agent');
    await t.http.delete(`/api/admin/users/${gone.id}`).set(bearer(admin)).expect(200);
    expectFieldProblem(await create({ assignedTo: gone.id }), ['assignedTo']);
    expect(await counts()).toEqual(before);
  });

  it('lists with filters q/status/source/assignedTo, sorts and paginates with Content-Range', async () => {
    const tag = `Zed${randomUUID().slice(0, 6)}`;
    for (const [i, source] of (['agent', 'import', 'agent'] as const).entries())
      await create({ name: `${tag} ${i}`, source, assignedTo: i === 2 ? ravi.id : null }).expect(201);
    const page = await t.http
      .get('/api/admin/leads')
      .query({ filter: JSON.stringify({ q: tag }), sort: '["name","ASC"]', range: '[0,1]' })
      .set(bearer(admin))
      .expect(200);
    expect(page.headers['content-range']).toBe('leads 0-1/3');
    expect(
      z
        .array(leadSchema)
        .parse(page.body)
        .map((l) => l.name),
    ).toEqual([`${tag} 0`, `${tag} 1`]);
    const next = await t.http
      .get('/api/admin/leads')
      .query({ filter: JSON.stringify({ q: tag }), sort: '["name","ASC"]', range: '[2,3]' })
      .set(bearer(admin))
      .expect(200);
    expect(next.headers['content-range']).toBe('leads 2-2/3');
    const imports = await t.http
      .get('/api/admin/leads')
      .query({ filter: JSON.stringify({ q: tag, source: 'import' }) })
      .set(bearer(admin))
      .expect(200);
    expect(imports.body.map((l: { name: string }) => l.name)).toEqual([`${tag} 1`]);
    const ravis = await t.http
      .get('/api/admin/leads')
      .query({ filter: JSON.stringify({ q: tag, assignedTo: ravi.id, status: 'new' }) })
      .set(bearer(admin))
      .expect(200);
    expect(ravis.body.map((l: { name: string }) => l.name)).toEqual([`${tag} 2`]);
    expectFieldProblem(
      await t.http
        .get('/api/admin/leads')
        .query({ filter: JSON.stringify({ status: 'won' }) })
        .set(bearer(admin)),
      ['status'],
    );
    expectFieldProblem(await t.http.get('/api/admin/leads').query({ sort: '["phone","ASC"]' }).set(bearer(admin)), ['sort']);
  });

  it('moves new → contacted → interested → converted, linking an existing borrower, each move audited', async () => {
    const borrower = await registerBorrower(t.http, 'Kiran Shah');
    const { id } = (await create({}).expect(201)).body;
    await move(id, { status: 'contacted' }).expect(200);
    await move(id, { status: 'interested', reason: 'wants 2 lakh' }).expect(200);
    expectFieldProblem(await move(id, { status: 'converted', borrowerId: randomUUID() }), ['borrowerId']);
    expectFieldProblem(await move(id, { status: 'converted' }), ['borrowerId']);
    const converted = leadDetailSchema.parse((await move(id, { status: 'converted', borrowerId: borrower.user._id }).expect(200)).body);
    expect(converted).toMatchObject({ status: 'converted', borrowerId: borrower.user._id });
    expect(converted.history.slice(1).map((h) => [h.field, h.from, h.to, h.reason])).toEqual(
      [
        ['status', 'new', 'contacted', null],
        ['status', 'contacted', 'interested', 'wants 2 lakh'],
        ['status', 'interested', 'converted', null],
        ['borrowerId', null, borrower.user._id],
      ].map((r) => (r.length === 3 ? [...r, null] : r)),
    );
    // Converted is final.
    expectProblem(await move(id, { status: 'lost', reason: 'x' }), 409, 'illegal-transition');
  });

  it("converting without a borrowerId links the one borrower with the lead's phone or email, else asks for it", async () => {
    const p = phone();
    const email = `kavya.${randomUUID().slice(0, 6)}@example.com`;
    const registered = await t.http
      .post('/api/auth/register')
      .send({ name: 'Kavya Rao', email, phone: `+91${p}`, password: 'borrower-password' })
      .expect(201);
    const byPhone = (await create({ phone: p }).expect(201)).body;
    const byEmail = (await create({ email: email.toUpperCase() }).expect(201)).body;
    const nobody = (await create({}).expect(201)).body;
    for (const lead of [byPhone, byEmail, nobody]) {
      await move(lead.id, { status: 'contacted' }).expect(200);
      await move(lead.id, { status: 'interested' }).expect(200);
    }
    expect((await move(byPhone.id, { status: 'converted' }).expect(200)).body).toMatchObject({
      status: 'converted',
      borrowerId: registered.body.user._id,
    });
    expect((await move(byEmail.id, { status: 'converted', borrowerId: null }).expect(200)).body).toMatchObject({
      status: 'converted',
      borrowerId: registered.body.user._id,
    });
    expectFieldProblem(await move(nobody.id, { status: 'converted' }), ['borrowerId']);
    expect((await detail(nobody.id)).status).toBe('interested');
  });

  it('refuses an illegal move (409) and lost without a reason (400), changing nothing', async () => {
    const { id } = (await create({}).expect(201)).body;
    const before = await counts();
    const skip = expectProblem(await move(id, { status: 'converted', borrowerId: randomUUID() }), 409, 'illegal-transition');
    expect(skip).toMatchObject({ from: 'new', to: 'converted' });
    expectFieldProblem(await move(id, { status: 'lost' }), ['reason']);
    expectFieldProblem(await move(id, { status: 'lost', reason: '   ' }), ['reason']);
    expectFieldProblem(await move(id, { status: 'won' }), ['status']);
    expect(await counts()).toEqual(before);
    expect((await detail(id)).status).toBe('new');
    const lost = leadDetailSchema.parse((await move(id, { status: 'lost', reason: 'took a loan elsewhere' }).expect(200)).body);
    expect(lost).toMatchObject({ status: 'lost', lostReason: 'took a loan elsewhere' });
    expectProblem(await move(id, { status: 'contacted' }), 409, 'illegal-transition');
    expectProblem(await move(randomUUID(), { status: 'contacted' }), 404, 'not-found');
  });

  it('edits audit each changed field (who, when, from, to); notes are kept in order', async () => {
    const { id, phone: p } = (await create({ name: 'Old Name' }).expect(201)).body;
    const edited = leadDetailSchema.parse(
      (
        await t.http
          .put(`/api/admin/leads/${id}`)
          .set(bearer(admin))
          .send({ name: 'New Name', phone: p, email: null, followUpOn: '2026-12-24', assignedTo: ravi.id })
          .expect(200)
      ).body,
    );
    expect(edited.history.slice(1).map((h) => [h.field, h.from, h.to])).toEqual([
      ['name', 'Old Name', 'New Name'],
      ['followUpOn', null, '2026-12-24'],
      ['assignedTo', null, ravi.id],
    ]);
    expect(edited.history.every((h) => h.changedBy === adminId && !Number.isNaN(Date.parse(h.changedAt)))).toBe(true);
    await t.http.post(`/api/admin/leads/${id}/notes`).set(bearer(admin)).send({ text: 'Called, no answer.' }).expect(201);
    const withNotes = leadDetailSchema.parse(
      (await t.http.post(`/api/admin/leads/${id}/notes`).set(bearer(admin)).send({ text: 'Call back\nafter 6pm' }).expect(201)).body,
    );
    expect(withNotes.notes.map((n) => [n.text, n.authorId])).toEqual([
      ['Called, no answer.', adminId],
      ['Call back\nafter 6pm', adminId],
    ]);
    const before = await counts();
    expectFieldProblem(await t.http.post(`/api/admin/leads/${id}/notes`).set(bearer(admin)).send({ text: '' }), ['text']);
    expectFieldProblem(await t.http.put(`/api/admin/leads/${id}`).set(bearer(admin)).send({ name: 'New Name', phone: 'x' }), ['phone']);
    expect(await counts()).toEqual(before);
  });

  it('flags duplicates by normalised phone and by email ignoring case', async () => {
    const p = phone();
    const first = (await create({ phone: p, email: 'dup.one@example.com' }).expect(201)).body;
    const samePhone = (await create({ phone: `+91 ${p.slice(0, 5)} ${p.slice(5)}` }).expect(201)).body;
    const sameEmail = (await create({ email: 'DUP.ONE@example.COM' }).expect(201)).body;
    const stranger = (await create({ email: 'someone.else@example.com' }).expect(201)).body;
    expect((await detail(first.id)).duplicates.sort()).toEqual([samePhone.id, sameEmail.id].sort());
    expect((await detail(samePhone.id)).duplicates).toEqual([first.id]);
    expect((await detail(stranger.id)).duplicates).toEqual([]);
    const listed = await t.http
      .get('/api/admin/leads')
      .query({ filter: JSON.stringify({ id: [first.id, stranger.id] }) })
      .set(bearer(admin))
      .expect(200);
    expect(Object.fromEntries(listed.body.map((l: { id: string; duplicates: string[] }) => [l.id, l.duplicates.length]))).toEqual({
      [first.id]: 2,
      [stranger.id]: 0,
    });
  });
});

describe("an agent's own leads (leads.work)", () => {
  it('a walk-in the agent creates is assigned to them with source agent', async () => {
    const res = await t.http
      .post('/api/admin/agent-leads')
      .set(bearer(asha.token))
      .send({ name: 'Walk-in Customer', phone: phone() })
      .expect(201);
    expect(leadDetailSchema.parse(res.body)).toMatchObject({ source: 'agent', assignedTo: asha.id, createdBy: asha.id, status: 'new' });
    expectFieldProblem(
      await t.http.post('/api/admin/agent-leads').set(bearer(asha.token)).send({ name: 'Walk-in', phone: phone(), assignedTo: ravi.id }),
      ['assignedTo'],
    );
  });

  it("lists only the agent's leads, follow-ups due today first; another agent's lead is 404 for every action and unchanged", async () => {
    const today = (await t.http.get('/api/admin/business-date').set(bearer(admin)).expect(200)).body.date as string;
    const mine = async (name: string, followUpOn: string | null) =>
      (await t.http.post('/api/admin/agent-leads').set(bearer(ravi.token)).send({ name, phone: phone(), followUpOn }).expect(201)).body
        .id as string;
    await mine('Later', '2099-01-01');
    await mine('No date', null);
    await mine('Due today', today);
    await mine('Overdue', '2020-01-01');
    const list = await t.http.get('/api/admin/agent-leads').set(bearer(ravi.token)).expect(200);
    const names = (list.body as { name: string; assignedTo: string }[]).map((l) => l.name);
    expect(names.slice(0, 2)).toEqual(['Due today', 'Overdue']);
    expect(names.indexOf('Later')).toBeLessThan(names.indexOf('No date'));
    expect((list.body as { assignedTo: string }[]).every((l) => l.assignedTo === ravi.id)).toBe(true);
    expect(list.headers['content-range']).toMatch(/^agentLeads 0-\d+\/\d+$/);

    const ashas = (
      await t.http.post('/api/admin/agent-leads').set(bearer(asha.token)).send({ name: 'Asha Only', phone: phone() }).expect(201)
    ).body;
    const before = await counts();
    expectProblem(await t.http.get(`/api/admin/agent-leads/${ashas.id}`).set(bearer(ravi.token)), 404, 'not-found');
    expectProblem(
      await t.http.put(`/api/admin/agent-leads/${ashas.id}`).set(bearer(ravi.token)).send({ name: 'Stolen', phone: phone() }),
      404,
      'not-found',
    );
    expectProblem(await move(ashas.id, { status: 'contacted' }, ravi.token, 'agent-leads'), 404, 'not-found');
    expectProblem(
      await t.http.post(`/api/admin/agent-leads/${ashas.id}/notes`).set(bearer(ravi.token)).send({ text: 'hi' }),
      404,
      'not-found',
    );
    expect(await counts()).toEqual(before);
    expect(names).not.toContain('Asha Only');

    // Asha works her own lead.
    await move(ashas.id, { status: 'contacted' }, asha.token, 'agent-leads').expect(200);
    await t.http.post(`/api/admin/agent-leads/${ashas.id}/notes`).set(bearer(asha.token)).send({ text: 'Met at branch' }).expect(201);
    const own = leadDetailSchema.parse((await t.http.get(`/api/admin/agent-leads/${ashas.id}`).set(bearer(asha.token)).expect(200)).body);
    expect(own).toMatchObject({ status: 'contacted', notes: [expect.objectContaining({ text: 'Met at branch', authorId: asha.id })] });
  });

  it('a sales agent may not reach every lead, a viewer neither, a borrower nowhere (403)', async () => {
    expectProblem(await t.http.get('/api/admin/leads').set(bearer(asha.token)), 403, 'missing-permission');
    expectProblem(await t.http.get('/api/admin/agent-leads').set(bearer(viewer)), 403, 'missing-permission');
    expectProblem(
      await t.http.post('/api/admin/leads').set(bearer(viewer)).send({ name: 'X Y', phone: phone() }),
      403,
      'missing-permission',
    );
    const borrower = await registerBorrower(t.http, 'Nosy Borrower');
    expectProblem(await t.http.get('/api/admin/leads').set(bearer(borrower.token)), 403, 'forbidden');
    expectProblem(await t.http.get('/api/admin/agent-leads').set(bearer(borrower.token)), 403, 'forbidden');
  });
});

describe('the leadStatus panel', () => {
  it('counts leads created in the period by status and by source; refuses a reversed period', async () => {
    const today = (await t.http.get('/api/admin/business-date').set(bearer(admin)).expect(200)).body.date as string;
    const before = leadStatusCountsSchema.parse(
      (await t.http.get('/api/admin/lead-status').query({ from: today, to: today }).set(bearer(admin)).expect(200)).body,
    );
    const lost = (await create({ source: 'import' }).expect(201)).body;
    await move(lost.id, { status: 'lost', reason: 'no need' }).expect(200);
    await create({ source: 'agent' }).expect(201);
    const after = leadStatusCountsSchema.parse(
      (await t.http.get('/api/admin/lead-status').query({ from: today, to: today }).set(bearer(admin)).expect(200)).body,
    );
    expect(after.total - before.total).toBe(2);
    expect(after.byStatus.lost - before.byStatus.lost).toBe(1);
    expect(after.byStatus.new - before.byStatus.new).toBe(1);
    expect(after.bySource.import - before.bySource.import).toBe(1);
    expect(after.bySource.agent - before.bySource.agent).toBe(1);
    const past = leadStatusCountsSchema.parse(
      (await t.http.get('/api/admin/lead-status').query({ from: '2020-01-01', to: '2020-01-31' }).set(bearer(admin)).expect(200)).body,
    );
    expect(past).toMatchObject({ from: '2020-01-01', to: '2020-01-31', total: 0 });
    const defaults = leadStatusCountsSchema.parse((await t.http.get('/api/admin/lead-status').set(bearer(admin)).expect(200)).body);
    expect(defaults.to).toBe(today);
    expect(defaults.total).toBeGreaterThanOrEqual(after.total);
    expectFieldProblem(await t.http.get('/api/admin/lead-status').query({ from: today, to: '2020-01-01' }).set(bearer(admin)), ['from']);
    // Dates PostgreSQL cannot hold, or that do not exist, are the caller's mistake (the API fuzz found year 0).
    expectFieldProblem(await t.http.get('/api/admin/lead-status').query({ to: '0000-01-01' }).set(bearer(admin)), ['to']);
    expectFieldProblem(await t.http.get('/api/admin/lead-status').query({ from: '2026-02-30' }).set(bearer(admin)), ['from']);
    expectFieldProblem(await t.http.get('/api/admin/lead-status').query({ from: 'yesterday' }).set(bearer(admin)), ['from']);
    expectProblem(await t.http.get('/api/admin/lead-status').set(bearer(asha.token)), 403, 'missing-permission');
  });
});
