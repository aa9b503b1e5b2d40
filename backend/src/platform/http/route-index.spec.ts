import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express, { type NextFunction, type Request, type Response } from 'express';
import { indexRoutes, requestKey, routeKey, routeLayersOf } from './route-index.js';

describe('route keys', () => {
  it('given a route path, keys it by its first three segments, or all when fewer and plain; not when a parameter is among them', () => {
    expect(routeKey('/api/admin/loans/:id/approve-soft')).toBe('api/admin/loans');
    expect(routeKey('/api/Admin/Loans')).toBe('api/admin/loans');
    expect(routeKey('/api/health')).toBe('api/health');
    expect(routeKey('/api/health/')).toBe('api/health');
    expect(routeKey('/api/:tenant/loans')).toBeUndefined();
    expect(routeKey('/api/*rest')).toBeUndefined();
    expect(routeKey('/api{/v1}/loans')).toBeUndefined();
    expect(routeKey('/')).toBe('');
    expect(routeKey(/^\/api/)).toBeUndefined();
    expect(routeKey(['/a', '/b'])).toBeUndefined();
  });

  it('given a request, keys it by the first three segments of its path, as sent, without the query', () => {
    expect(requestKey('/api/admin/loans/123/approve-soft?x=1')).toBe('api/admin/loans');
    expect(requestKey('/API/Admin/LOANS/123')).toBe('api/admin/loans');
    expect(requestKey('/api/health')).toBe('api/health');
    expect(requestKey('/api/health/')).toBe('api/health');
    expect(requestKey('/api/admin/loans/')).toBe('api/admin/loans');
    expect(requestKey('/api/%61dmin/loans')).toBe('api/%61dmin/loans');
    expect(requestKey('/api/ädmin/loans')).toBeUndefined();
    expect(requestKey('/')).toBe('');
    expect(requestKey('*')).toBeUndefined();
  });
});

/**
 * The same app twice, one of them indexed: every request gets the same answer from both (status and body), whatever
 * route takes it, falls through, fails or is not found.
 */
function app(indexed: boolean): express.Express {
  const a = express();
  a.use((req: Request, _res: Response, next: NextFunction) => {
    if (req.path === '/boom-before') return next(new Error('before'));
    next();
  });
  const say = (text: string) => (req: Request, res: Response) => res.json({ text, params: req.params, route: req.route?.path });
  a.get('/api/health', say('health'));
  a.get('/api/admin/loans', say('list'));
  a.get('/api/admin/loans/:id', (req: Request, res: Response, next: NextFunction) =>
    req.params.id === 'pass' ? next() : say('one')(req, res),
  );
  a.get('/api/:area/loans/:id', say('any area'));
  a.post('/api/admin/loans/:id/approve-soft', say('approve'));
  a.get('/api/admin/loans/:id/fail', (_req: Request, _res: Response, next: NextFunction) => next(new Error('route failed')));
  a.get('/api/admin/loans/:id/skip', (_req: Request, _res: Response, next: NextFunction) => next('route'), say('skipped'));
  a.get('/api/admin/loans/:id/skip', say('after skip'));
  a.get('/api/me', say('me'));
  // Middleware between two runs of routes: each run is indexed on its own, and the middleware still runs between them.
  a.use('/api/me', (_req: Request, res: Response, next: NextFunction) => {
    res.locals.seen = 'middleware between the runs';
    next();
  });
  a.all('/api/me/loans', (req: Request, res: Response) => res.json({ text: 'my loans, any method', seen: res.locals.seen }));
  a.get('/{*rest}', say('catch-all'));
  if (indexed) indexRoutes((a as unknown as { router: Parameters<typeof indexRoutes>[0] }).router);
  a.use((req: Request, res: Response) => res.status(404).json({ notFound: req.path }));
  a.use((error: Error, _req: Request, res: Response, _next: NextFunction) => res.status(500).json({ error: error.message }));
  return a;
}

const requests: [string, string][] = [
  ['GET', '/api/health'],
  ['GET', '/API/HEALTH/'],
  ['HEAD', '/api/health'],
  ['GET', '/api/admin/loans'],
  ['GET', '/api/admin/loans/'],
  ['GET', '/api/admin/loans/L1'],
  ['GET', '/api/Admin/Loans/L1?x=y'],
  ['GET', '/api/admin/loans/pass'],
  ['GET', '/api/other/loans/L2'],
  ['POST', '/api/admin/loans/L3/approve-soft'],
  ['GET', '/api/admin/loans/L3/approve-soft'],
  ['PUT', '/api/admin/loans/L3/approve-soft'],
  ['GET', '/api/admin/loans/L4/fail'],
  ['GET', '/api/admin/loans/L5/skip'],
  ['GET', '/api/me'],
  ['DELETE', '/api/me/loans'],
  ['GET', '/api/me/loans'],
  ['GET', '/api/me/loans/x'],
  ['GET', '/assets/app.js'],
  ['POST', '/nowhere'],
  ['GET', '/boom-before'],
  ['GET', '/api/%61dmin/loans/L6'],
  ['GET', '/api//admin/loans'],
  ['GET', '/'],
];

describe('indexRoutes', () => {
  const servers: { close(): void }[] = [];
  const ports: number[] = [];

  beforeAll(async () => {
    for (const indexed of [false, true]) {
      const server = app(indexed).listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      servers.push(server);
      ports.push((server.address() as AddressInfo).port);
    }
  });

  afterAll(() => servers.forEach((s) => s.close()));

  it('replaces each run of route layers with one dispatcher, keyed by the routes that have a plain key', () => {
    const a = express();
    a.use(express.json());
    a.get('/api/docs', (_req, res) => res.end());
    a.get('/api/docs/openapi.json', (_req, res) => res.end());
    a.use((_req: Request, _res: Response, next: NextFunction) => next());
    a.get('/api/health', (_req, res) => res.end());
    a.get('/api/admin/loans', (_req, res) => res.end());
    a.get('/api/admin/loans/:id', (_req, res) => res.end());
    a.get('/api/:area/loans', (_req, res) => res.end());
    a.use((_req: Request, res: Response) => res.status(404).end());
    a.get('/lonely', (_req, res) => res.end());
    const router = (a as unknown as { router: Parameters<typeof indexRoutes>[0] }).router;
    const before = router.stack.length;
    const paths = () => routeLayersOf(router).map((layer) => layer.route!.path);
    const all = paths();
    expect(indexRoutes(router)).toEqual({ routes: 6, keys: 4, runs: 2 });
    expect(router.stack.length).toBe(before - 4);
    // What Express dispatches to, seen through the dispatchers: every route, in its order.
    expect(paths()).toEqual(all);
    expect(all).toEqual([
      '/api/docs',
      '/api/docs/openapi.json',
      '/api/health',
      '/api/admin/loans',
      '/api/admin/loans/:id',
      '/api/:area/loans',
      '/lonely',
    ]);
  });

  it.each(requests)('answers %s %s as the same app without the index', async (method, path) => {
    const [plain, indexed] = await Promise.all(
      ports.map(async (port) => {
        const res = await fetch(`http://127.0.0.1:${port}${path}`, { method });
        return { status: res.status, body: method === 'HEAD' ? '' : await res.text() };
      }),
    );
    expect(indexed).toEqual(plain);
  });

  it('is the same on the paths that tell the routes apart', async () => {
    type Answer = { text?: string; params?: Record<string, string>; route?: string; error?: string; notFound?: string };
    const get = (path: string, method = 'GET') =>
      fetch(`http://127.0.0.1:${ports[1]}${path}`, { method }).then(async (r) => ({ status: r.status, body: (await r.json()) as Answer }));
    expect((await get('/api/admin/loans/L1')).body).toEqual({ text: 'one', params: { id: 'L1' }, route: '/api/admin/loans/:id' });
    expect((await get('/api/admin/loans/pass')).body).toEqual({
      text: 'any area',
      params: { area: 'admin', id: 'pass' },
      route: '/api/:area/loans/:id',
    });
    expect((await get('/api/admin/loans/L3/approve-soft', 'POST')).body.text).toBe('approve');
    expect((await get('/api/admin/loans/L4/fail')).body).toEqual({ error: 'route failed' });
    expect((await get('/api/admin/loans/L5/skip')).body.text).toBe('after skip');
    expect((await get('/assets/app.js')).body.text).toBe('catch-all');
    expect((await get('/api/me/loans')).body).toEqual({ text: 'my loans, any method', seen: 'middleware between the runs' });
    expect(await get('/nowhere', 'POST')).toEqual({ status: 404, body: { notFound: '/nowhere' } });
  });
});
