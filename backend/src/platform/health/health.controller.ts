import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Public, PublicIdentifyingCaller } from '../http/access.decorators.js';
import { HttpProblem } from '../http/problem.js';
import { PlatformRegistry } from '../registry.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { subscriptionLag } from '../subscriptions/checkpoint-store.js';

/** A dependency that does not answer within this time counts as down: health must answer, not hang. */
const PROBE_TIMEOUT_MS = 1500;

function within<T>(probe: Promise<T>, fallback: T): Promise<T> {
  return Promise.race([
    probe.catch(() => fallback),
    new Promise<T>((resolve) => setTimeout(() => resolve(fallback), PROBE_TIMEOUT_MS).unref()),
  ]);
}

/** The staff permission that shows the details (identity/permissions/permissions.ts lists it). */
export const HEALTH_DETAILS_PERMISSION = 'system.health';

const mayReadDetails = (req: FastifyRequest) =>
  ((req as { user?: { permissions?: readonly string[] } }).user?.permissions ?? []).includes(HEALTH_DETAILS_PERMISSION);

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly registry: PlatformRegistry,
  ) {}

  /** Liveness: the process runs and its event loop turns; no dependency is asked (a restart would not fix one). */
  @Get('live')
  @Public()
  @ApiOperation({ summary: 'Liveness: 200 {status: "up"} while the process runs; asks no dependency' })
  live() {
    return { status: 'up' };
  }

  /**
   * Readiness: whether to send this process traffic. It depends only on what the API cannot serve without: the
   * database, and not shutting down. 503 problem+json `not-ready` naming it (`down: ['database']`, or
   * `['shutting-down']` from SIGTERM on, so a load balancer stops routing here before the connections close).
   * The queue backend (Redis) is not among them: commands keep succeeding while it is down (their events are the
   * outbox; the subscriptions and sweeps deliver the side effects once it is back), so a Redis outage answers
   * 200 `{status: 'degraded', degraded: ['redis']}` rather than taking every API pod out of the Service.
   */
  @Get('ready')
  @Public()
  @ApiOperation({
    summary:
      'Readiness: 200 {status: "ready"}, or 200 {status: "degraded", degraded: ["redis"]} while the queue backend does not answer (commands still succeed); 503 problem+json naming what is down (database) or shutting-down',
  })
  async ready(): Promise<{ status: 'ready' } | { status: 'degraded'; degraded: string[] }> {
    if (this.runtime.lifecycle.draining) {
      throw new HttpProblem(503, 'not-ready', 'Not ready', 'This process is shutting down: send new requests elsewhere.', {
        down: ['shutting-down'],
      });
    }
    const [databaseUp, queueUp] = await Promise.all([
      within(
        sql`SELECT 1`.execute(this.runtime.db).then(() => true),
        false,
      ),
      within(this.runtime.queue.ping(), false),
    ]);
    const degraded = queueUp ? [] : [this.runtime.queue.kind === 'redis' ? 'redis' : 'queue'];
    if (!databaseUp)
      throw new HttpProblem(503, 'not-ready', 'Not ready', 'Not ready: database does not answer.', { down: ['database'], degraded });
    return degraded.length > 0 ? { status: 'degraded', degraded } : { status: 'ready' };
  }

  @Get()
  @PublicIdentifyingCaller()
  @ApiOperation({
    summary:
      '200 {status: "up"} or 503 {status: "down"}; staff with system.health also see the database, queue backend and subscription lag',
  })
  async health(@Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply) {
    const embedded = this.runtime.database.embedded;
    const databaseUp = await within(
      sql`SELECT 1`.execute(this.runtime.db).then(() => true),
      false,
    );
    const database = { status: databaseUp ? ('up' as const) : ('down' as const), embedded };
    const queueUp = await within(this.runtime.queue.ping(), false);
    const queue = { status: queueUp ? ('up' as const) : ('down' as const), backend: this.runtime.queue.kind };
    const redis = this.runtime.queue.kind === 'redis' ? { status: queue.status } : { status: 'not-used' as const };
    const ok = database.status === 'up' && queueUp;
    res.status(ok ? 200 : 503);
    // Anonymous callers (probes, the internet) learn only up or down: nothing about what runs behind.
    if (!mayReadDetails(req)) return { status: ok ? 'up' : 'down' };
    const names = this.registry.subscriptions.map((s) => s.name);
    const subscriptions = database.status === 'up' ? await within(subscriptionLag(this.runtime.db, names), []) : [];
    return {
      status: ok ? 'up' : 'down',
      database,
      redis,
      queue,
      projections: { inline: { lag: 0 }, subscriptions, maxLag: Math.max(0, ...subscriptions.map((s) => s.behind)) },
    };
  }
}
