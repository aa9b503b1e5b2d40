import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { sql } from 'kysely';
import { Public } from '../http/access.decorators.js';
import { PlatformRegistry } from '../registry.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { subscriptionLag } from '../subscriptions/checkpoint-store.js';

/** A dependency that does not answer within this time counts as down: health must answer, not hang. */
const PROBE_TIMEOUT_MS = 1500;

function within<T>(probe: Promise<T>, fallback: T): Promise<T> {
  return Promise.race([probe.catch(() => fallback), new Promise<T>((resolve) => setTimeout(() => resolve(fallback), PROBE_TIMEOUT_MS).unref())]);
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly registry: PlatformRegistry,
  ) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Database, queue backend and projection lag; 503 when a dependency is down' })
  async health(@Res({ passthrough: true }) res: Response) {
    const embedded = this.runtime.database.embedded;
    const databaseUp = await within(sql`SELECT 1`.execute(this.runtime.db).then(() => true), false);
    const database = { status: databaseUp ? ('up' as const) : ('down' as const), embedded };
    const queueUp = await within(this.runtime.queue.ping(), false);
    const queue = { status: queueUp ? ('up' as const) : ('down' as const), backend: this.runtime.queue.kind };
    const redis = this.runtime.queue.kind === 'redis' ? { status: queue.status } : { status: 'not-used' as const };
    const names = this.registry.subscriptions.map((s) => s.name);
    const subscriptions = database.status === 'up' ? await within(subscriptionLag(this.runtime.db, names), []) : [];
    const ok = database.status === 'up' && queueUp;
    res.status(ok ? 200 : 503);
    return {
      status: ok ? 'up' : 'down',
      database,
      redis,
      queue,
      projections: { inline: { lag: 0 }, subscriptions, maxLag: Math.max(0, ...subscriptions.map((s) => s.behind)) },
    };
  }
}
