import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Get, type ExecutionContext, type Type } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AccessGuard } from '../../src/identity/auth/access.guard.js';
import { SessionAuthenticator } from '../../src/identity/auth/session-authenticator.js';
import { TokenIssuer } from '../../src/identity/auth/token-issuer.js';
import { Public, Roles } from '../../src/platform/http/access.decorators.js';
import { toProblem } from '../../src/platform/http/problem.filter.js';
import { DomainError } from '../../src/platform/errors/domain-error.js';
import type { Problem } from '../../src/platform/http/problem.js';
import { expectProblem } from '../support/loan-api.js';
import { discoverRoutes, registeredRoutes, key, type DiscoveredRoute } from '../support/routes.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';
import { QUEUE_BOARD_PATH } from '../../src/app/queue-board.js';

/**
 * The guard is fail-closed: a route that names neither @Public() nor @Roles() is refused. These tests make the
 * rule visible before that happens: every registered route must carry one of the two markers, and the set of
 * public routes is written down here, so opening a new route to the world is a change someone sees in review.
 */

const EXPECTED_PUBLIC_ROUTES = [
  'GET /api/health',
  // Probes (issue 16): liveness asks nothing, readiness says only ready or what is down.
  'GET /api/health/live',
  'GET /api/health/ready',
  // Prometheus: checks METRICS_TOKEN or a staff session with operations.view itself (401/403 otherwise). GET /metrics
  // is this same route (rewritten to it before routing: metrics.controller.ts serveMetricsAtRoot), not a route of its own.
  'GET /api/metrics',
  'GET /api/public/emi',
  // The loan products open for applications: the portal's calculator and apply flow read their bounds, rates and fees.
  'GET /api/public/products',
  // The business time zone both apps write dates in: asked before sign-in, says nothing about anyone.
  'GET /api/public/settings',
  // State landing pages (issue 15 item 7): active pages of known state and city pairs, cacheable.
  'GET /api/public/state-pages/:state/:city',
  // Banners are public content: the portal's home shows the current ones, with their pictures (issue 15).
  'GET /api/public/banners',
  'GET /api/public/banners/:id/image',
  'POST /api/auth/login',
  'POST /api/auth/register',
  'POST /api/auth/social',
  // Public so that a page whose session already ended can still clear its HttpOnly cookie.
  'POST /api/auth/logout',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  // The payment provider's webhook: authenticated by its HMAC signature (X-Signature), not a token.
  'POST /api/payments/webhooks/sandbox',
  // The WhatsApp and IVR providers' webhooks (issue 15): their X-Signature, or 401 (503 with no secret configured).
  'POST /api/webhooks/whatsapp',
  'POST /api/webhooks/ivr',
  // The sandbox provider's checkout (development and tests; off in production unless PAYMENT_SANDBOX=true).
  'GET /api/payments/sandbox/:paymentId',
  'POST /api/payments/sandbox/:paymentId/pay',
  'POST /api/payments/sandbox/:paymentId/fail',
  // The auto-debit provider's webhook (issue 32): authenticated by its HMAC signature (X-Signature), not a token.
  'POST /api/mandates/webhooks/sandbox',
  // The sandbox auto-debit provider's pages (development and tests; off in production unless PAYMENT_SANDBOX=true).
  'GET /api/mandates/sandbox/:mandateId',
  'POST /api/mandates/sandbox/:mandateId/approve',
  'POST /api/mandates/sandbox/:mandateId/fail',
  'POST /api/mandates/sandbox/:mandateId/cancel-at-bank',
  'POST /api/mandates/sandbox/presentations/:presentationId/succeed',
  'POST /api/mandates/sandbox/presentations/:presentationId/bounce',
  // One-time codes by SMS (quick start, e-signing): limited per phone and per address.
  'POST /api/public/otp',
  'POST /api/public/otp/verify',
  // Quick start: every call presents the phone proof the OTP verify answered (403 without it); limited per address.
  'POST /api/public/quick-start',
  'PUT /api/public/quick-start/steps/:step',
  'POST /api/public/quick-start/finish',
  // The emailed e-sign link (issue 14 item 6): the single-use, expiring token is the credential; the code goes to
  // the borrower's registered phone.
  'GET /api/public/agreements/:token',
  'GET /api/public/agreements/:token/agreement.pdf',
  'POST /api/public/agreements/:token/code',
  'POST /api/public/agreements/:token/sign',
];

/** Served by @nestjs/swagger straight on Fastify, outside the controllers: the OpenAPI document and its UI. */
const isApiDocs = (r: { method: string; path: string }) => r.method === 'GET' && /^\/api\/docs(-yaml|-json)?(\/.*)?$/.test(r.path);
/** The queue board's own routes (bull-board's Fastify plugin), behind its own check: app/queue-board.ts and its tests. */
const isQueueBoard = (r: { path: string }) => r.path === QUEUE_BOARD_PATH || r.path.startsWith(`${QUEUE_BOARD_PATH}/`);

let t: TestApp;
let routes: DiscoveredRoute[];

beforeAll(async () => {
  t = await startTestApp('route_guards');
  routes = discoverRoutes(t.app);
});

afterAll(async () => {
  await t?.close();
});

describe('every registered route declares who may reach it', () => {
  it('discovery finds the controllers of every module', () => {
    const controllers = new Set(routes.map((r) => r.controller));
    expect([...controllers].sort()).toEqual(
      expect.arrayContaining([
        'AdminLoansController',
        'AdminUserController',
        'AuthController',
        'HealthController',
        'MyLoansController',
        'PublicEmiController',
      ]),
    );
    expect(routes.length).toBeGreaterThanOrEqual(26);
  });

  it('Fastify holds no route the discovery missed (apart from the API docs and the queue board)', () => {
    const discovered = new Set(routes.map(key));
    const registered = registeredRoutes(t.app);
    const outside = registered.filter((r) => !discovered.has(key(r)));
    expect(outside.filter((r) => !isApiDocs(r) && !isQueueBoard(r)).map(key)).toEqual([]);
    expect(outside.length).toBeGreaterThan(0); // the docs are there, and are GET-only
    const registeredKeys = new Set(registered.map(key));
    expect(routes.map(key).filter((k) => !registeredKeys.has(k))).toEqual([]);
  });

  it('each handler carries @Public() or @Roles(...), never both', () => {
    const unmarked = routes.filter((r) => !r.isPublic && (r.roles === undefined || r.roles.length === 0));
    expect(unmarked.map((r) => `${key(r)} (${r.controller}.${r.handler})`)).toEqual([]);
    const both = routes.filter((r) => r.isPublic && r.roles !== undefined);
    expect(both.map(key)).toEqual([]);
    for (const r of routes.filter((x) => x.roles)) {
      for (const role of r.roles!) expect(['borrower', 'staff']).toContain(role);
    }
  });

  it('the markers sit on the handlers themselves, not only on a controller', () => {
    const classLevelOnly = routes.filter((r) => !r.handlerIsPublic && r.handlerRoles === undefined);
    expect(classLevelOnly.map(key)).toEqual([]);
  });

  it('every staff route under /api/admin names the permission it needs (only the own-profile routes and the business date do not)', () => {
    const admin = routes.filter((r) => r.path.startsWith('/api/admin/'));
    expect(admin.length).toBeGreaterThanOrEqual(25);
    const without = admin.filter((r) => !r.permission).map(key);
    // Every staff member sees the business date the console shows; setting it needs business-date.manage.
    expect(without.sort()).toEqual([
      'GET /api/admin/business-date',
      'GET /api/admin/profile',
      'POST /api/admin/profile/password',
      'PUT /api/admin/profile',
    ]);
    for (const r of admin.filter((x) => x.permission)) expect(r.roles).toEqual(['staff']);
  });

  it('the public routes are exactly the expected list', () => {
    expect(
      routes
        .filter((r) => r.isPublic)
        .map(key)
        .sort(),
    ).toEqual([...EXPECTED_PUBLIC_ROUTES].sort());
  });

  it('the public routes answer without a token (not 401)', async () => {
    await t.http.get('/api/health').expect(200);
    await t.http.get('/api/public/emi').query({ principal: 100_000, annualRatePercent: 10, months: 3 }).expect(200);
    await t.http.get('/api/public/products').expect(200);
    await t.http.get('/api/public/banners').query({ audience: 'home' }).expect(200);
    expectProblem(await t.http.get('/api/public/banners/00000000-0000-4000-8000-000000000000/image'), 404, 'not-found');
    expectProblem(await t.http.post('/api/auth/login').send({}), 400, 'validation-failed');
    expectProblem(await t.http.post('/api/auth/register').send({}), 400, 'validation-failed');
    expectProblem(await t.http.post('/api/auth/social').send({}), 400, 'validation-failed');
    expectProblem(await t.http.post('/api/auth/forgot-password').send({}), 400, 'validation-failed');
    expectProblem(await t.http.post('/api/auth/reset-password').send({}), 400, 'validation-failed');
    expectProblem(await t.http.post('/api/public/otp').send({}), 400, 'validation-failed');
    expectProblem(await t.http.post('/api/public/otp/verify').send({}), 400, 'validation-failed');
    expectProblem(await t.http.post('/api/public/quick-start').send({}), 403, 'phone-not-verified');
    expectProblem(await t.http.put('/api/public/quick-start/steps/basic').send({}), 400, 'validation-failed');
    expectProblem(await t.http.post('/api/public/quick-start/finish').send({}), 400, 'validation-failed');
    expectProblem(await t.http.get('/api/public/agreements/not-a-real-link-token-000000'), 404, 'link-invalid');
    expectProblem(await t.http.get('/api/public/agreements/not-a-real-link-token-000000/agreement.pdf'), 404, 'link-invalid');
    expectProblem(await t.http.post('/api/public/agreements/not-a-real-link-token-000000/code').send({}), 404, 'link-invalid');
    expectProblem(
      await t.http.post('/api/public/agreements/not-a-real-link-token-000000/sign').send({ code: '123456' }),
      404,
      'link-invalid',
    );
    await t.http.post('/api/auth/logout').send({}).expect(204);
  });

  it('every other route refuses a request without a token', async () => {
    for (const r of routes.filter((x) => !x.isPublic)) {
      const url = r.path.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      const method = r.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
      const res = await t.http[method](url).send({});
      expect({ route: key(r), status: res.status }).toEqual({ route: key(r), status: 401 });
    }
  });
});

describe('AccessGuard on its own', () => {
  @Controller('fixture')
  class Fixture {
    @Get('unmarked')
    unmarked() {}

    @Get('open')
    @Public()
    open() {}

    @Get('staff')
    @Roles('staff')
    staffOnly() {}
  }

  @Controller('fixture-with-class-roles')
  @Roles('borrower')
  class ClassRoles {
    @Get('inherits')
    inherits() {}
  }

  function context(controller: Type, handler: string, headers: Record<string, string> = {}): ExecutionContext {
    const request = { headers, cookies: {} as Record<string, string> } as {
      headers: Record<string, string>;
      cookies: Record<string, string>;
      user?: unknown;
    };
    const http = { getRequest: () => request, getResponse: () => ({}), getNext: () => () => undefined };
    return {
      getHandler: () => controller.prototype[handler] as () => void,
      getClass: () => controller,
      getType: () => 'http',
      getArgs: () => [request, {}, () => undefined],
      getArgByIndex: (i: number) => [request, {}, () => undefined][i],
      switchToHttp: () => http,
      switchToRpc: () => {
        throw new Error('http only');
      },
      switchToWs: () => {
        throw new Error('http only');
      },
    } as unknown as ExecutionContext;
  }

  async function refusal(promise: Promise<unknown>): Promise<Problem> {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    return toProblem(error);
  }

  let guard: AccessGuard;
  let staffToken: string;
  let borrowerToken: string;

  beforeAll(async () => {
    // The guard is built by hand around the app's Reflector, token issuer and session authenticator.
    guard = new AccessGuard(t.app.get(Reflector), t.app.get(TokenIssuer), t.app.get(SessionAuthenticator));
    staffToken = await loginStaff(t.http);
    borrowerToken = (await registerBorrower(t.http)).token;
  });

  it('a route with neither marker is refused even with a valid token', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${staffToken}` },
      { authorization: `Bearer ${borrowerToken}` },
    ];
    for (const headers of attempts) {
      const problem = await refusal(guard.canActivate(context(Fixture, 'unmarked', headers)));
      expect({ status: problem.status, type: problem.type }).toEqual({ status: 403, type: 'no-access-rule' });
    }
  });

  it('@Public() lets an anonymous request through', async () => {
    await expect(guard.canActivate(context(Fixture, 'open'))).resolves.toBe(true);
  });

  it('@Roles() needs a token (401) of the named role (403)', async () => {
    const anonymous = await refusal(guard.canActivate(context(Fixture, 'staffOnly')));
    expect({ status: anonymous.status, type: anonymous.type }).toEqual({ status: 401, type: 'unauthenticated' });
    const wrongRole = await refusal(guard.canActivate(context(Fixture, 'staffOnly', { authorization: `Bearer ${borrowerToken}` })));
    expect({ status: wrongRole.status, type: wrongRole.type }).toEqual({ status: 403, type: 'forbidden' });
    const ctx = context(Fixture, 'staffOnly', { authorization: `Bearer ${staffToken}` });
    await expect(guard.canActivate(ctx)).resolves.toBe(true);
    expect(ctx.switchToHttp().getRequest().user).toEqual({
      id: expect.any(String),
      role: 'staff',
      sessionId: expect.any(String),
      deviceId: expect.any(String),
      roleId: 'administrator',
      permissions: expect.arrayContaining(['loans.view', 'users.manage']),
    });
  });

  it('@Roles() on the controller covers a handler without its own marker', async () => {
    const anonymous = await refusal(guard.canActivate(context(ClassRoles, 'inherits')));
    expect(anonymous.status).toBe(401);
    await expect(guard.canActivate(context(ClassRoles, 'inherits', { authorization: `Bearer ${borrowerToken}` }))).resolves.toBe(true);
  });
});
