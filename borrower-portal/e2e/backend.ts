import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * The built backend (backend/dist/main.js) on a fresh database of its own, serving the built portal at /: what
 * `npm start` runs, on a free port. PostgreSQL from DATABASE_URL, else 127.0.0.1:5432 as postgres.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The first staff user, who moves loans through the pipeline in the tests (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const STAFF = { email: 'admin@portal-e2e.local', password: 'admin-portal-e2e-password' };

export type RunningBackend = { url: string; databaseName: string; stop(): Promise<void> };

const serverUrl = () => process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl(), 'postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const backendMain = path.join(root, 'backend/dist/main.js');
const portalDir = path.join(root, 'borrower-portal/dist');

export async function startBackend(label: string): Promise<RunningBackend> {
  for (const file of [backendMain, path.join(portalDir, 'index.html')]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  }
  const databaseName = `lending_${label}_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${databaseName}`));
  const child = spawn(process.execPath, [backendMain], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      BORROWER_PORTAL_DIR: portalDir,
      PORT: '0',
      DATABASE_URL: withDatabase(serverUrl(), databaseName),
      QUEUE_BACKEND: 'postgres',
      WORKER_IN_PROCESS: 'false',
      ADMIN_EMAIL: STAFF.email,
      ADMIN_PASSWORD: STAFF.password,
      ARGON2_MEMORY_KIB: '1024',
      // Every test signs in from 127.0.0.1: the per-address sign-in limit (default 30 per 15 minutes) would trip.
      RATE_LIMIT_LOGINS_PER_IP: '100000',
      JWT_SECRET: 'portal-e2e-secret-0123456789abcdef',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      output.push(text);
      const match = /API listening on (http:\/\/[^/\s]+)\/api/.exec(text);
      if (match) resolve(match[1].replace('localhost', '127.0.0.1'));
    });
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the backend exited (${code}) before listening:\n${output.join('')}`)));
  });
  return {
    url,
    databaseName,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
    },
  };
}
