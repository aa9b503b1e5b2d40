import { describe, expect, it } from '@jest/globals';
import express, { type Request, type Response } from 'express';
import request from 'supertest';
import { indexRoutes, literalPrefix, type ExpressRouter } from './route-index.js';

const PATHS = [
  ['get', '/api/health/live'],
  ['get', '/api/admin/loans'],
  ['get', '/api/admin/loans/export'],
  ['get', '/api/admin/loans/:id'],
  ['post', '/api/admin/loans/:id/approve-soft'],
  ['post', '/api/admin/loans/:id/accept'],
  ['get', '/api/admin/loans/:id/history'],
  ['get', '/api/me'],
  ['get', '/api/me/loans/:id'],
  ['post', '/api/me/loans'],
  ['get', '/api/public/emi'],
  ['get', '/api/:kind/things'],
  ['get', '/api/docs-yaml'],
  ['get', '/api/files/{*rest}'],
] as const;

/** An app with these routes, each answering which route it is and its parameters; a 404 after them. */
function app(indexed: boolean) {
  const a = express();
  a.use((req, _res, next) => next());
  for (const [method, path] of PATHS)
    a[method](path, (req: Request, res: Response) => res.json({ route: `${req.method} ${req.route?.path}`, params: req.params }));
  a.use((_req: Request, res: Response) => res.status(404).json({ route: 'none' }));
  if (indexed) indexRoutes(a.router as unknown as ExpressRouter);
  return a;
}

describe('indexRoutes', () => {
  it('takes the plain-text beginning of a route path', () => {
    expect(literalPrefix('/api/Admin/loans/:id/approve-soft')).toEqual(['api', 'admin', 'loans']);
    expect(literalPrefix('/api/files/{*rest}')).toEqual(['api', 'files']);
    expect(literalPrefix('/')).toEqual([]);
  });

  it('keeps every route in the stack for whoever reads it', () => {
    const routes = (app(true).router as unknown as ExpressRouter).stack.filter((l) => l.route).map((l) => l.route!.path);
    expect(routes).toEqual(PATHS.map(([, path]) => path));
  });

  const requests: [string, string][] = [
    ['GET', '/api/health/live'],
    ['GET', '/api/admin/loans'],
    ['GET', '/api/admin/loans/'],
    ['GET', '/API/Admin/Loans/export'],
    ['GET', '/api/admin/loans/123?x=1'],
    ['HEAD', '/api/admin/loans/123'],
    ['POST', '/api/admin/loans/abc/approve-soft'],
    ['POST', '/api/admin/loans/abc/approve-soft/'],
    ['GET', '/api/admin/loans/abc/approve-soft'],
    ['POST', '/api/admin/loans/abc/history'],
    ['GET', '/api/admin/loans/abc/history'],
    ['GET', '/api/me'],
    ['GET', '/api/me/loans/7'],
    ['GET', '/api/me/things'],
    ['GET', '/api/admin/things'],
    ['GET', '/api/public/emi?principal=1'],
    ['GET', '/api/docs-yaml'],
    ['GET', '/api/files/a/b/c.pdf'],
    ['GET', '/api/%6De'],
    ['GET', '/api/admin/loans/a%20b'],
    ['GET', '/api//admin/loans'],
    ['GET', '/api/unknown'],
    ['GET', '/'],
  ];
  it.each(requests)('answers %s %s as Express does without the index', async (method, path) => {
    const answer = async (indexed: boolean) => {
      const res = await request(app(indexed))[method.toLowerCase() as 'get'](path);
      return { status: res.status, body: res.body as unknown };
    };
    expect(await answer(true)).toEqual(await answer(false));
  });
});
