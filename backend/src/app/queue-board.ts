import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { SessionAuthenticator } from '../identity/auth/session-authenticator.js';
import { TokenIssuer } from '../identity/auth/token-issuer.js';
import { requestCredential } from '../identity/auth/credentials.js';
import { OPERATIONS_VIEW_PERMISSION } from '../platform/observability/metrics.controller.js';
import { PlatformRegistry } from '../platform/registry.js';
import type { Runtime } from '../platform/runtime.js';

/** Where the queue board is served: under the console's prefix, so the console's cookie session reaches it. */
export const QUEUE_BOARD_PATH = '/Admin/queues';

function problem(res: Response, status: number, type: string, title: string, detail: string): void {
  res.status(status).type('application/problem+json').json({ type, title, status, detail, message: detail });
}

/**
 * bull-board for staff holding operations.view, read-only (no retry, clean or delete: nothing changes a queue
 * here). Every request under the path is checked, the UI's assets and its API alike: a bearer token or the console's
 * `token` cookie, a live session, the permission. Only GET and HEAD pass, so a cookie can never be used cross-site to
 * change anything. Runs on Redis queues only (bull-board does not read BullMQ's PostgreSQL backend).
 */
export function mountQueueBoard(app: INestApplication, runtime: Runtime): void {
  if (runtime.queue.kind !== 'redis') return;
  // Built at the first request: the contexts register their jobs (and so the queues) when the application starts.
  let board: ReturnType<ExpressAdapter['getRouter']> | undefined;
  const boardRouter = () => {
    if (board) return board;
    const adapter = new ExpressAdapter();
    adapter.setBasePath(QUEUE_BOARD_PATH);
    const names = [...new Set(app.get(PlatformRegistry).jobs.map((j) => j.queue))].sort();
    createBullBoard({
      queues: names.map((name) => new BullMQAdapter(runtime.queue.queue(name), { readOnlyMode: true })),
      serverAdapter: adapter,
      options: { uiConfig: { boardTitle: 'Lending queues' } },
    });
    return (board = adapter.getRouter());
  };
  const guard = async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return problem(res, 405, 'method-not-allowed', 'Read-only', 'The queue board is read-only.');
    const tokens = app.get(TokenIssuer, { strict: false });
    const sessions = app.get(SessionAuthenticator, { strict: false });
    const token = requestCredential(req)?.token;
    if (!token)
      return problem(res, 401, 'unauthenticated', 'Sign in required', 'Sign in to the console (operations.view) to see the queues.');
    try {
      const raw = req.headers['x-device-id'];
      const deviceId = (Array.isArray(raw) ? raw[0] : raw)?.trim();
      const user = await sessions.authenticate(tokens.verify(token), deviceId || undefined);
      if (!user.permissions.includes(OPERATIONS_VIEW_PERMISSION)) {
        return problem(
          res,
          403,
          'missing-permission',
          'Permission required',
          'The queue board needs the operations.view permission, which your role does not have.',
        );
      }
    } catch {
      return problem(res, 401, 'unauthenticated', 'Sign in required', 'Sign in to the console (operations.view) to see the queues.');
    }
    next();
  };
  app.use(QUEUE_BOARD_PATH, guard, (req: Request, res: Response, next: NextFunction) => boardRouter()(req, res, next));
}
