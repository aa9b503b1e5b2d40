import { Queue, Worker, createPostgresBackend, withBackend, type Job, type JobsOptions } from 'bullmq';
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
  queue(name: string): Queue;
  worker(queue: string, processor: JobProcessor, concurrency?: number): Worker;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const QUEUE_BACKEND = Symbol('QUEUE_BACKEND');

/** Answers within ~20 ms when nothing listens, instead of ioredis retrying for a minute. */
export async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1500, enableOfflineQueue: false });
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

export type QueueBackendChoice = 'auto' | 'redis' | 'postgres';

export async function createQueueBackend(options: { redisUrl?: string; databaseUrl: string; prefix?: string; choice?: QueueBackendChoice }): Promise<QueueBackend> {
  const prefix = options.prefix ?? 'lending';
  if (options.choice === 'postgres') return new PostgresQueueBackend(options.databaseUrl, prefix);
  if (options.redisUrl || options.choice === 'redis') {
    const url = options.redisUrl ?? 'redis://127.0.0.1:6379';
    if (!(await redisAnswers(url))) {
      throw new Error(`Cannot reach Redis at ${safeUrl(url)}; start it, correct REDIS_URL, or unset REDIS_URL and QUEUE_BACKEND to fall back to the PostgreSQL queue backend.`);
    }
    return new RedisQueueBackend(url, prefix);
  }
  const local = 'redis://127.0.0.1:6379';
  if (await redisAnswers(local)) return new RedisQueueBackend(local, prefix);
  return new PostgresQueueBackend(options.databaseUrl, prefix);
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

  async add(queue: string, name: string, data: Record<string, unknown>, options?: JobsOptions): Promise<void> {
    // A job enqueued while serving a request (or another job) carries its correlation id, unless it names its own.
    const correlationId = currentCorrelationId();
    await this.queue(queue).add(name, correlationId && data.correlationId === undefined ? { ...data, correlationId } : data, options);
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
  ) {
    super();
    this.redisUrl = url;
    this.description = `BullMQ on Redis at ${safeUrl(url)}`;
    this.producer = new Redis(url, { maxRetriesPerRequest: null });
    this.producer.on('error', () => undefined);
  }

  protected newQueue(name: string): Queue {
    return new Queue(name, { connection: this.producer, prefix: this.prefix });
  }

  protected newWorker(queue: string, processor: JobProcessor, concurrency: number): Worker {
    // Workers block on their own connection, as BullMQ requires.
    const connection = new Redis(this.url, { maxRetriesPerRequest: null });
    connection.on('error', () => undefined);
    this.workerConnections.push(connection);
    return new Worker(queue, processor, { connection, prefix: this.prefix, concurrency });
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
    return new this.classes.Worker(queue, processor as never, { connection: this.connection(), prefix: this.prefix, concurrency } as never) as unknown as Worker;
  }

  async ping(): Promise<boolean> {
    return true;
  }
}
