import { Injectable } from '@nestjs/common';
import type { Projection } from './projections/projection.js';
import type { JobDefinition } from './queue/job-definition.js';
import type { Subscription } from './subscriptions/subscription.js';

/**
 * What the bounded contexts plug into the platform: inline projections, durable subscriptions and job
 * processors. Context modules register theirs on module init; the event store, the worker and the CLI read them.
 */
@Injectable()
export class PlatformRegistry {
  readonly projections: Projection[] = [];
  readonly subscriptions: Subscription[] = [];
  readonly jobs: JobDefinition[] = [];

  addProjection(projection: Projection): void {
    if (!this.projections.some((p) => p.name === projection.name)) this.projections.push(projection);
  }

  addSubscription(subscription: Subscription): void {
    if (!this.subscriptions.some((s) => s.name === subscription.name)) this.subscriptions.push(subscription);
  }

  addJob(job: JobDefinition): void {
    if (!this.jobs.some((j) => j.queue === job.queue && j.name === job.name)) this.jobs.push(job);
  }
}
