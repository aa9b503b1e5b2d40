import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import qs from 'qs';
import secureJson from 'secure-json-parse';
import { observeRequests, requestIdOf, requestLog } from '../platform/observability/logging.js';
import { nestLogger } from '../platform/observability/nest-logger.js';
import { metricsAtRoot } from '../platform/observability/metrics.controller.js';
import { refuseCrossSiteCookieWrites } from '../identity/auth/csrf.middleware.js';
import { compileTrustProxy, productOrigins } from '../platform/http/origins.js';
import { answerClientErrorAsProblem } from '../platform/http/client-error.js';
import { corsHeaders } from '../platform/http/cors.js';
import { HttpProblem } from '../platform/http/problem.js';
import { sendProblem } from '../platform/http/problem.filter.js';
import { requireJson } from '../platform/http/require-json.middleware.js';
import type { Runtime } from '../platform/runtime.js';
import { AppModule } from './app.module.js';
import { openApiDocument } from './openapi.js';
import { mountQueueBoard, QUEUE_BOARD_PATH } from './queue-board.js';
import { securityHeaders } from './security-headers.js';
import { serveBuiltApp } from './static-files.js';

/** A JSON body's limit; a banner carries its picture as a data URL (at most 2 MB), so its routes alone take more. */
const BODY_LIMIT = 100 * 1024;
const BANNER_BODY_LIMIT = 3 * 1024 * 1024;
const BANNER_ROUTES = '/api/admin/banners';

/** `exclude`: path prefixes the index.html fallback leaves alone (another app's mount, the socket). */
export type ApiOptions = { logger?: boolean; staticDirs?: { mount: string; dir: string; exclude?: string[] }[] };

/** The two built apps as main.ts serves them: the console at /Admin, the portal at / (the socket and the console left alone). */
export function builtApps(adminConsoleDir: string, borrowerPortalDir: string): NonNullable<ApiOptions['staticDirs']> {
  return [
    { mount: '/Admin', dir: adminConsoleDir },
    { mount: '/', dir: borrowerPortalDir, exclude: ['/Admin', '/socket.io'] },
  ];
}

/** A raw Node middleware (next called to go on, else it answered) as a Fastify `onRequest` hook. */
const rawHook =
  (middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void) =>
  (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void =>
    middleware(request.raw, reply.raw, (error) => done(error as Error | undefined));

/**
 * The JSON body parser: the raw bytes kept beside the parsed body by Nest (payment webhooks are signed over them), an
 * empty body read as none (as Express read it: a DELETE the console sends with a JSON content type and nothing in
 * it), and a body that is not JSON, or that would set an object's prototype (as Fastify's own parser refuses it), said
 * to be so in our words.
 */
async function parseJsonBody(_request: FastifyRequest, body: Buffer): Promise<unknown> {
  if (body.length === 0) return undefined;
  try {
    return secureJson.parse(body, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw new HttpProblem(400, 'malformed-json', 'Your request has invalid fields', 'The request body is not valid JSON.');
  }
}

/** The HTTP API as one Nest application on Fastify: used by main.ts, the tests and the benchmark alike. */
export async function createApi(runtime: Runtime, options: ApiOptions = {}): Promise<INestApplication> {
  // TRUST_PROXY compiled once: for Fastify's request.ip and for the CSRF check's addressed origin.
  const trust = runtime.config.trustProxy ? compileTrustProxy(runtime.config.trustProxy) : undefined;
  const adapter = new FastifyAdapter({
    // Behind a load balancer, rate limits must see the client's address, not the proxy's (TRUST_PROXY, e.g. 1 or loopback).
    trustProxy: trust ?? false,
    bodyLimit: BODY_LIMIT,
    // The request id: the caller's X-Request-Id if well-formed, else a new one (the correlation of the events and jobs).
    genReqId: requestIdOf,
    // GET /metrics (Prometheus' default path) is the /api/metrics route itself, with its guard.
    rewriteUrl: (req: IncomingMessage) => metricsAtRoot(req.method, req.url ?? '/'),
    // Ids and the agreements' signing tokens are path parameters: longer than find-my-way's default of 100.
    // Query strings read as Express read them (`qs`: `filter[status]=x`, `id[]=1&id[]=2`), so no list changes meaning.
    routerOptions: {
      ignoreTrailingSlash: true,
      maxParamLength: 2048,
      querystringParser: (query: string) => qs.parse(query) as Record<string, unknown>,
    },
    return503OnClosing: false,
    // What Node's parser refuses, and a path Fastify cannot decode: problem details like every other refusal.
    clientErrorHandler: answerClientErrorAsProblem,
    frameworkErrors: (error: Error, request: FastifyRequest, reply: FastifyReply) => sendProblem(reply, error, request.url),
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRuntime(runtime), adapter, {
    // Route tables and module wiring are noise at start-up; warnings, errors and our own lines stay.
    logger: options.logger === false ? false : ['warn', 'error'],
    // Payment webhooks are signed over their raw bytes (lending/servicing/payments): keep them beside the parsed body.
    rawBody: true,
    bufferLogs: options.logger !== false,
  });
  // Nest's own warnings and errors as pino lines (LOG_LEVEL), like the request lines; its route tables and module
  // wiring (`log`, `debug`, `verbose`) stay out, as the levels above asked.
  if (options.logger !== false) app.useLogger(nestLogger(runtime.logger));
  app.setGlobalPrefix('api');
  const fastify = app.getHttpAdapter().getInstance();
  app.useBodyParser('application/json', { bodyLimit: BODY_LIMIT }, parseJsonBody);
  // Uploads (origination) are the one body that is not JSON: left unread here, for the handler to stream.
  fastify.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
  fastify.addHook('onRoute', (route) => {
    if (route.url.startsWith(BANNER_ROUTES)) route.bodyLimit = BANNER_BODY_LIMIT;
  });
  // First: the request id echoed as X-Request-Id, the latency histogram, the correlation context.
  const observe = observeRequests(runtime.metrics, () => runtime.lifecycle.draining);
  fastify.addHook('onRequest', observe.onRequest);
  fastify.addHook('preHandler', observe.preHandler);
  fastify.addHook('onResponse', observe.onResponse);
  // Before anything else answers, so every answer (static files, 404s, problems) carries them.
  fastify.addHook('onRequest', rawHook(securityHeaders(runtime.config)));
  // CSRF: before the body is read and before routing's guards, so a refused request never reaches a handler.
  fastify.addHook('onRequest', refuseCrossSiteCookieWrites(productOrigins(runtime.config), trust));
  fastify.addHook('onRequest', requireJson(['/me/documents']));
  fastify.addHook(
    'onRequest',
    rawHook(
      corsHeaders({
        origins: runtime.config.corsOrigins,
        // X-Commit-Position and X-Read-After: read-your-writes with a replica (platform/http/read-your-writes.interceptor.ts).
        exposedHeaders: ['Content-Range', 'X-Document-SHA256', 'X-Commit-Position'],
        allowedHeaders: ['Content-Type', 'Authorization', 'Range', 'Idempotency-Key', 'X-Device-Id', 'X-Read-After'],
      }),
    ),
  );

  // Off in production unless API_DOCS=true: the full map of the API is nothing to hand out anonymously.
  // The document is made on its first request (a scan of every route, most of a test app's start-up), then kept.
  if (runtime.config.apiDocs)
    SwaggerModule.setup('api/docs', app, () => openApiDocument(app), { jsonDocumentUrl: 'api/docs/openapi.json' });

  // One line per API request (a refusal above, CSRF or not JSON, is answered with one too).
  fastify.addHook('onResponse', requestLog(runtime.logger));

  mountQueueBoard(app, fastify, runtime);
  for (const { mount, dir, exclude } of options.staticDirs ?? [])
    serveSpa(fastify, mount, dir, mount === '/Admin' ? [QUEUE_BOARD_PATH, ...(exclude ?? [])] : exclude);
  return app;
}

/**
 * Readies the API for a server started outside `app.listen` (supertest's): Nest's `init`, then Fastify's `ready`,
 * which builds each route's hooks (`listen` does both).
 */
export async function initApi(app: INestApplication): Promise<void> {
  await app.init();
  await (app.getHttpAdapter().getInstance() as FastifyInstance).ready();
}

/** Serves a built single-page app (precompressed files, cache headers, index.html for deep links): static-files.ts. */
function serveSpa(fastify: FastifyInstance, mount: string, dir: string, exclude: string[] = []): void {
  if (!existsSync(path.join(dir, 'index.html'))) return;
  fastify.addHook('onRequest', serveBuiltApp(mount, dir, exclude));
}
