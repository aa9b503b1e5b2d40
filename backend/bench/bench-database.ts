import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { safeUrl, startEmbeddedPostgres } from '../src/platform/database/embedded-postgres.js';

/** A database that exists only for one benchmark run; `drop` removes every trace of it. */
export type BenchDatabase = { url: string; description: string; drop(): Promise<void> };

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * With a server URL: a fresh `lending_bench_<random>` database on that server, dropped at the end. Without one:
 * an embedded PostgreSQL cluster in a temporary directory, stopped and deleted at the end.
 */
export async function createBenchDatabase(
  serverUrl: string | undefined,
  log: (line: string) => void,
  /** Parameters of the embedded server (`-c name=value`); a server named by URL keeps its own. */
  settings: Readonly<Record<string, string>> = {},
): Promise<BenchDatabase> {
  if (!serverUrl) return embeddedDatabase(log, settings);
  if (Object.keys(settings).length > 0) log(`BENCH_PG_SETTINGS ignored: ${safeUrl(serverUrl)} keeps its own settings`);

  const name = `lending_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `cannot reach PostgreSQL at ${safeUrl(serverUrl)} (${(error as Error).message}); check DATABASE_URL or unset it to use an embedded PostgreSQL`,
    );
  }
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = withDatabase(serverUrl, name);
  log(`Created database ${name} on ${safeUrl(serverUrl)}`);
  return {
    url,
    description: `database ${name} on ${safeUrl(serverUrl)}`,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
      await client.connect();
      try {
        try {
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        } catch {
          // PostgreSQL before 13 has no FORCE: end the other sessions first.
          await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
            name,
          ]);
          await client.query(`DROP DATABASE IF EXISTS ${name}`);
        }
        log(`Dropped database ${name}`);
      } finally {
        await client.end().catch(() => undefined);
      }
    },
  };
}

async function embeddedDatabase(log: (line: string) => void, settings: Readonly<Record<string, string>>): Promise<BenchDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lending-bench-'));
  // Run as root, embedded-postgres runs the server as a `postgres` user, which must be able to reach the cluster
  // directory inside this one (mkdtemp makes it 0700).
  chmodSync(dir, 0o711);
  let running;
  try {
    running = await startEmbeddedPostgres(dir, log, { settings });
    if (Object.keys(settings).length > 0)
      log(
        `Embedded PostgreSQL started with ${Object.entries(settings)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ')}`,
      );
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`cannot start the embedded PostgreSQL in ${dir} (${(error as Error).message})`);
  }
  const stop = running.stop;
  return {
    url: running.url,
    description: `embedded PostgreSQL in ${dir}`,
    async drop() {
      try {
        await stop();
        log('Stopped the embedded PostgreSQL');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
