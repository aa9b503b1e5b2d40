import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import { createMigratedTestDatabase } from '../../../test/support/test-database.js';
import { EmailSecretBox } from '../application/emails/email-secret-box.js';
import { secretRef } from '../domain/email-secrets.js';
import { SECRET_GONE_ERROR } from '../domain/email.js';
import { LogEmailSender } from '../email-sender/log-email-sender.js';
import { sendEmailJob } from './send-email.job.js';

/**
 * The send job's handling of secrets where no queue is needed to show it: what the no-SMTP print carries in
 * production, and a secret sealed under another key. Real PostgreSQL; the job is called as BullMQ would call it.
 */
let database: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
const box = new EmailSecretBox('the-current-jwt-secret-0123456789');
const TOKEN = 'tok_prod_Zx9kq3AbCdEfGhIjKlMn';

beforeAll(async () => {
  database = await createMigratedTestDatabase('send_email_job');
});

afterAll(async () => {
  await database?.close();
});

async function insert(sealWith: EmailSecretBox = box): Promise<string> {
  const id = randomUUID();
  await database.db
    .insertInto('emails')
    .values({
      id,
      to_address: 'asha@example.com',
      subject: 'Choose a new password',
      text_body: `Open https://portal.test/Auth/confirm-password/${secretRef('reset-token')}`,
      status: 'queued',
      has_secrets: true,
    })
    .execute();
  await database.db
    .insertInto('email_secrets')
    .values({ email_id: id, sealed: sealWith.seal(id, { 'reset-token': TOKEN }), expires_at: new Date(Date.now() + 60_000) })
    .execute();
  return id;
}

const jobFor = (emailId: string) => ({ data: { emailId }, attemptsMade: 0, opts: { attempts: 5 } }) as unknown as Job;

describe('send-email job and secrets', () => {
  it('in production without SMTP_URL prints the message with the link redacted, never the token', async () => {
    const logs: string[] = [];
    const id = await insert();
    await sendEmailJob(database.db, new LogEmailSender((l) => logs.push(l), { printSecrets: false }), { box }).process(jobFor(id));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('https://portal.test/Auth/confirm-password/[redacted]');
    expect(logs[0]).not.toContain(TOKEN);
    const row = await database.db.selectFrom('emails').select(['status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('logged');
    expect(await database.db.selectFrom('email_secrets').select('email_id').where('email_id', '=', id).execute()).toEqual([]);
  });

  it('in development without SMTP_URL prints the working link to the server console', async () => {
    const logs: string[] = [];
    const id = await insert();
    await sendEmailJob(database.db, new LogEmailSender((l) => logs.push(l), { printSecrets: true }), { box }).process(jobFor(id));
    expect(logs[0]).toContain(`https://portal.test/Auth/confirm-password/${TOKEN}`);
  });

  it('a secret sealed under another JWT_SECRET does not open: the email fails at once, clearly, and nothing is printed', async () => {
    const logs: string[] = [];
    const id = await insert(new EmailSecretBox('an-older-jwt-secret-9876543210'));
    await expect(
      sendEmailJob(database.db, new LogEmailSender((l) => logs.push(l), { printSecrets: true }), { box }).process(jobFor(id)),
    ).rejects.toMatchObject({ name: 'UnrecoverableError' });
    expect(logs).toEqual([]);
    const row = await database.db.selectFrom('emails').select(['status', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', last_error: SECRET_GONE_ERROR });
  });

  it('a sealed secret moved onto another email row does not open there', () => {
    const sealed = box.seal('11111111-1111-4111-8111-111111111111', { 'reset-token': TOKEN });
    expect(box.open('11111111-1111-4111-8111-111111111111', sealed)).toEqual({ 'reset-token': TOKEN });
    expect(box.open('22222222-2222-4222-8222-222222222222', sealed)).toBeUndefined();
    expect(sealed).not.toContain(TOKEN);
  });
});

describe('send-email job and attachments', () => {
  it('hands the files to the sender; without SMTP_URL the print names them and their sizes, never their bytes', async () => {
    const id = randomUUID();
    const pdf = Buffer.from('%PDF-1.7 the-secret-bytes-of-the-agreement');
    await database.db
      .insertInto('emails')
      .values({ id, to_address: 'asha@example.com', subject: 'Your documents', text_body: 'Attached.', status: 'queued' })
      .execute();
    await database.db
      .insertInto('email_attachments')
      .values({
        email_id: id,
        position: 0,
        filename: 'agreement.pdf',
        content_type: 'application/pdf',
        size_bytes: pdf.length,
        content: pdf,
      })
      .execute();
    const logs: string[] = [];
    await sendEmailJob(database.db, new LogEmailSender((l) => logs.push(l), { printSecrets: true }), { box }).process(jobFor(id));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain(`attachments: agreement.pdf (${pdf.length} bytes)`);
    expect(logs[0]).not.toContain('the-secret-bytes');
    const sent: unknown[] = [];
    const id2 = randomUUID();
    await database.db
      .insertInto('emails')
      .values({ id: id2, to_address: 'asha@example.com', subject: 'Your documents', text_body: 'Attached.', status: 'queued' })
      .execute();
    await database.db
      .insertInto('email_attachments')
      .values({ email_id: id2, position: 0, filename: 'kfs.pdf', content_type: 'application/pdf', size_bytes: pdf.length, content: pdf })
      .execute();
    await sendEmailJob(database.db, { send: async (e) => (sent.push(e.attachments), { status: 'sent' }) }, { box }).process(jobFor(id2));
    expect(sent).toEqual([[{ filename: 'kfs.pdf', contentType: 'application/pdf', content: pdf }]]);
  });
});
