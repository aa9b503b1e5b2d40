import { existsSync } from 'node:fs';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import { json } from 'express';
import { observeRequests, requestLog } from '../platform/observability/logging.js';
import { nestLogger } from '../platform/observability/nest-logger.js';
import { serveMetricsAtRoot } from '../platform/observability/metrics.controller.js';
import { refuseCrossSiteCookieWrites } from '../identity/auth/csrf.middleware.js';
import { productOrigins, type TrustProxy } from '../platform/http/origins.js';
import { answerClientErrorsAsProblems } from '../platform/http/client-error.js';
import { corsHeaders } from '../platform/http/cors.js';
import { requireJson } from '../platform/http/require-json.middleware.js';
import type { Runtime } from '../platform/runtime.js';
import { AppModule } from './app.module.js';
import { openApiDocument } from './openapi.js';
import { mountQueueBoard } from './queue-board.js';
import { securityHeaders } from './security-headers.js';
import { serveBuiltApp } from './static-files.js';

/** `exclude`: path prefixes the index.html fallback leaves alone (another app's mount, the socket). */
export type ApiOptions = { logger?: boolean; staticDirs?: { mount: string; dir: string; exclude?: string[] }[] };

/** The two built apps as main.ts serves them: the console at /Admin, the portal at / (the socket and the console left alone). */
export function builtApps(adminConsoleDir: string, borrowerPortalDir: string): NonNullable<ApiOptions['staticDirs']> {
  return [
    { mount: '/Admin', dir: adminConsoleDir },
    { mount: '/', dir: borrowerPortalDir, exclude: ['/Admin', '/socket.io'] },
  ];
}

/** The HTTP API as one Nest application: used by main.ts, the tests and the benchmark alike. */
export async function createApi(runtime: Runtime, options: ApiOptions = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRuntime(runtime), {
    // Route tables and module wiring are noise at start-up; warnings, errors and our own lines stay.
    logger: options.logger === false ? false : ['warn', 'error'],
    bodyParser: true,
    // Payment webhooks are signed over their raw bytes (lending/servicing/payments): keep them beside the parsed body.
    rawBody: true,
    bufferLogs: options.logger !== false,
  });
  // Nest's own warnings and errors as pino lines (LOG_LEVEL), like the request lines; its route tables and module
  // wiring (`log`, `debug`, `verbose`) stay out, as the levels above asked.
  if (options.logger !== false) app.useLogger(nestLogger(runtime.logger));
  app.setGlobalPrefix('api');
  const express = app.getHttpAdapter().getInstance();
  // First: the request id (echoed as X-Request-Id, the correlation of the events and jobs it causes) and the latency histogram.
  app.use(observeRequests(runtime.metrics, () => runtime.lifecycle.draining));
  // GET /metrics (Prometheus' default path) is the /api/metrics route itself, with its guard.
  app.use(serveMetricsAtRoot());
  // Before anything else, so every answer (static files, 404s, problems) carries them.
  app.use(securityHeaders(runtime.config));
  app.use(cookieParser());
  // CSRF: before routing, so a refused request never reaches a guard or handler.
  app.use(refuseCrossSiteCookieWrites(productOrigins(runtime.config), () => express.get('trust proxy fn') as TrustProxy | undefined));
  // Uploads (origination) are the one body that is not JSON.
  app.use('/api', requireJson(['/me/documents']));
  app.use(
    corsHeaders({
      origins: runtime.config.corsOrigins,
      // X-Commit-Position and X-Read-After: read-your-writes with a replica (platform/http/read-your-writes.interceptor.ts).
      exposedHeaders: ['Content-Range', 'X-Document-SHA256', 'X-Commit-Position'],
      allowedHeaders: ['Content-Type', 'Authorization', 'Range', 'Idempotency-Key', 'X-Device-Id', 'X-Read-After'],
    }),
  );
  // A banner carries its picture as a data URL (at most 2 MB): its routes alone take a larger body.
  app.use('/api/admin/banners', json({ limit: '3mb' }));
  app.useBodyParser('json', { limit: '100kb' });
  express.disable('x-powered-by');
  answerClientErrorsAsProblems(app.getHttpServer());
  // Behind a load balancer, rate limits must see the client's address, not the proxy's (TRUST_PROXY, e.g. 1 or loopback).
  if (runtime.config.trustProxy)
    app.set('trust proxy', /^\d+$/.test(runtime.config.trustProxy) ? Number(runtime.config.trustProxy) : runtime.config.trustProxy);

  // Off in production unless API_DOCS=true: the full map of the API is nothing to hand out anonymously.
  // The document is made on its first request (a scan of every route, most of a test app's start-up), then kept.
  if (runtime.config.apiDocs)
    SwaggerModule.setup('api/docs', app, () => openApiDocument(app), { jsonDocumentUrl: 'api/docs/openapi.json' });

  // Last before the routes: one line per API request (a refusal above, CSRF or not JSON, is answered without one).
  app.use('/api', requestLog(runtime.logger));

  // Before the console's index.html fallback at /Admin.
  mountQueueBoard(app, runtime);
  for (const { mount, dir, exclude } of options.staticDirs ?? []) serveSpa(app as NestExpressApplication, mount, dir, exclude);
  return app;
}

/** Serves a built single-page app (precompressed files, cache headers, index.html for deep links): static-files.ts. */
function serveSpa(app: NestExpressApplication, mount: string, dir: string, exclude: string[] = []): void {
  if (!existsSync(path.join(dir, 'index.html'))) return;
  app.use(mount, serveBuiltApp(dir, exclude));
}
