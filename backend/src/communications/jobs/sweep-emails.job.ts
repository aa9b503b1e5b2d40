import type { JobDefinition } from '../../platform/queue/job-definition.js';
import { EMAIL_QUEUE, SWEEP_EMAILS_JOB } from '../application/emails/email-delivery.js';
import type { EmailSweeper } from '../application/emails/email-sweeper.js';

/** Run by a BullMQ job scheduler (every minute by default) on the `email` queue. */
export function sweepEmailsJob(sweeper: EmailSweeper): JobDefinition {
  return {
    queue: EMAIL_QUEUE,
    name: SWEEP_EMAILS_JOB,
    process: () => sweeper.sweep(),
  };
}
