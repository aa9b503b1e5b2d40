import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: from a fast indexed read to a slow report; the same buckets for HTTP and commands so they compare. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What a scrape reads live (lag, queue depth): set by whoever knows, read on every scrape. */
export type ScrapeCollector = (metrics: Metrics) => Promise<void>;

/**
 * The Prometheus series of one process (docs/operations.md lists them). One registry per Metrics, never prom-client's
 * global one, so that tests can start several APIs in one process.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern (never the raw URL) and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  readonly appendDuration = new Histogram({
    name: 'event_store_append_duration_seconds',
    help: 'Appends to the event store, from the call to the commit',
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  readonly commandDuration = new Histogram({
    name: 'command_duration_seconds',
    help: 'Commands through the command bus by command, whether they succeeded or failed',
    labelNames: ['command'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  readonly projectionLag = new Gauge({
    name: 'projection_lag_events',
    help: 'Events in the log a projection has not applied yet (head position minus its checkpoint); inline projections are 0',
    labelNames: ['projection'] as const,
    registers: [this.registry],
  });
  readonly subscriptionLag = new Gauge({
    name: 'subscription_lag_events',
    help: 'Events in the log a durable subscription has not handled yet (head position minus its checkpoint)',
    labelNames: ['subscription'] as const,
    registers: [this.registry],
  });
  readonly queueJobs = new Gauge({
    name: 'queue_jobs',
    help: 'Jobs per queue and state (waiting, active, delayed, failed), counted at scrape time',
    labelNames: ['queue', 'state'] as const,
    registers: [this.registry],
  });
  readonly closeOfBusinessDuration = new Gauge({
    name: 'close_of_business_duration_seconds',
    help: 'How long the last close of business run by this process took',
    registers: [this.registry],
  });
  readonly closeOfBusinessLoans = new Gauge({
    name: 'close_of_business_loans_total',
    help: 'Loans in the book the last close of business run by this process went through',
    registers: [this.registry],
  });
  readonly readRoutes = new Counter({
    name: 'database_read_routes_total',
    help: 'Reads on the read handle (READ_DATABASE_URL) by where they ran: replica, replica_after_wait, primary_replica_behind, primary_replica_unavailable, primary_position_invalid',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });
  private readonly collectors: ScrapeCollector[] = [];

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** A collector runs before each scrape; one that fails leaves its series as they were. */
  onScrape(collector: ScrapeCollector): void {
    this.collectors.push(collector);
  }

  async scrape(): Promise<{ contentType: string; body: string }> {
    await Promise.all(this.collectors.map((c) => c(this).catch(() => undefined)));
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /** Times `work` into a histogram (with labels), success or failure alike. */
  static async time<T>(observe: (seconds: number) => void, work: () => Promise<T>): Promise<T> {
    const started = process.hrtime.bigint();
    try {
      return await work();
    } finally {
      observe(Number(process.hrtime.bigint() - started) / 1e9);
    }
  }
}

/** The part of @nestjs/cqrs's CommandBus that is timed. */
type Executes = { execute(command: object, ...rest: unknown[]): Promise<unknown> };

/** Wraps a command bus so every command lands in command_duration_seconds{command} (the command class's name). */
export function timeCommands(bus: Executes, metrics: Metrics): void {
  const execute = bus.execute.bind(bus);
  bus.execute = (command: object, ...rest: unknown[]) =>
    Metrics.time(
      (seconds) => metrics.commandDuration.observe({ command: command.constructor?.name ?? 'unknown' }, seconds),
      () => execute(command, ...rest),
    );
}
