import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Job } from 'bullmq';
import { createMigratedTestDatabase } from '../../../test/support/test-database.js';
import { RecordingPushSender } from '../push-sender/recording-push-sender.js';
import { sendPushJob } from './send-push.job.js';

/**
 * The send job's outcomes where no queue is needed to show them: retries of an outage and the last attempt, a dead
 * token, a device gone meanwhile, a duplicate job. Real PostgreSQL; the job is called as BullMQ would call it, and
 * the development adapter plays FCM through its configured prefixes.
 */
let database: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
let userId: string;
const lines: string[] = [];
const sender = new RecordingPushSender((l) => lines.push(l), { invalidTokenPrefix: 'dead-', failingTokenPrefix: 'down-' });
const job = (pushId: string, attemptsMade = 0) => ({ data: { pushId }, attemptsMade, opts: { attempts: 5 } }) as unknown as Job;
const options = { endpoint: 'https://fcm.googleapis.com/fcm/send/x', auth: 'a', p256dh: 'p', swScope: '/', vapidKey: 'v' };

beforeAll(async () => {
  database = await createMigratedTestDatabase('send_push_job');
  userId = randomUUID();
  await database.db
    .insertInto('users')
    .values({ id: userId, email: `${userId}@example.com`, name: 'Push Person', role: 'borrower', password_hash: 'x' } as never)
    .execute();
});

afterAll(async () => {
  await database?.close();
});

async function pushTo(tokenPrefix: string): Promise<{ pushId: string; tokenId: string }> {
  const token = await database.db
    .insertInto('push_tokens')
    .values({
      user_id: userId,
      session_id: randomUUID(),
      device_id: randomUUID(),
      token: `${tokenPrefix}${randomUUID()}`,
      options: JSON.stringify(options) as never,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const push = await database.db
    .insertInto('pushes')
    .values({
      dedupe_key: randomUUID(),
      user_id: userId,
      token_id: token.id,
      token_tail: '…abcdef',
      topic: 'loan-disbursed',
      title: 'Money sent',
      body: 'Loan X was paid out.',
      link: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { pushId: push.id, tokenId: token.id };
}

const rowOf = (id: string) =>
  database.db.selectFrom('pushes').select(['status', 'attempts', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();

describe('send-push job', () => {
  it('records (logged) without sending when no Firebase is configured, printing only the token tail; a duplicate job sends nothing', async () => {
    const { pushId } = await pushTo('fcm-');
    expect(await sendPushJob(database.db, sender).process(job(pushId))).toEqual({ logged: pushId });
    expect(await rowOf(pushId)).toEqual({ status: 'logged', attempts: 1, last_error: null });
    expect(lines.at(-1)).toContain('Money sent');
    expect(lines.at(-1)).not.toMatch(/fcm-[0-9a-f]{8}/);
    const printed = lines.length;
    expect(await sendPushJob(database.db, sender).process(job(pushId))).toEqual({ skipped: pushId });
    expect(lines.length).toBe(printed);
  });

  it('an outage is recorded and rethrown for BullMQ to retry; the last attempt leaves it failed', async () => {
    const { pushId } = await pushTo('down-');
    await expect(sendPushJob(database.db, sender).process(job(pushId, 0))).rejects.toThrow(/unavailable/);
    expect(await rowOf(pushId)).toMatchObject({ status: 'queued', attempts: 1, last_error: expect.stringContaining('unavailable') });
    await expect(sendPushJob(database.db, sender).process(job(pushId, 4))).rejects.toThrow(/unavailable/);
    expect(await rowOf(pushId)).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('a token FCM no longer knows is removed with the outcome token-removed', async () => {
    const { pushId, tokenId } = await pushTo('dead-');
    expect(await sendPushJob(database.db, sender).process(job(pushId))).toEqual({ tokenRemoved: pushId });
    expect(await rowOf(pushId)).toMatchObject({ status: 'token-removed', last_error: expect.stringContaining('not-registered') });
    expect(await database.db.selectFrom('push_tokens').select('id').where('id', '=', tokenId).executeTakeFirst()).toBeUndefined();
  });

  it('two pushes to one dead token sent at once: only the one that removed the registration says token-removed, the other is skipped with the reason', async () => {
    const { pushId: first, tokenId } = await pushTo('dead-');
    const push = await database.db.selectFrom('pushes').selectAll().where('id', '=', first).executeTakeFirstOrThrow();
    const second = (
      await database.db
        .insertInto('pushes')
        .values({ ...push, id: randomUUID(), dedupe_key: randomUUID(), topic: 'agreement-issued', attempts: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    // FCM answers both only once both have been sent: each job has read the registration before either removes it.
    let release!: () => void;
    const bothSent = new Promise<void>((resolve) => (release = resolve));
    let sends = 0;
    const atOnce = {
      send: async () => {
        if (++sends === 2) release();
        await bothSent;
        return { status: 'unregistered' as const, reason: 'messaging/registration-token-not-registered' };
      },
    };
    const outcomes = await Promise.all([first, second].map((id) => sendPushJob(database.db, atOnce).process(job(id))));
    expect(sends).toBe(2);
    const rows = await Promise.all([first, second].map(rowOf));
    expect(rows.map((r) => r.status).sort()).toEqual(['skipped', 'token-removed']);
    const removedBy = rows[0].status === 'token-removed' ? first : second;
    expect(outcomes).toContainEqual({ tokenRemoved: removedBy });
    expect(outcomes).toContainEqual({ skipped: removedBy === first ? second : first });
    expect(rows.find((r) => r.status === 'skipped')!.last_error).toMatch(
      /registration-token-not-registered: another push .* removed its registration/,
    );
    expect(await database.db.selectFrom('push_tokens').select('id').where('id', '=', tokenId).executeTakeFirst()).toBeUndefined();
  });

  it('a message FCM refuses (invalid-argument: a payload error) fails the push at once and keeps the device', async () => {
    const { pushId, tokenId } = await pushTo('fcm-');
    // What the Firebase adapter answers for messaging/invalid-argument (fcm-errors.ts: rejected, not a dead token).
    const refusing = {
      send: () =>
        Promise.resolve({ status: 'rejected' as const, reason: 'messaging/invalid-argument: The link is not a valid HTTPS URL.' }),
    };
    expect(await sendPushJob(database.db, refusing).process(job(pushId, 0))).toEqual({ failed: pushId });
    expect(await rowOf(pushId)).toEqual({
      status: 'failed',
      attempts: 1,
      last_error: expect.stringContaining('messaging/invalid-argument'),
    });
    expect(await database.db.selectFrom('push_tokens').select('id').where('id', '=', tokenId).executeTakeFirst()).toEqual({ id: tokenId });
  });

  it('a device that unregistered before the job ran is skipped, not sent', async () => {
    const { pushId, tokenId } = await pushTo('fcm-');
    await database.db.deleteFrom('push_tokens').where('id', '=', tokenId).execute();
    expect(await sendPushJob(database.db, sender).process(job(pushId))).toEqual({ skipped: pushId });
    expect(await rowOf(pushId)).toMatchObject({ status: 'skipped', last_error: expect.stringContaining('unregistered') });
  });
});
