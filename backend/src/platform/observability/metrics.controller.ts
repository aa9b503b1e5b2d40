import { timingSafeEqual, createHash } from 'node:crypto';
import { Controller, Get, Inject, Injectable, Req, Res, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PublicIdentifyingCaller } from '../http/access.decorators.js';
import { HttpProblem } from '../http/problem.js';
import { PlatformRegistry } from '../registry.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { subscriptionLag } from '../subscriptions/checkpoint-store.js';
import { timeCommands } from './metrics.js';

/** The staff permission that opens /metrics (/api/metrics) and the queue board (identity/permissions/permissions.ts lists it). */
export const OPERATIONS_VIEW_PERMISSION = 'operations.view';

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request's bearer token is METRICS_TOKEN (compared in constant time). */
export function bearerIs(req: IncomingMessage | FastifyRequest, expected: string | undefined): boolean {
  if (!expected) return false;
  const match = /^\s*bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  return match ? timingSafeEqual(digest(match[1].trim()), digest(expected)) : false;
}

const permissionsOf = (req: FastifyRequest) => (req as { user?: { permissions?: readonly string[] } }).user?.permissions;

/** Times the command bus; and what a scrape reads live: subscription lag from the checkpoints, queue depth from BullMQ. */
@Injectable()
export class ScrapeCollectors implements OnModuleInit {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly registry: PlatformRegistry,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    const { metrics } = this.runtime;
    timeCommands(this.commands, metrics);
    metrics.onScrape(async (m) => {
      // Inline projections commit with the events: never behind.
      for (const projection of this.registry.projections) m.projectionLag.set({ projection: projection.name }, 0);
      const lags = await subscriptionLag(
        this.runtime.db,
        this.registry.subscriptions.map((s) => s.name),
      );
      for (const lag of lags) m.subscriptionLag.set({ subscription: lag.name }, lag.behind);
    });
    metrics.onScrape(async (m) => {
      const queues = [...new Set(this.registry.jobs.map((j) => j.queue))];
      await Promise.all(
        queues.map(async (name) => {
          const counts = await this.runtime.queue.queue(name).getJobCounts(...QUEUE_STATES);
          for (const state of QUEUE_STATES) m.queueJobs.set({ queue: name, state }, counts[state] ?? 0);
        }),
      );
    });
  }
}

/**
 * Prometheus' conventional path: `GET /metrics` is served by the same route as `/api/metrics` (Fastify's `rewriteUrl`,
 * before routing, so the same guard, token check and handler answer it; nothing is excluded from the guards).
 */
export function metricsAtRoot(method: string | undefined, url: string): string {
  if (method !== 'GET' && method !== 'HEAD') return url;
  const [path] = url.split('?', 1);
  return path === '/metrics' || path === '/metrics/' ? `/api${url}` : url;
}

@ApiTags('operations')
@Controller('metrics')
export class MetricsController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Get()
  @PublicIdentifyingCaller()
  @ApiProduces('text/plain')
  @ApiOperation({
    summary:
      'Prometheus metrics (text exposition; also served at /metrics): Bearer METRICS_TOKEN, or a staff session with operations.view; 401 without, 403 for other staff',
  })
  async metrics(@Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    if (!bearerIs(req, this.runtime.config.metricsToken)) {
      const permissions = permissionsOf(req);
      if (!permissions)
        throw new HttpProblem(
          401,
          'unauthenticated',
          'Sign in required',
          'Metrics need the METRICS_TOKEN bearer token or a staff session with the operations.view permission.',
        );
      if (!permissions.includes(OPERATIONS_VIEW_PERMISSION)) {
        throw new HttpProblem(
          403,
          'missing-permission',
          'Permission required',
          'This action needs the operations.view permission, which your role does not have.',
          { permission: OPERATIONS_VIEW_PERMISSION },
        );
      }
    }
    const { contentType, body } = await this.runtime.metrics.scrape();
    res.header('Content-Type', contentType).header('Cache-Control', 'no-store').send(body);
  }
}
