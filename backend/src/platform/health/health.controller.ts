import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { sql } from 'kysely';
import { Public } from '../http/access.decorators.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import { subscriptionLag } from '../subscriptions/checkpoint-store.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Database, queue backend and projection lag; 503 when a dependency is down' })
  async health(@Res({ passthrough: true }) res: Response) {
    const database = await sql`SELECT 1`
      .execute(this.runtime.db)
      .then(() => ({ status: 'up' as const, embedded: this.runtime.database.embedded }))
      .catch((e: Error) => ({ status: 'down' as const, embedded: this.runtime.database.embedded, error: e.message }));
    const queueUp = await this.runtime.queue.ping();
    const queue = { status: queueUp ? ('up' as const) : ('down' as const), backend: this.runtime.queue.kind };
    const redis = this.runtime.queue.kind === 'redis' ? { status: queue.status } : { status: 'not-used' as const };
    const subscriptions = database.status === 'up' ? await subscriptionLag(this.runtime.db).catch(() => []) : [];
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
