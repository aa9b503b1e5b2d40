import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDriver,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Driver,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import { isDatabaseUnavailable } from './database-unavailable.js';
import { pgPoolOf, statementTimeouts, type Db } from './database.js';
import type { Database } from './schema.js';
import { currentReadScope, parseLogPosition, type LogPosition } from './read-position.js';

/**
 * The read side's handle: queue pages, searches, counts and reports inject this instead of DB. Without
 * READ_DATABASE_URL it is the primary's handle itself; with it, statements run on the streaming replica, except
 * that a request naming a commit position (X-Read-After) waits up to READ_DATABASE_WAIT_MS for the replica to
 * replay that far and else runs on the primary, so a staff member reads their own writes.
 */
export const READ_DB = Symbol('READ_DB');

/** Where one read ran, and why (the `route` label of database_read_routes_total). */
export type ReadRoute =
  'replica' | 'replica_after_wait' | 'primary_replica_behind' | 'primary_replica_unavailable' | 'primary_position_invalid';

export type ReadDbOptions = {
  poolSize: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  /** How long a read naming a position waits for the replica before it reads the primary. */
  waitMs: number;
  onRoute?: (route: ReadRoute) => void;
};

/** How often a waiting read asks the replica how far it has replayed. */
const POLL_MS = 10;
/** After the replica could not be reached, reads go to the primary this long before trying it again. */
const REPLICA_RETRY_AFTER_MS = 5000;

/**
 * A Kysely driver over two pools: each connection it hands out comes from the replica's pool or the primary's, chosen
 * when the statement (or transaction) acquires it, and goes back to the pool it came from. The primary's pool is
 * shared with the primary's handle and is never ended here.
 */
class ReadRoutingDriver implements Driver {
  private readonly owners = new WeakMap<DatabaseConnection, Driver>();
  /** How far each replica connection's server had replayed when last asked: it never goes back on one connection. */
  private readonly replayed = new WeakMap<DatabaseConnection, LogPosition>();
  private replicaDownUntil = 0;

  constructor(
    private readonly replica: Driver,
    private readonly primary: Driver,
    private readonly options: ReadDbOptions,
  ) {}

  async init(): Promise<void> {
    await this.replica.init();
    await this.primary.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const scope = currentReadScope();
    const requirement = scope?.requirement;
    if (requirement === 'primary') return this.fromPrimary('primary_position_invalid');
    if (Date.now() < this.replicaDownUntil) return this.fromPrimary('primary_replica_unavailable');
    let connection: DatabaseConnection;
    try {
      connection = await this.replica.acquireConnection();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      this.replicaDownUntil = Date.now() + REPLICA_RETRY_AFTER_MS;
      return this.fromPrimary('primary_replica_unavailable');
    }
    if (scope === undefined || requirement === undefined) return this.own(connection, this.replica, 'replica');
    try {
      const deadline = (scope.waitUntil ??= Date.now() + this.options.waitMs);
      for (let waited = false; ; waited = true) {
        if (await this.hasReplayed(connection, requirement))
          return this.own(connection, this.replica, waited ? 'replica_after_wait' : 'replica');
        const left = deadline - Date.now();
        if (left <= 0) break;
        await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, left)));
      }
    } catch (error) {
      await this.replica.releaseConnection(connection);
      if (!isDatabaseUnavailable(error)) throw error;
      return this.fromPrimary('primary_replica_unavailable');
    }
    await this.replica.releaseConnection(connection);
    return this.fromPrimary('primary_replica_behind');
  }

  /**
   * Whether the connection's server has replayed `position`. A server that is not in recovery (NULL: a primary, or a
   * replica promoted) has everything it will ever have replayed, so it counts as caught up.
   */
  private async hasReplayed(connection: DatabaseConnection, position: LogPosition): Promise<boolean> {
    const known = this.replayed.get(connection);
    if (known !== undefined && known >= position) return true;
    const result = await connection.executeQuery<{ lsn: string | null }>(CompiledQuery.raw('SELECT pg_last_wal_replay_lsn()::text AS lsn'));
    const lsn = result.rows[0]?.lsn ?? null;
    if (lsn === null) return true;
    const replayed = parseLogPosition(lsn) ?? 0n;
    this.replayed.set(connection, replayed);
    return replayed >= position;
  }

  private async fromPrimary(route: ReadRoute): Promise<DatabaseConnection> {
    return this.own(await this.primary.acquireConnection(), this.primary, route);
  }

  private own(connection: DatabaseConnection, driver: Driver, route: ReadRoute): DatabaseConnection {
    this.owners.set(connection, driver);
    this.options.onRoute?.(route);
    return connection;
  }

  private ownerOf(connection: DatabaseConnection): Driver {
    const driver = this.owners.get(connection);
    if (!driver) throw new Error('A connection the read handle did not hand out');
    return driver;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.ownerOf(connection).beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.ownerOf(connection).commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.ownerOf(connection).rollbackTransaction(connection);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.ownerOf(connection).releaseConnection(connection);
  }

  /** Ends the replica's pool only: the primary's belongs to the primary's handle. */
  async destroy(): Promise<void> {
    await this.replica.destroy();
  }
}

function quietPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  // As createDb's pools: a connection that loses its server must not crash the process.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * The read handle over the replica at `replicaUrl` (a hot standby streaming from `primary`'s server, or a managed read
 * endpoint in front of several), falling back to `primary`'s own pool as READ_DB describes. Destroying it ends the
 * replica's pool only.
 */
export function createReadDb(primary: Db, replicaUrl: string, options: ReadDbOptions): Db {
  const primaryPool = pgPoolOf(primary);
  if (!primaryPool) throw new Error('createReadDb needs the primary handle made by createDb');
  const replicaPool = quietPool({
    connectionString: replicaUrl,
    max: options.poolSize,
    connectionTimeoutMillis: options.connectTimeoutMs,
    ...statementTimeouts(options.statementTimeoutMs),
  });
  const driver = new ReadRoutingDriver(new PostgresDriver({ pool: replicaPool }), new PostgresDriver({ pool: primaryPool }), options);
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createQueryCompiler: () => new PostgresQueryCompiler(),
      createIntrospector: (db) => new PostgresIntrospector(db),
    },
  });
}

/**
 * The primary's position in its write-ahead log now: read after a command's commit, it is at or past that commit, so
 * a replica that has replayed it shows the command's writes.
 */
export async function currentLogPosition(primary: Db): Promise<string> {
  const result = await primary.executeQuery<{ lsn: string }>(CompiledQuery.raw('SELECT pg_current_wal_lsn()::text AS lsn'));
  return result.rows[0].lsn;
}
