import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import type { ApiProcessMessage, ApiProcessRequest } from './api-process.js';

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
  const url = `http://127.0.0.1:${port}`;
  return {
    pid: child.pid!,
    url,
    http: request(url),
    cache(sessionId) {
      const id = ++nextId;
      return new Promise((resolve) => {
        const onMessage = (m: ApiProcessMessage) => {
          if (m.type === 'cache' && m.id === id) {
            child.off('message', onMessage);
            resolve({ usable: m.usable, size: m.size, holds: m.holds });
          }
        };
        child.on('message', onMessage);
        child.send({ type: 'cache', id, sessionId } satisfies ApiProcessRequest);
      });
    },
    keepsLoan(loanId) {
      const id = ++nextId;
      return new Promise((resolve) => {
        const onMessage = (m: ApiProcessMessage) => {
          if (m.type === 'loan' && m.id === id) {
            child.off('message', onMessage);
            resolve(m.kept);
          }
        };
        child.on('message', onMessage);
        child.send({ type: 'loan', id, loanId } satisfies ApiProcessRequest);
      });
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
