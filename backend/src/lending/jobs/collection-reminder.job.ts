import type { Job } from 'bullmq';
import type { JobDefinition } from '../../platform/queue/job-definition.js';
import { COLLECTION_REMINDERS_QUEUE, SEND_REMINDER_JOB, type CollectionReminders, type ReminderKey } from '../application/collection-reminders.js';

/**
 * Sends one collection reminder when its delay (the contact window) is over: re-checks the instalment, then emails
 * the borrower through communications' templates and outbox, and records the outcome in collection_reminders.
 */
export function sendReminderJob(reminders: CollectionReminders): JobDefinition {
  return {
    queue: COLLECTION_REMINDERS_QUEUE,
    name: SEND_REMINDER_JOB,
    process: (job: Job<ReminderKey>) => reminders.send(job.data),
  };
}
