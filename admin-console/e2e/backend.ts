import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * The built backend (backend/dist/main.js) on a database of its own, serving the built console: what `npm start`
 * runs, on a free port. PostgreSQL from DATABASE_URL, else 127.0.0.1:5432 as postgres (as the backend's tests).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The first staff user (administrator), who signs in to the console in the tests. */
export const STAFF = { email: 'admin@e2e.local', password: 'admin-e2e-password' };
/** Staff created by the global setup: one seeds data through the API (its own session), one has a narrow role. */
export const OPS = { name: 'Rohan Mehta', email: 'rohan.ops@e2e.local', password: 'rohan-ops-password', roleId: 'administrator' };
export const CREDIT_OFFICER = { name: 'Kavya Iyer', email: 'kavya.credit@e2e.local', password: 'kavya-credit-password', roleId: 'credit-officer' };

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

/** E2E_BACKEND_ROOT runs another checkout's built backend (e.g. a known-good one while the backend is mid-change). */
const backendMain = path.join(process.env.E2E_BACKEND_ROOT ?? root, 'backend/dist/main.js');
const consoleDir = path.join(root, 'admin-console/dist');

export async function startBackend(label: string, options: { keepDatabase?: boolean } = {}): Promise<RunningBackend> {
  for (const file of [backendMain, path.join(consoleDir, 'index.html')]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  }
  const databaseName = `lending_${label}_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${databaseName}`));
  const child = spawn(process.execPath, [backendMain], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      ADMIN_CONSOLE_DIR: consoleDir,
      PORT: '0',
      DATABASE_URL: withDatabase(serverUrl(), databaseName),
      QUEUE_BACKEND: 'postgres',
      WORKER_IN_PROCESS: 'false',
      ADMIN_EMAIL: STAFF.email,
      ADMIN_PASSWORD: STAFF.password,
      ARGON2_MEMORY_KIB: '1024',
      // Every test signs in from 127.0.0.1: the per-address sign-in limit (default 30 per 15 minutes) would trip.
      RATE_LIMIT_LOGINS_PER_IP: '100000',
      JWT_SECRET: 'e2e-secret-0123456789abcdef',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output.push(text);
      const match = /API listening on (http:\/\/[^/\s]+)\/api/.exec(text);
      if (match) resolve(match[1].replace('localhost', '127.0.0.1'));
    };
    child.stdout!.on('data', onData);
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
      if (!options.keepDatabase) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
    },
  };
}
