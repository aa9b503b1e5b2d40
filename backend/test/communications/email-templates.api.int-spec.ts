import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { LOAN_EMAILS_SUBSCRIPTION } from '../../src/communications/jobs/loan-emails.subscription.js';
import { emailTemplateSchema, renderedEmailSchema } from '../../src/communications/http/email-template.schemas.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { verifyProjections } from '../../src/platform/projections/verify.js';
import { PlatformRegistry } from '../../src/platform/registry.js';
import { SubscriptionRunner } from '../../src/platform/subscriptions/subscription-runner.js';
import { bearer, expectFieldProblem, expectProblem, loanIn } from '../support/loan-api.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let staff: string;

const templates = () => t.runtime.db.selectFrom('email_templates').selectAll();
const body = (over: Record<string, unknown> = {}) => ({
  name: 'Disbursal, warm',
  event: 'loan-disbursed',
  subject: 'Money on its way: {{loanReference}}',
  html: '<p>Dear {{borrowerName}}, {{amount}} is paid out (ref {{payoutReference}}).</p>',
  text: 'Dear {{borrowerName}}, {{amount}} is paid out (ref {{payoutReference}}).',
  active: true,
  ...over,
});

async function staffWith(permissions: string[]): Promise<string> {
  const role = await t.http
    .post('/api/admin/roles')
    .set(bearer(staff))
    .send({ name: `Role ${randomUUID().slice(0, 6)}`, permissions })
    .expect(201);
  const email = `staff.${randomUUID().slice(0, 8)}@test.local`;
  await t.http
    .post('/api/admin/users')
    .set(bearer(staff))
    .send({ name: 'Staff member', email, password: 'staff-password-1', roleId: role.body.id })
    .expect(201);
  return (await t.http.post('/api/auth/login').send({ email, password: 'staff-password-1' }).expect(200)).body.token as string;
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function runLoanEmails() {
  const subscription = t.app.get(PlatformRegistry).subscriptions.find((s) => s.name === LOAN_EMAILS_SUBSCRIPTION)!;
  return new SubscriptionRunner(t.runtime.db, t.app.get<EventStore>(EVENT_STORE), t.database.url, [subscription]);
}

beforeAll(async () => {
  t = await startTestApp('templates');
  staff = await loginStaff(t.http);
});

afterAll(async () => {
  await t?.close();
});

describe('the shipped templates', () => {
  it('are seeded once, active, one per event', async () => {
    const res = await t.http.get('/api/admin/email-templates').query({ range: '[0,99]' }).set(bearer(staff)).expect(200);
    const rows = z.array(emailTemplateSchema).parse(res.body);
    expect(res.headers['content-range']).toMatch(/^email-templates 0-\d+\/\d+$/);
    const events = (await t.http.get('/api/admin/email-template-events').set(bearer(staff)).expect(200)).body as { key: string }[];
    expect(
      rows
        .filter((r) => r.shipped && r.active)
        .map((r) => r.event)
        .sort(),
    ).toEqual(events.map((e) => e.key).sort());
    expect(rows.every((r) => r.version === 1 && r.updatedBy === 'system')).toBe(true);
  });

  it('the password reset email is rendered from the active password-reset template and records its version', async () => {
    const reset = await templates().where('event', '=', 'password-reset').where('active', '=', true).executeTakeFirstOrThrow();
    await t.http.post('/api/auth/forgot-password').send({ email: 'admin@test.local' }).expect(202);
    const email = await t.runtime.db
      .selectFrom('emails')
      .selectAll()
      .where('template', '=', 'password-reset')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect({ id: email.template_id, version: email.template_version }).toEqual({ id: reset.id, version: 1 });
    expect(email.text_body).toContain('/Auth/confirm-password/{{secret:reset-token}}');
    expect(email.html_body).toContain('href="http');
    const shown = await t.http.get(`/api/admin/emails/${email.id}`).set(bearer(staff)).expect(200);
    expect(shown.body.text).toContain('/Auth/confirm-password/[redacted]');
    expect(shown.body).toMatchObject({ templateId: reset.id, templateVersion: 1 });
  });
});

describe('staff write a template', () => {
  it('creates it as version 1, active, and the event’s other template is deactivated', async () => {
    const res = await t.http.post('/api/admin/email-templates').set(bearer(staff)).send(body()).expect(201);
    const created = emailTemplateSchema.parse(res.body);
    expect(created).toMatchObject({ version: 1, active: true, shipped: false, event: 'loan-disbursed' });
    const active = await templates().where('event', '=', 'loan-disbursed').where('active', '=', true).execute();
    expect(active.map((r) => r.id)).toEqual([created.id]);
  });

  it('each change is the next version, kept in the history; an unchanged save makes none', async () => {
    const created = (
      await t.http
        .post('/api/admin/email-templates')
        .set(bearer(staff))
        .send(body({ name: 'Draft', active: false }))
        .expect(201)
    ).body;
    const edited = (
      await t.http
        .put(`/api/admin/email-templates/${created.id}`)
        .set(bearer(staff))
        .send(body({ name: 'Draft', active: false, subject: 'Paid out' }))
        .expect(200)
    ).body;
    expect(edited.version).toBe(2);
    const same = (
      await t.http
        .put(`/api/admin/email-templates/${created.id}`)
        .set(bearer(staff))
        .send(body({ name: 'Draft', active: false, subject: 'Paid out' }))
        .expect(200)
    ).body;
    expect(same.version).toBe(2);
    const versions = (await t.http.get(`/api/admin/email-templates/${created.id}/versions`).set(bearer(staff)).expect(200)).body;
    expect(versions.map((v: { version: number; subject: string }) => [v.version, v.subject])).toEqual([
      [2, 'Paid out'],
      [1, 'Money on its way: {{loanReference}}'],
    ]);
  });

  it('previews the saved template, or a draft, with the event’s sample data', async () => {
    const created = (
      await t.http
        .post('/api/admin/email-templates')
        .set(bearer(staff))
        .send(body({ name: 'Preview me', active: false }))
        .expect(201)
    ).body;
    const saved = renderedEmailSchema.parse(
      (await t.http.post(`/api/admin/email-templates/${created.id}/preview`).set(bearer(staff)).send({}).expect(200)).body,
    );
    expect(saved.subject).toBe('Money on its way: 3F2A91C0');
    expect(saved.html).toBe('<p>Dear Asha Rao, ₹1,00,000.00 is paid out (ref UTR3F2A91C0).</p>');
    const draft = (
      await t.http
        .post(`/api/admin/email-templates/${created.id}/preview`)
        .set(bearer(staff))
        .send({ text: 'Hi {{borrowerName}}' })
        .expect(200)
    ).body;
    expect(draft.text).toBe('Hi Asha Rao');
    expectFieldProblem(
      await t.http.post(`/api/admin/email-templates/${created.id}/preview`).set(bearer(staff)).send({ text: 'Hi {{nope}}' }),
      ['text'],
      'validation-failed',
    );
  });
});

describe('template injection is refused when saved, and nothing is stored', () => {
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ['a prototype path', { subject: '{{constructor.constructor}}' }, 'subject', /constructor\.constructor.*not a variable/],
    ['a script through a triple-stash', { html: '<p>{{{borrowerName}}}</p><script>{{{amount}}}</script>' }, 'html', /unescaped output/],
    ['an unknown variable', { text: 'Dear {{firstName}}' }, 'text', /\{\{firstName\}\} is not a variable of this event/],
    ['a helper', { html: '{{lookup borrowerName "length"}}' }, 'html', /helpers are not allowed/],
    ['a partial', { html: '{{> layout}}' }, 'html', /partials/],
  ];
  it.each(cases)('%s', async (_what, change, field, message) => {
    const before = await templates().execute();
    const res = await t.http.post('/api/admin/email-templates').set(bearer(staff)).send(body(change));
    const fields = expectFieldProblem(res, [field], 'validation-failed');
    expect(fields.find((f) => f.name === field)!.message).toMatch(message);
    const existing = before.find((r) => r.event === 'loan-disbursed' && r.active)!;
    const put = await t.http.put(`/api/admin/email-templates/${existing.id}`).set(bearer(staff)).send(body(change));
    expectFieldProblem(put, [field], 'validation-failed');
    expect(await templates().execute()).toEqual(before);
  });

  it('a script in a borrower’s name reaches the HTML escaped', async () => {
    const created = (
      await t.http
        .post('/api/admin/email-templates')
        .set(bearer(staff))
        .send(body({ name: 'Escapes', active: false }))
        .expect(201)
    ).body;
    const preview = (
      await t.http
        .post(`/api/admin/email-templates/${created.id}/preview`)
        .set(bearer(staff))
        .send({ html: '<b>{{borrowerName}}</b>' })
        .expect(200)
    ).body;
    expect(preview.html).toBe('<b>Asha Rao</b>');
  });

  it('bad bodies are 400 per field; an unknown id is 404', async () => {
    expectFieldProblem(
      await t.http
        .post('/api/admin/email-templates')
        .set(bearer(staff))
        .send({ ...body(), event: 'loan-exploded', extra: 1 }),
      ['event', 'extra'],
    );
    expectProblem(await t.http.get(`/api/admin/email-templates/${randomUUID()}`).set(bearer(staff)), 404, 'not-found');
    expectFieldProblem(await t.http.get('/api/admin/email-templates/not-a-uuid').set(bearer(staff)), ['id']);
  });
});

describe('who may', () => {
  it('a borrower is 403; staff without templates.manage are 403 and change nothing; the right staff succeed', async () => {
    const borrower = await registerBorrower(t.http);
    const before = await templates().execute();
    expectProblem(await t.http.get('/api/admin/email-templates').set(bearer(borrower.token)), 403, 'forbidden');
    const emailsOnly = await staffWith(['emails.view']);
    expectProblem(await t.http.get('/api/admin/email-templates').set(bearer(emailsOnly)), 403, 'missing-permission');
    expectProblem(await t.http.post('/api/admin/email-templates').set(bearer(emailsOnly)).send(body()), 403, 'missing-permission');
    expect(await templates().execute()).toEqual(before);
    const editor = await staffWith(['templates.manage']);
    await t.http.get('/api/admin/email-templates').set(bearer(editor)).expect(200);
  });
});

describe('loan events become emails through the active template', () => {
  it('a disbursal sends one email from the staff template (version recorded), once however often the event is read', async () => {
    const template = (
      await t.http
        .post('/api/admin/email-templates')
        .set(bearer(staff))
        .send(body({ name: 'Disbursal v2', subject: 'Paid: {{loanReference}} {{loanType}}' }))
        .expect(201)
    ).body;
    const borrower = await registerBorrower(t.http, 'Neha <b>Kapoor</b>');
    const loan = await loanIn(t.http, 'active', borrower.token, staff);
    const sent = () =>
      t.runtime.db
        .selectFrom('emails')
        .selectAll()
        .where('user_id', '=', borrower.user._id)
        .where('template', '=', 'loan-disbursed')
        .execute();
    // The runner reads only events whose transaction no open one precedes (gap-safe): read until the disbursal is seen.
    await until(async () => (await runLoanEmails().catchUp(), (await sent()).length > 0), 'the disbursal email');
    const first = await sent();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      template_id: template.id,
      template_version: 1,
      subject: `Paid: ${loan.id.slice(0, 8).toUpperCase()} EMI loan`,
      status: 'queued',
    });
    expect(first[0].html_body).toContain('Dear Neha &lt;b&gt;Kapoor&lt;/b&gt;, ₹1,00,000.00 is paid out (ref UTR-');
    // The other events of the pipeline used the shipped templates; events before they existed sent nothing.
    const others = await t.runtime.db.selectFrom('emails').select('template').where('user_id', '=', borrower.user._id).execute();
    // An issued agreement sends one email (its terms and the e-sign link), not an "agreement issued" one as well.
    expect(others.map((o) => o.template).sort()).toEqual([
      'agreement-sign-link',
      'application-received',
      'loan-approved',
      'loan-disbursed',
    ]);

    // Read again from the start (a lost checkpoint): nothing new is written.
    await t.runtime.db.deleteFrom('subscription_checkpoints').where('name', '=', LOAN_EMAILS_SUBSCRIPTION).execute();
    await runLoanEmails().catchUp();
    expect(await sent()).toHaveLength(1);
    expect(await t.runtime.db.selectFrom('emails').select('id').where('user_id', '=', borrower.user._id).execute()).toHaveLength(4);
  });

  it('no active template for an event: no email', async () => {
    const active = await templates().where('event', '=', 'loan-rejected').where('active', '=', true).executeTakeFirstOrThrow();
    await t.http
      .put(`/api/admin/email-templates/${active.id}`)
      .set(bearer(staff))
      .send({ name: active.name, event: active.event, subject: active.subject, html: active.html, text: active.text, active: false })
      .expect(200);
    const borrower = await registerBorrower(t.http);
    const loan = await loanIn(t.http, 'rejected', borrower.token, staff);
    const checkpoint = async () =>
      (
        await t.runtime.db
          .selectFrom('subscription_checkpoints')
          .select('global_position')
          .where('name', '=', LOAN_EMAILS_SUBSCRIPTION)
          .executeTakeFirst()
      )?.global_position;
    const rejection = await t.runtime.db
      .selectFrom('events')
      .select('global_position')
      .where('stream_id', '=', `loan-${loan.id}`)
      .where('type', '=', 'LoanRejected')
      .executeTakeFirstOrThrow();
    await until(
      async () => (await runLoanEmails().catchUp(), Number(await checkpoint()) >= Number(rejection.global_position)),
      'the rejection to be read',
    );
    const rows = await t.runtime.db.selectFrom('emails').select('template').where('user_id', '=', borrower.user._id).execute();
    expect(rows.map((r) => r.template)).not.toContain('loan-rejected');
  });

  it('the loan contacts read model replays exactly', async () => {
    const report = await verifyProjections(t.runtime.db, t.app.get(PlatformRegistry).projections);
    expect(report.tables).toContain('email_loan_contacts');
    expect(report.differences).toEqual([]);
  });
});
