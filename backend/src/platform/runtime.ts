import { systemClock, type Clock } from './clock.js';
import type { AppConfig } from './config/config.js';
import { createDb, type Db } from './database/database.js';
import { resolveDatabase, type RunningDatabase } from './database/embedded-postgres.js';
import { migrateToLatest } from './database/migrate.js';
import { createReadDb } from './database/read-database.js';
import { Lifecycle } from './lifecycle.js';
import { sql } from 'kysely';
import type { DestinationStream, Logger } from 'pino';
import { createLogger } from './observability/logging.js';
import { Metrics } from './observability/metrics.js';
import { createQueueBackend, type QueueBackend } from './queue/queue-backend.js';

/** The outside services a process runs on, resolved before Nest starts so that start-up failures are one sentence. */
export type Runtime = {
  config: AppConfig;
  database: RunningDatabase;
  db: Db;
  /** The read side's handle (READ_DB): the replica's with READ_DATABASE_URL (read-database.ts), else `db` itself. */
  readDb: Db;
  queue: QueueBackend;
  /**
   * Prefix for every key this process writes to Redis (queues and job ids, rate limits, socket fan-out):
   * `<base>:<eventLogId>`, base `lending` (tests pass their own), so two databases on one Redis never meet.
   */
  keyPrefix: string;
  /** The stable id of this database's event log (table event_log_identity, migration 0024). */
  eventLogId: string;
  log: (line: string) => void;
  /** This process's Prometheus series (one registry per runtime: tests run several in one process). */
  metrics: Metrics;
  /** Structured log lines (pino, JSON) at LOG_LEVEL: requests, jobs, shutdown. */
  logger: Logger;
  /** Draining from SIGTERM on: readiness answers 503, responses close their connections, long-lived sockets close. */
  lifecycle: Lifecycle;
  /** The wall clock the application reads (the CLOCK port): the system's, or the one a test fixed. */
  clock: Clock;
  close(): Promise<void>;
};

export const RUNTIME = Symbol('RUNTIME');

/** The event log's id, made once per database by migration 0024. */
export async function readEventLogId(db: Db): Promise<string> {
  const r = await sql<{ id: string }>`SELECT id FROM event_log_identity`.execute(db);
  if (!r.rows[0])
    throw new Error('Cannot start: the database has no event log identity (table event_log_identity is empty); run the migrations again.');
  return r.rows[0].id;
}

export async function createRuntime(
  config: AppConfig,
  log: (line: string) => void,
  options: { databaseUrl?: string; queuePrefix?: string; logDestination?: DestinationStream; clock?: Clock } = {},
): Promise<Runtime> {
  const database = await resolveDatabase(options.databaseUrl ?? config.databaseUrl, config.dataDir, log);
  const db = createDb(database.url, config.databasePoolSize, config.databaseConnectTimeoutMs, config.databaseStatementTimeoutMs);
  const metrics = new Metrics();
  const readDb = config.readDatabase
    ? createReadDb(db, config.readDatabase.url, {
        poolSize: config.databasePoolSize,
        connectTimeoutMs: config.databaseConnectTimeoutMs,
        statementTimeoutMs: config.databaseStatementTimeoutMs,
        waitMs: config.readDatabase.waitMs,
        onRoute: (route) => metrics.readRoutes.inc({ route }),
      })
    : db;
  const closeDatabases = async () => {
    if (readDb !== db) await readDb.destroy();
    await db.destroy();
  };
  try {
    // Migrations may run long (an index on a big table): on a connection of their own, without the statement timeout.
    const migrations = createDb(database.url, 1, config.databaseConnectTimeoutMs, 0);
    const applied = await migrateToLatest(migrations).finally(() => migrations.destroy());
    if (applied.length > 0) log(`Applied database migrations: ${applied.join(', ')}`);
    if (config.queueBackend === 'auto' && !config.redisUrl)
      log('No REDIS_URL: trying Redis on 127.0.0.1:6379, else the PostgreSQL queue backend.');
    const eventLogId = await readEventLogId(db);
    const base = options.queuePrefix ?? 'lending';
    // A prefix already namespaced (another runtime's keyPrefix, handed on) is kept as it is.
    const keyPrefix = base.endsWith(`:${eventLogId}`) ? base : `${base}:${eventLogId}`;
    const queue = await createQueueBackend({
      redisUrl: config.redisUrl,
      databaseUrl: database.url,
      prefix: keyPrefix,
      choice: config.queueBackend,
      recovery: config.queueRecovery,
    });
    log(`Queues: ${queue.description}`);
    if (config.readDatabase) log('READ_DATABASE_URL: queue pages, searches, counts and reports read from the replica.');
    if (!config.mail.smtpUrl) log('No SMTP_URL: emails are recorded in the email log and printed, not sent.');
    return {
      config,
      database,
      db,
      readDb,
      queue,
      keyPrefix,
      eventLogId,
      log,
      metrics,
      logger: createLogger(config.logLevel, options.logDestination),
      lifecycle: new Lifecycle(),
      clock: options.clock ?? systemClock(),
      async close() {
        await queue.close();
        await closeDatabases();
        await database.stop();
      },
    };
  } catch (error) {
    await closeDatabases();
    await database.stop();
    throw error;
  }
}
