import type { Job } from 'bullmq';

/** A job is declared by queue and name; the worker refuses to start if a declared job has no processor. */
export type JobDefinition = {
  queue: string;
  name: string;
  process(job: Job): Promise<unknown>;
};
