import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import type { JobDefinition } from '../../../platform/queue/job-definition.js';
import type { QueueBackend } from '../../../platform/queue/queue-backend.js';
import { addDays } from '../../loan/domain/calendar.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import {
  CLOSE_OF_BUSINESS_ACTOR,
  CLOSE_OF_BUSINESS_CHUNK,
  type Aged,
  type ChunkPhases,
  type CloseOfBusiness,
  type CloseOfBusinessResult,
} from '../application/close-of-business.js';

export const CLOSE_OF_BUSINESS_QUEUE = 'close-of-business';
export const AGE_LOANS_JOB = 'close-of-business.age-loans';
/** Its own queue: the nightly run waits for the chunks, which must not queue behind it. */
export const NIGHTLY_CLOSE_OF_BUSINESS_QUEUE = 'close-of-business-nightly';
export const NIGHTLY_CLOSE_OF_BUSINESS_JOB = 'close-of-business.nightly';
/** Five past midnight in BUSINESS_TIMEZONE: the business date has just moved on, and the day before is closed. */
export const NIGHTLY_CLOSE_OF_BUSINESS_PATTERN = '5 0 * * *';

type AgeLoansData = { date: string; loanIds: string[]; actor: Actor };

/** One chunk of a close of business: any number of workers take chunks, so more workers age the book faster. */
export function ageLoansJob(closeOfBusiness: CloseOfBusiness): JobDefinition {
  return {
    queue: CLOSE_OF_BUSINESS_QUEUE,
    name: AGE_LOANS_JOB,
    process: (job: Job<AgeLoansData>): Promise<Aged> => closeOfBusiness.ageLoans(job.data.loanIds, job.data.date, job.data.actor),
  };
}

/** The nightly run (a BullMQ job scheduler): closes the business day that just ended, in chunks. */
export function nightlyCloseOfBusinessJob(closeOfBusiness: CloseOfBusiness, queue: QueueBackend): JobDefinition {
  return {
    queue: NIGHTLY_CLOSE_OF_BUSINESS_QUEUE,
    name: NIGHTLY_CLOSE_OF_BUSINESS_JOB,
    process: async () =>
      closeOfBusinessInJobs(closeOfBusiness, queue, CLOSE_OF_BUSINESS_ACTOR, addDays(await closeOfBusiness.dateOf(undefined), -1)),
  };
}

/** Upserted by every process at start: one schedule in the queue, in the business time zone. */
export function scheduleNightlyCloseOfBusiness(queue: QueueBackend, timeZone: string): Promise<unknown> {
  return queue.schedule(
    NIGHTLY_CLOSE_OF_BUSINESS_QUEUE,
    NIGHTLY_CLOSE_OF_BUSINESS_JOB,
    { pattern: NIGHTLY_CLOSE_OF_BUSINESS_PATTERN, tz: timeZone },
    { name: NIGHTLY_CLOSE_OF_BUSINESS_JOB, data: {}, opts: { removeOnComplete: { age: 30 * 24 * 3600 }, removeOnFail: false } },
  );
}

/**
 * Close of business split into BullMQ jobs of `chunk` loans, one per page of the loans with something to record,
 * and waited for; the totals are summed from the jobs' answers (and, given `phases`, the seconds each chunk spent per phase). Job ids are per run (a run's own count must not be read from an earlier run's
 * job): two runs for one date may both enqueue a chunk, and the second appends nothing, as the decider guarantees.
 */
export async function closeOfBusinessInJobs(
  closeOfBusiness: CloseOfBusiness,
  queue: QueueBackend,
  actor: Actor,
  requested?: string,
  options: { chunk?: number; pollMs?: number; phases?: ChunkPhases } = {},
): Promise<CloseOfBusinessResult> {
  const date = await closeOfBusiness.dateOf(requested);
  const chunk = options.chunk ?? CLOSE_OF_BUSINESS_CHUNK;
  const run = randomUUID();
  const jobIds: string[] = [];
  for (let after: string | null = null; ;) {
    const loanIds = await closeOfBusiness.loanIdsAfter(after, chunk, date);
    if (loanIds.length === 0) break;
    const jobId = `cob-${date}-${run}-${jobIds.length + 1}`;
    const data: AgeLoansData = { date, loanIds, actor };
    await queue.add(CLOSE_OF_BUSINESS_QUEUE, AGE_LOANS_JOB, data, {
      jobId,
      attempts: 3,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: 24 * 3600 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
    jobIds.push(jobId);
    after = loanIds.at(-1)!;
  }
  const total: CloseOfBusinessResult = {
    date,
    loansProcessed: await closeOfBusiness.bookSize(),
    loansVisited: 0,
    eventsAppended: 0,
    remindersQueued: 0,
    presentationsDecided: 0,
    presentationsSent: 0,
  };
  const pending = new Set(jobIds);
  const jobs = queue.queue(CLOSE_OF_BUSINESS_QUEUE);
  while (pending.size > 0) {
    for (const id of [...pending]) {
      const state = await jobs.getJobState(id);
      if (state === 'unknown') throw new Error(`Close of business: job ${id} is gone`);
      if (state !== 'completed' && state !== 'failed') continue;
      // Read after the state: a job read before it completed has no answer yet.
      const job = (await jobs.getJob(id))!;
      if (state === 'failed') {
        if (job.attemptsMade >= (job.opts.attempts ?? 1)) throw new Error(`Close of business: chunk ${id} failed: ${job.failedReason}`);
        continue;
      }
      const aged = job.returnvalue as Aged;
      total.loansVisited += aged.loansVisited;
      total.eventsAppended += aged.eventsAppended;
      if (options.phases && aged.seconds)
        for (const phase of ['read', 'decide', 'append', 'project'] as const) options.phases[phase] += aged.seconds[phase];
      pending.delete(id);
    }
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 50));
  }
  await closeOfBusiness.recordDaysClosed(date, actor);
  return { ...total, ...(await closeOfBusiness.presentAutoDebits(date)), ...(await closeOfBusiness.queueReminders(date)) };
}
