import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { EventStore } from '../event-store/event-store.port.js';
import { EVENTS_CHANNEL } from '../event-store/postgres-event-store.js';
import { loadCheckpoint, saveCheckpoint } from './checkpoint-store.js';
import type { Subscription } from './subscription.js';

export type RunnerOptions = { batchSize?: number; pollMs?: number; log?: (line: string) => void };

function advisoryKey(name: string): string {
  return createHash('sha256').update(`subscription:${name}`).digest().readBigInt64BE(0).toString();
}

/**
 * Drives subscriptions from the log: wakes on NOTIFY, polls as a fallback, and holds a Postgres advisory lock
 * per subscription so that when several worker processes run, exactly one reads each subscription at a time.
 */
export class SubscriptionRunner {
  private client?: pg.Client;
  private stopped = false;
  private wake?: () => void;
  private loop?: Promise<void>;
  private readonly owned = new Set<string>();

  constructor(
    private readonly db: Kysely<any>,
    private readonly store: EventStore,
    private readonly databaseUrl: string,
    private readonly subscriptions: readonly Subscription[],
    private readonly options: RunnerOptions = {},
  ) {}

  /** Reads every subscription up to the current end of the log once; used by tests and the CLI. */
  async catchUp(): Promise<number> {
    let handled = 0;
    for (const subscription of this.subscriptions) handled += await this.drain(subscription);
    return handled;
  }

  async start(): Promise<void> {
    await this.connect();
    this.loop = this.run();
  }

  /** The listening connection also holds the advisory locks: losing it loses them, so ownership starts over. */
  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    const lost = (reason: string) => {
      if (this.client !== client) return;
      this.options.log?.(`subscription listener lost its connection (${reason}); reconnecting`);
      this.client = undefined;
      this.owned.clear();
      client.end().catch(() => undefined);
    };
    client.on('error', (e) => lost(e.message));
    client.on('end', () => lost('closed'));
    client.on('notification', () => this.wake?.());
    await client.connect();
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    this.client = client;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async run(): Promise<void> {
    const pollMs = this.options.pollMs ?? 1000;
    let retryMs = 0;
    while (!this.stopped) {
      let heldBack = false;
      try {
        if (!this.client) await this.connect();
        for (const subscription of this.subscriptions) {
          if (this.stopped) break;
          if (await this.acquire(subscription.name)) {
            await this.drain(subscription);
            heldBack ||= await this.hasHiddenEvents(subscription.name);
          }
        }
      } catch (error) {
        this.options.log?.(`subscription runner: ${(error as Error).message}`);
      }
      if (this.stopped) break;
      // Events we were woken for may still sit behind an older open transaction: look again soon, backing off
      // (50 ms, 100 ms, ... up to the poll interval) so a long transaction elsewhere does not become a busy loop.
      retryMs = heldBack ? Math.min(pollMs, retryMs === 0 ? 50 : retryMs * 2) : 0;
      const wait = heldBack ? retryMs : pollMs;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  private async acquire(name: string): Promise<boolean> {
    if (this.owned.has(name)) return true;
    const r = await this.client!.query('SELECT pg_try_advisory_lock($1::bigint) AS ok', [advisoryKey(name)]);
    if (r.rows[0].ok) this.owned.add(name);
    return this.owned.has(name);
  }

  /** Committed events past the checkpoint that the gap-safe read does not hand out yet. */
  private async hasHiddenEvents(name: string): Promise<boolean> {
    const after = await loadCheckpoint(this.db, name);
    const r = await this.client!.query(
      'SELECT EXISTS (SELECT 1 FROM events WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)) AS hidden',
      [after.transactionId, after.position],
    );
    return Boolean(r.rows[0].hidden);
  }

  private async drain(subscription: Subscription): Promise<number> {
    const batchSize = this.options.batchSize ?? 500;
    let handled = 0;
    for (;;) {
      const after = await loadCheckpoint(this.db, subscription.name);
      const batch = await this.store.readAll(after, batchSize);
      if (batch.length === 0) return handled;
      const mine = batch.filter((e) => subscription.eventTypes.includes(e.type));
      if (mine.length > 0) await subscription.handle(mine);
      const last = batch[batch.length - 1];
      await saveCheckpoint(this.db, subscription.name, { transactionId: last.transactionId, position: last.position });
      handled += mine.length;
      if (batch.length < batchSize) return handled;
    }
  }
}
