import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import {
  COLLECTION_REMINDERS_QUEUE,
  CollectionReminders,
  reminderJobId,
} from '../../../src/lending/collections/application/collection-reminders.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Issue 16, the collection reminders' outbox: a reminder recorded by close of business whose job never reached the
 * queue (Redis was down, or restarted without its data) is handed to the queue by the sweep, once, delayed to its
 * contact window; a reminder whose job the queue holds, or one recorded a moment ago, is left alone.
 */
let t: TestApp;
let reminders: CollectionReminders;

const reminder = (scheduledFor: Date, createdAgoMs: number) => ({
  loan_id: randomUUID(),
  instalment_number: 1,
  offset_days: -3,
  kind: 'due-soon' as const,
  due_on: '2026-12-21',
  scheduled_for: scheduledFor,
  created_at: sql<Date>`now() - ${createdAgoMs} * interval '1 millisecond'`,
});
const keyOf = (row: { loan_id: string }) => ({ loanId: row.loan_id, instalmentNumber: 1, offsetDays: -3 });

beforeAll(async () => {
  t = await startTestApp('reminders_sweep', { EMAIL_STALE_AFTER_MS: '1000' });
  reminders = t.app.get(CollectionReminders);
});

afterAll(async () => {
  await t?.close();
});

describe('the collection reminders sweep', () => {
  it('given a queued reminder with no job, when swept, then its job is added once, delayed to its contact window', async () => {
    const later = new Date(Date.now() + 3_600_000);
    const lost = reminder(later, 60_000);
    const fresh = reminder(later, 0);
    await t.runtime.db.insertInto('collection_reminders').values([lost, fresh]).execute();

    expect(await reminders.sweep()).toEqual({ requeued: 1 });
    const queue = t.runtime.queue.queue(COLLECTION_REMINDERS_QUEUE);
    const job = await queue.getJob(reminderJobId(keyOf(lost)));
    expect(job?.data).toEqual(keyOf(lost));
    expect(await job?.getState()).toBe('delayed');
    // About an hour away (the sweep's own clock read is a moment later than ours).
    expect(job!.opts.delay).toBeGreaterThan(3_500_000);
    expect(job!.opts.delay).toBeLessThanOrEqual(3_600_000);
    expect(await queue.getJob(reminderJobId(keyOf(fresh)))).toBeUndefined();

    // The job is there now: a second sweep adds nothing.
    expect(await reminders.sweep()).toEqual({ requeued: 0 });
  });

  it('given a reminder already sent, when swept, then nothing is added', async () => {
    const sent = { ...reminder(new Date(), 60_000), status: 'sent' as const };
    await t.runtime.db.insertInto('collection_reminders').values(sent).execute();
    expect(await reminders.sweep()).toEqual({ requeued: 0 });
    expect(await t.runtime.queue.queue(COLLECTION_REMINDERS_QUEUE).getJob(reminderJobId(keyOf(sent)))).toBeUndefined();
  });
});
