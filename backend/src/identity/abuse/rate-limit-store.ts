import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { Db } from '../../platform/database/database.js';

/** A fixed-window counter: how many hits this window has seen and when it ends. */
export type WindowCount = { hits: number; resetInMs: number };

/** Where counters live, so a limit holds across every API process: Redis when it answers, else PostgreSQL. */
export interface RateLimitStore {
  readonly kind: 'redis' | 'postgres';
  /** Counts one more hit, atomically, and answers the count including it: the way to reserve an attempt. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** Gives one hit back (an attempt that turned out not to count); never below zero, never into an ended window. */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

// INCR and PEXPIRE in one step, so a crash between them cannot leave a counter that never expires.
const HIT = `local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return {n, redis.call('PTTL', KEYS[1])}`;

// Decrements only a live counter above zero: DECR on a key that expired meanwhile would create one that never expires.
const RELEASE = `local n = tonumber(redis.call('GET', KEYS[1])) if n and n > 0 then return redis.call('DECR', KEYS[1]) end return 0`;

export class RedisRateLimitStore implements RateLimitStore {
  readonly kind = 'redis' as const;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const [hits, ttl] = (await this.redis.eval(HIT, 1, `${this.prefix}:rl:${key}`, String(windowMs))) as [number, number];
    return { hits, resetInMs: Math.max(ttl, 0) };
  }

  async release(key: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, `${this.prefix}:rl:${key}`);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`${this.prefix}:rl:${key}`);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

export class PostgresRateLimitStore implements RateLimitStore {
  readonly kind = 'postgres' as const;

  constructor(private readonly db: Db) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const row = await sql<{ hits: number; reset_in_ms: string }>`
      INSERT INTO rate_limit_counters (key, hits, window_ends_at)
      VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN rate_limit_counters.window_ends_at <= now() THEN 1 ELSE rate_limit_counters.hits + 1 END,
        window_ends_at = CASE WHEN rate_limit_counters.window_ends_at <= now() THEN EXCLUDED.window_ends_at ELSE rate_limit_counters.window_ends_at END
      RETURNING hits, ceil(extract(epoch FROM window_ends_at - now()) * 1000) AS reset_in_ms`.execute(this.db);
    const r = row.rows[0];
    return { hits: r.hits, resetInMs: Math.max(Number(r.reset_in_ms), 0) };
  }

  async release(key: string): Promise<void> {
    await sql`UPDATE rate_limit_counters SET hits = hits - 1 WHERE key = ${key} AND hits > 0 AND window_ends_at > now()`.execute(this.db);
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limit_counters').where('key', '=', key).execute();
  }

  async close(): Promise<void> {}
}
