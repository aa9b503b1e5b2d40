import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { INestApplication } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SessionAuthenticator } from '../identity/auth/session-authenticator.js';
import { TokenIssuer } from '../identity/auth/token-issuer.js';
import { requestCredential } from '../identity/auth/credentials.js';
import { OPERATIONS_VIEW_PERMISSION } from '../platform/observability/metrics.controller.js';
import { PlatformRegistry } from '../platform/registry.js';
import type { Runtime } from '../platform/runtime.js';

/** Where the queue board is served: under the console's prefix, so the console's cookie session reaches it. */
export const QUEUE_BOARD_PATH = '/Admin/queues';

function problem(reply: FastifyReply, status: number, type: string, title: string, detail: string): FastifyReply {
  return reply
    .code(status)
    .type('application/problem+json')
    .send(JSON.stringify({ type, title, status, detail, message: detail }));
}

/**
 * bull-board for staff holding operations.view, read-only (no retry, clean or delete: nothing changes a queue
 * here). Every request under the path is checked, the UI's assets and its API alike: a bearer token or the console's
 * `token` cookie, a live session, the permission. Only GET and HEAD pass, so a cookie can never be used cross-site to
 * change anything. Runs on Redis queues only (bull-board does not read BullMQ's PostgreSQL backend).
 */
export function mountQueueBoard(app: INestApplication, fastify: FastifyInstance, runtime: Runtime): void {
  if (runtime.queue.kind !== 'redis') return;
  const adapter = new FastifyAdapter();
  adapter.setBasePath(QUEUE_BOARD_PATH);
  const board = createBullBoard({ queues: [], serverAdapter: adapter, options: { uiConfig: { boardTitle: 'Lending queues' } } });
  // Filled at the first request: the contexts register their jobs (and so the queues) when the application starts.
  let filled = false;
  const fill = () => {
    if (filled) return;
    filled = true;
    const names = [...new Set(app.get(PlatformRegistry).jobs.map((j) => j.queue))].sort();
    board.replaceQueues(names.map((name) => new BullMQAdapter(runtime.queue.queue(name), { readOnlyMode: true })));
  };
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return problem(reply, 405, 'method-not-allowed', 'Read-only', 'The queue board is read-only.');
    const tokens = app.get(TokenIssuer, { strict: false });
    const sessions = app.get(SessionAuthenticator, { strict: false });
    const token = requestCredential(request)?.token;
    if (!token)
      return problem(reply, 401, 'unauthenticated', 'Sign in required', 'Sign in to the console (operations.view) to see the queues.');
    try {
      const raw = request.headers['x-device-id'];
      const deviceId = (Array.isArray(raw) ? raw[0] : raw)?.trim();
      const user = await sessions.authenticate(tokens.verify(token), deviceId || undefined);
      if (!user.permissions.includes(OPERATIONS_VIEW_PERMISSION)) {
        return problem(
          reply,
          403,
          'missing-permission',
          'Permission required',
          'The queue board needs the operations.view permission, which your role does not have.',
        );
      }
    } catch {
      return problem(reply, 401, 'unauthenticated', 'Sign in required', 'Sign in to the console (operations.view) to see the queues.');
    }
    fill();
  };
  // Every request under the path, whatever its method and whether or not the board has such a route.
  const under = (url: string) =>
    url === QUEUE_BOARD_PATH || url.startsWith(`${QUEUE_BOARD_PATH}/`) || url.startsWith(`${QUEUE_BOARD_PATH}?`);
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (under(request.url)) return guard(request, reply);
  });
  void fastify.register(adapter.registerPlugin(), { prefix: QUEUE_BOARD_PATH });
}
