import type { Job } from 'bullmq';
import type { JobDefinition } from '../../../platform/queue/job-definition.js';
import type { QueueBackend } from '../../../platform/queue/queue-backend.js';
import {
  COLLECTION_REMINDERS_QUEUE,
  SEND_REMINDER_JOB,
  SWEEP_REMINDERS_JOB,
  type CollectionReminders,
  type ReminderKey,
} from '../application/collection-reminders.js';

/**
 * Sends one collection reminder when its delay (the contact window) is over: re-checks the instalment, then emails
 * the borrower through communications' templates and outbox, and appends the outcome to the loan's stream
 * (CollectionReminderSent, or CollectionReminderSkipped when paid).
 */
export function sendReminderJob(reminders: CollectionReminders): JobDefinition {
  return {
    queue: COLLECTION_REMINDERS_QUEUE,
    name: SEND_REMINDER_JOB,
    process: (job: Job<ReminderKey>) => reminders.send(job.data),
  };
}

/** The reminders' outbox sweep (CollectionReminders.sweep), run by a job scheduler on the same queue. */
export function sweepRemindersJob(reminders: CollectionReminders): JobDefinition {
  return {
    queue: COLLECTION_REMINDERS_QUEUE,
    name: SWEEP_REMINDERS_JOB,
    process: () => reminders.sweep(),
  };
}

/** Upserted by every process at start (and again when Redis comes back): one schedule in the queue. */
export function scheduleReminderSweep(queue: QueueBackend, everyMs: number): Promise<void> {
  return queue.schedule(
    COLLECTION_REMINDERS_QUEUE,
    SWEEP_REMINDERS_JOB,
    { every: everyMs },
    { name: SWEEP_REMINDERS_JOB, data: {}, opts: { removeOnComplete: true, removeOnFail: 100 } },
  );
}
