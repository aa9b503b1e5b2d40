import {
  Queue,
  Worker,
  createPostgresBackend,
  withBackend,
  type Job,
  type JobSchedulerTemplateOptions,
  type JobsOptions,
  type RepeatOptions,
} from 'bullmq';
import { Redis } from 'ioredis';
import { safeUrl } from '../database/embedded-postgres.js';
import { currentCorrelationId } from '../observability/request-context.js';

export type QueueBackendKind = 'redis' | 'postgres';

export type JobProcessor = (job: Job) => Promise<unknown>;

/** One place that knows whether BullMQ runs on Redis or on its PostgreSQL backend; producers and workers use it alike. */
export interface QueueBackend {
  readonly kind: QueueBackendKind;
  readonly description: string;
  /** The Redis the queues run on, when they do; other Redis users (rate limits, socket fan-out) follow it. */
  readonly redisUrl?: string;
  add(queue: string, name: string, data: Record<string, unknown>, options?: JobsOptions): Promise<void>;
  /**
   * A repeating job (BullMQ job scheduler `id` on `queue`), upserted now and again whenever the connection to Redis
   * comes back: a Redis restarted without its data (no persistence, a failover) would otherwise forget every
   * schedule until a process restarts, and with it the outbox sweeps that deliver what was caused while it was down.
   */
  schedule(
    queue: string,
    id: string,
    repeat: Omit<RepeatOptions, 'key'>,
    template: { name: string; data?: Record<string, unknown>; opts?: JobSchedulerTemplateOptions },
  ): Promise<void>;
  /** Many jobs in one round trip (BullMQ's addBulk); a job whose id exists already is left as it is, as with `add`. */
  addBulk(queue: string, jobs: readonly { name: string; data: Record<string, unknown>; options?: JobsOptions }[]): Promise<void>;
  queue(name: string): Queue;
  worker(queue: string, processor: JobProcessor, concurrency?: number): Worker;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const QUEUE_BACKEND = Symbol('QUEUE_BACKEND');

/** Answers within ~20 ms when nothing listens, instead of ioredis retrying for a minute. */
export async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1500,
    enableOfflineQueue: false,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * For producers that keep an outbox row (the row is already written): add the job, but stop waiting after `timeoutMs`
 * (BullMQ waits for Redis for as long as it is down), so the command that caused it still answers; the outbox's sweep
 * adds the job later, and the job id makes a late add and the sweep's add one job.
 */
export function addWithin(backend: QueueBackend, timeoutMs: number, ...job: Parameters<QueueBackend['add']>): Promise<void> {
  return within(timeoutMs, backend.add(...job));
}

/** `addBulk`, with the same bound as `addWithin`. */
export function addBulkWithin(backend: QueueBackend, timeoutMs: number, ...jobs: Parameters<QueueBackend['addBulk']>): Promise<void> {
  return within(timeoutMs, backend.addBulk(...jobs));
}

async function within(timeoutMs: number, add: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  add.catch(() => undefined);
  try {
    await Promise.race([
      add,
      new Promise(
        (_, reject) => (timer = setTimeout(() => reject(new Error(`the queue did not answer within ${timeoutMs} ms`)), timeoutMs)),
      ),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export type QueueBackendChoice = 'auto' | 'redis' | 'postgres';

/**
 * BullMQ's stalled-job recovery: a running job holds a lock of `lockDurationMs`, renewed every half of it; every
 * `stalledIntervalMs` each worker moves jobs whose lock has expired (their worker died: kill -9, a lost node) back to
 * waiting, so another worker runs them again. BullMQ's defaults are 30 s each. BullMQ fails a job outright once it
 * has stalled more than `maxStalledCount` times (its default is 1): a job running when its worker was killed, and
 * again when the next one was, was failed and its side effect lost (the kill-under-load fault test, 1 in 600). Every
 * job here is idempotent (keyed side effects), so a stalled job is always run again, up to MAX_STALLED_COUNT times.
 */
export const MAX_STALLED_COUNT = 10;
export type QueueRecovery = { lockDurationMs: number; stalledIntervalMs: number };
export const DEFAULT_QUEUE_RECOVERY: QueueRecovery = { lockDurationMs: 30_000, stalledIntervalMs: 30_000 };

export async function createQueueBackend(options: {
  redisUrl?: string;
  databaseUrl: string;
  prefix?: string;
  choice?: QueueBackendChoice;
  recovery?: QueueRecovery;
}): Promise<QueueBackend> {
  const prefix = options.prefix ?? 'lending';
  const recovery = options.recovery ?? DEFAULT_QUEUE_RECOVERY;
  if (options.choice === 'postgres') return new PostgresQueueBackend(options.databaseUrl, prefix, recovery);
  if (options.redisUrl || options.choice === 'redis') {
    const url = options.redisUrl ?? 'redis://127.0.0.1:6379';
    if (!(await redisAnswers(url))) {
      throw new Error(
        `Cannot reach Redis at ${safeUrl(url)}; start it, correct REDIS_URL, or unset REDIS_URL and QUEUE_BACKEND to fall back to the PostgreSQL queue backend.`,
      );
    }
    return new RedisQueueBackend(url, prefix, recovery);
  }
  const local = 'redis://127.0.0.1:6379';
  if (await redisAnswers(local)) return new RedisQueueBackend(local, prefix, recovery);
  return new PostgresQueueBackend(options.databaseUrl, prefix, recovery);
}

abstract class BaseQueueBackend implements QueueBackend {
  abstract readonly kind: QueueBackendKind;
  abstract readonly description: string;
  readonly redisUrl?: string;
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];

  protected abstract newQueue(name: string): Queue;
  protected abstract newWorker(queue: string, processor: JobProcessor, concurrency: number): Worker;
  abstract ping(): Promise<boolean>;
  protected async closeConnections(): Promise<void> {}

  queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = this.newQueue(name);
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
    }
    return queue;
  }

  protected readonly schedules = new Map<string, () => Promise<unknown>>();

  async schedule(
    queue: string,
    id: string,
    repeat: Omit<RepeatOptions, 'key'>,
    template: { name: string; data?: Record<string, unknown>; opts?: JobSchedulerTemplateOptions },
  ): Promise<void> {
    const upsert = () => this.queue(queue).upsertJobScheduler(id, repeat, template);
    this.schedules.set(`${queue}\u0000${id}`, upsert);
    await upsert();
  }

  /** Upserts every schedule again (after Redis came back); a failure waits for the next reconnection. */
  protected reschedule(): void {
    for (const upsert of this.schedules.values()) upsert().catch(() => undefined);
  }

  async add(queue: string, name: string, data: Record<string, unknown>, options?: JobsOptions): Promise<void> {
    // A job enqueued while serving a request (or another job) carries its correlation id, unless it names its own.
    const correlationId = currentCorrelationId();
    await this.queue(queue).add(name, correlationId && data.correlationId === undefined ? { ...data, correlationId } : data, options);
  }

  async addBulk(queue: string, jobs: readonly { name: string; data: Record<string, unknown>; options?: JobsOptions }[]): Promise<void> {
    if (jobs.length === 0) return;
    const correlationId = currentCorrelationId();
    await this.queue(queue).addBulk(
      jobs.map(({ name, data, options }) => ({
        name,
        data: correlationId && data.correlationId === undefined ? { ...data, correlationId } : data,
        opts: options,
      })),
    );
  }

  worker(queue: string, processor: JobProcessor, concurrency = 4): Worker {
    const worker = this.newWorker(queue, processor, concurrency);
    worker.on('error', () => undefined);
    this.workers.push(worker);
    return worker;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    await this.closeConnections();
  }
}

class RedisQueueBackend extends BaseQueueBackend {
  readonly kind = 'redis' as const;
  readonly description: string;
  override readonly redisUrl: string;
  private readonly producer: Redis;
  private readonly workerConnections: Redis[] = [];

  constructor(
    private readonly url: string,
    private readonly prefix: string,
    private readonly recovery: QueueRecovery,
  ) {
    super();
    this.redisUrl = url;
    this.description = `BullMQ on Redis at ${safeUrl(url)}`;
    this.producer = new Redis(url, { maxRetriesPerRequest: null });
    this.producer.on('error', () => undefined);
    // 'ready' follows every (re)connection; the first one is the start, where the modules schedule themselves.
    let connectedBefore = false;
    this.producer.on('ready', () => {
      if (connectedBefore) this.reschedule();
      connectedBefore = true;
    });
  }

  protected newQueue(name: string): Queue {
    return new Queue(name, { connection: this.producer, prefix: this.prefix });
  }

  protected newWorker(queue: string, processor: JobProcessor, concurrency: number): Worker {
    // Workers block on their own connection, as BullMQ requires.
    const connection = new Redis(this.url, { maxRetriesPerRequest: null });
    connection.on('error', () => undefined);
    this.workerConnections.push(connection);
    return new Worker(queue, processor, {
      connection,
      prefix: this.prefix,
      concurrency,
      lockDuration: this.recovery.lockDurationMs,
      stalledInterval: this.recovery.stalledIntervalMs,
      maxStalledCount: MAX_STALLED_COUNT,
    });
  }

  async ping(): Promise<boolean> {
    try {
      return (await this.producer.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  protected override async closeConnections(): Promise<void> {
    for (const connection of [this.producer, ...this.workerConnections]) connection.disconnect();
  }
}

class PostgresQueueBackend extends BaseQueueBackend {
  readonly kind = 'postgres' as const;
  readonly description: string;
  private readonly classes = withBackend(createPostgresBackend);

  constructor(
    private readonly databaseUrl: string,
    private readonly prefix: string,
    private readonly recovery: QueueRecovery,
  ) {
    super();
    this.description = `BullMQ on its PostgreSQL backend at ${safeUrl(databaseUrl)}`;
  }

  private connection() {
    return { connectionString: this.databaseUrl, migrate: true, schema: 'bullmq' };
  }

  protected newQueue(name: string): Queue {
    return new this.classes.Queue(name, { connection: this.connection(), prefix: this.prefix } as never) as unknown as Queue;
  }

  protected newWorker(queue: string, processor: JobProcessor, concurrency: number): Worker {
    return new this.classes.Worker(
      queue,
      processor as never,
      {
        connection: this.connection(),
        prefix: this.prefix,
        concurrency,
        lockDuration: this.recovery.lockDurationMs,
        stalledInterval: this.recovery.stalledIntervalMs,
        maxStalledCount: MAX_STALLED_COUNT,
      } as never,
    ) as unknown as Worker;
  }

  async ping(): Promise<boolean> {
    return true;
  }
}
