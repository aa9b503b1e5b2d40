import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import type { ApiProcessMessage, ApiProcessRequest } from './api-process.js';
import { deleteRedisKeys } from './redis.js';
import { ADMIN } from './test-app.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

const here = path.dirname(fileURLToPath(import.meta.url));

export type CacheState = { usable: boolean; size: number; holds: boolean };

/** An API running in an OS process of its own (api-process.ts), reached over HTTP like any deployment. */
export type ApiProcess = {
  pid: number;
  url: string;
  http: ReturnType<typeof request>;
  /** What this process's session cache holds: whether it answers from memory, and whether it holds `sessionId`. */
  cache(sessionId?: string): Promise<CacheState>;
  /** Whether this process keeps the loan's state from its own last append to it (RecentLoans). */
  keepsLoan(loanId: string): Promise<boolean>;
  stop(): Promise<void>;
};

/** Starts an API process on `databaseUrl`; resolves once it listens. Processes of one test share `keyPrefix` (Redis). */
export async function startApiProcess(databaseUrl: string, keyPrefix: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const child: ChildProcess = fork(path.join(here, 'api-process.ts'), [], {
    execArgv: ['--import', path.join(here, 'ts-register.mjs')],
    env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: databaseUrl, KEY_PREFIX: keyPrefix, API_ENV: JSON.stringify(env) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const onMessage = (m: ApiProcessMessage) => {
      if (m.type === 'listening') resolve(m.port);
      if (m.type === 'failed') reject(new Error(`API process failed to start: ${m.message}`));
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`API process exited with ${code} before listening`)));
  });
  let nextId = 0;
  /** Sends a question over IPC and resolves with the process's answer to it (matched by id). */
  const ask = <T extends ApiProcessMessage['type']>(question: Extract<ApiProcessRequest, { id: number }>, type: T) =>
    new Promise<Extract<ApiProcessMessage, { type: T }>>((resolve) => {
      const onMessage = (m: ApiProcessMessage) => {
        if (m.type === type && 'id' in m && m.id === question.id) {
          child.off('message', onMessage);
          resolve(m as Extract<ApiProcessMessage, { type: T }>);
        }
      };
      child.on('message', onMessage);
      child.send(question);
    });
  const url = `http://127.0.0.1:${port}`;
  return {
    pid: child.pid!,
    url,
    http: request(url),
    async cache(sessionId) {
      const { usable, size, holds } = await ask({ type: 'cache', id: ++nextId, sessionId }, 'cache');
      return { usable, size, holds };
    },
    async keepsLoan(loanId) {
      return (await ask({ type: 'loan', id: ++nextId, loanId }, 'loan')).kept;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send({ type: 'stop' } satisfies ApiProcessRequest);
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Two API processes on one fresh database, as deployed, and the admin's token; `stop` ends both and drops the
 * database. One after the other: the first runs the migrations and seeds the first staff user.
 */
export async function startTwoApiProcesses(
  label: string,
): Promise<{ a: ApiProcess; b: ApiProcess; admin: string; database: TestDatabase; stop(): Promise<void> }> {
  const database = await createTestDatabase(label, { migrated: true });
  const keyPrefix = `test-${randomBytes(4).toString('hex')}`;
  const a = await startApiProcess(database.url, keyPrefix);
  const b = await startApiProcess(database.url, keyPrefix);
  const admin = (await a.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token as string;
  return {
    a,
    b,
    admin,
    database,
    async stop() {
      await Promise.all([a.stop(), b.stop()]);
      await deleteRedisKeys(`${keyPrefix}:*`).catch(() => undefined);
      await database.drop();
    },
  };
}
