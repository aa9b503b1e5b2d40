import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { EVENT_STORE, type EventStore } from './event-store/event-store.port.js';
import { runWithCorrelation } from './observability/request-context.js';
import { PlatformRegistry } from './registry.js';
import { RUNTIME, type Runtime } from './runtime.js';
import { SubscriptionRunner } from './subscriptions/subscription-runner.js';

/** Runs the BullMQ processors and the durable subscriptions of this process (the worker, or `npm start` in-process). */
@Injectable()
export class WorkerHost implements OnApplicationShutdown {
  private runner?: SubscriptionRunner;
  private started = false;

  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly registry: PlatformRegistry,
  ) {}

  async start(options: { queues?: string[] } = {}): Promise<string[]> {
    if (this.started) return [];
    const orphans = this.registry.subscriptions
      .flatMap((s) => s.produces ?? [])
      .filter((p) => !this.registry.jobs.some((j) => j.queue === p.queue && j.name === p.name));
    if (orphans.length > 0) {
      throw new Error(
        `Cannot start the worker: no processor for the job(s) ${orphans.map((o) => `${o.name} on queue ${o.queue}`).join(', ')}.`,
      );
    }
    this.started = true;
    const served = this.registry.jobs.filter((j) => !options.queues || options.queues.includes(j.queue));
    if (options.queues) {
      const unknown = options.queues.filter((q) => !this.registry.jobs.some((j) => j.queue === q));
      if (unknown.length > 0) throw new Error(`Cannot start the worker: no processor serves the queue(s) ${unknown.join(', ')}.`);
    }
    const byQueue = new Map<string, typeof served>();
    for (const job of served) byQueue.set(job.queue, [...(byQueue.get(job.queue) ?? []), job]);
    for (const [queue, jobs] of byQueue) {
      this.runtime.queue.worker(queue, async (job) => {
        const definition = jobs.find((j) => j.name === job.name);
        if (!definition) throw new Error(`No processor for job ${job.name} on queue ${queue}`);
        // The correlation id of the request or event that caused the job: on its log lines and on what it causes.
        const correlationId = typeof job.data?.correlationId === 'string' ? job.data.correlationId : `job:${queue}:${job.id}`;
        const line = { queue, job: job.name, jobId: job.id, attempt: job.attemptsMade + 1, correlationId };
        const started = Date.now();
        try {
          const result = await runWithCorrelation(correlationId, () => definition.process(job));
          this.runtime.logger.info({ ...line, ms: Date.now() - started }, 'job done');
          return result;
        } catch (error) {
          this.runtime.logger.warn({ ...line, ms: Date.now() - started, err: { message: (error as Error).message } }, 'job failed');
          throw error;
        }
      });
    }
    this.runner = new SubscriptionRunner(this.runtime.db, this.store, this.runtime.database.url, this.registry.subscriptions, {
      log: this.runtime.log,
    });
    await this.runner.start();
    return [...byQueue.keys()];
  }

  async onApplicationShutdown(): Promise<void> {
    await this.runner?.stop();
  }
}
