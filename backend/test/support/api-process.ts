/**
 * One API process of a multi-process test, run by api-processes.ts as `node --import ./ts-register.mjs api-process.ts`
 * (a separate OS process with its own session cache, as in a deployment). Environment: DATABASE_URL, KEY_PREFIX and
 * API_ENV (JSON, over testEnv). Over IPC it answers `{ type: 'cache', sessionId }` with what its cache holds,
 * `{ type: 'loan', loanId }` with whether it keeps that loan's state from its own last append, and stops on
 * `{ type: 'stop' }`.
 */
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { createApi } from '../../src/app/create-api.js';
import { SessionCache } from '../../src/identity/auth/session-cache.js';
import { LoanCommandExecutor } from '../../src/lending/loan/application/loan-command-executor.js';
import { loadConfig } from '../../src/platform/config/config.js';
import { createRuntime } from '../../src/platform/runtime.js';
import { testEnv } from './test-app.js';

export type ApiProcessRequest =
  { type: 'cache'; id: number; sessionId?: string } | { type: 'loan'; id: number; loanId: string } | { type: 'stop' };
export type ApiProcessMessage =
  | { type: 'listening'; port: number }
  | { type: 'cache'; id: number; usable: boolean; size: number; holds: boolean }
  | { type: 'loan'; id: number; kept: boolean }
  | { type: 'failed'; message: string };

const send = (message: ApiProcessMessage) => process.send?.(message);

try {
  const config = loadConfig(testEnv(JSON.parse(process.env.API_ENV ?? '{}') as Record<string, string>));
  const runtime = await createRuntime(config, () => undefined, {
    databaseUrl: process.env.DATABASE_URL!,
    queuePrefix: process.env.KEY_PREFIX!,
  });
  const app = await createApi(runtime, { logger: false });
  await app.listen(0, '127.0.0.1');
  const cache = app.get(SessionCache);
  const executor = app.get(LoanCommandExecutor);
  process.on('message', (message: ApiProcessRequest) => {
    if (message.type === 'cache') {
      send({
        type: 'cache',
        id: message.id,
        usable: cache.usable,
        size: cache.size,
        holds: message.sessionId ? cache.holds(message.sessionId) : false,
      });
    } else if (message.type === 'loan') {
      send({ type: 'loan', id: message.id, kept: executor.keeps(message.loanId) });
    } else if (message.type === 'stop') {
      void (async () => {
        await app.close();
        await runtime.close();
        process.exit(0);
      })();
    }
  });
  // The parent going away (a failed test run) ends this process too.
  process.on('disconnect', () => process.exit(0));
  send({ type: 'listening', port: (app.getHttpServer().address() as AddressInfo).port });
} catch (error) {
  send({ type: 'failed', message: (error as Error).message });
  process.exit(1);
}
