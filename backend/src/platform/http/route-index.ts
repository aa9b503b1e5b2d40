import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Router, type NextFunction, type Request, type Response } from 'express';

/**
 * The API's routes, found by the first three segments of the path instead of one after the other (issue 30, item 1).
 *
 * Express tries a request's path against every route registered before the one that takes it: with about 270
 * routes, an approval (`POST /api/admin/loans/:id/approve-soft`) was tried against 167 of them, about 54 µs (5 %) of
 * the API's CPU per approval in the bench's profile (the router's `next` and path-to-regexp's `match`). Once Nest has
 * registered them, each run of route layers in the application's router is replaced by a dispatcher that hands the
 * request to a router holding only the routes that can match it: those whose first three segments are the request's
 * (compared as Express compares them, without regard to case), in their original order, plus any route whose first
 * segments are not plain text (a parameter, a wildcard), which every request is tried against. Everything else stays
 * Express's: a route layer matches, runs and falls through (`next()`) exactly as before, an error goes on to the
 * layers after the routes, and a request no route takes goes on to them too.
 */

type RouteLayer = { route?: { path: unknown }; handle?: unknown };
type LayeredRouter = { stack: RouteLayer[]; handle(req: Request, res: Response, next: NextFunction): void };

/** How many leading path segments key the index. */
const KEY_SEGMENTS = 3;
/** A segment with any of these is not plain text in path-to-regexp's syntax (a parameter, wildcard, group, escape). */
const SYNTAX = /[:*?+(){}[\]\\!]/;

/**
 * The key of a route's path: its first three segments, or all of them when it has fewer and all are plain text;
 * undefined when a segment among those is not plain text (or the path is not a string), so that the route is tried
 * against every request.
 */
export function routeKey(path: unknown): string | undefined {
  if (typeof path !== 'string' || !path.startsWith('/')) return undefined;
  const segments = path.slice(1).split('/');
  if (segments.at(-1) === '') segments.pop();
  const leading = segments.slice(0, KEY_SEGMENTS);
  if (leading.some((s) => s === '' || SYNTAX.test(s))) return undefined;
  return leading.join('/').toLowerCase();
}

/**
 * The key of a request: the first three segments of its path as sent (a route of fewer segments has its whole path
 * as its key, and matches only a path of as many segments, with or without one trailing slash). Undefined for a path
 * with characters outside ASCII among them, which then is tried against every route.
 */
export function requestKey(url: string): string | undefined {
  const end = url.indexOf('?');
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.startsWith('/')) return undefined;
  const segments = path.slice(1).split('/', KEY_SEGMENTS + 1);
  if (segments.length <= KEY_SEGMENTS && segments.at(-1) === '') segments.pop();
  const key = segments.slice(0, KEY_SEGMENTS).join('/');
  // eslint-disable-next-line no-control-regex
  return /[^\x00-\x7f]/.test(key) ? undefined : key.toLowerCase();
}

/** Where a dispatcher keeps the route layers it stands for (routeLayersOf). */
const INDEXED_ROUTES = Symbol('indexed routes');

/**
 * The route layers of `router` in their order, those a dispatcher stands for included: what Express dispatches to
 * (the route guard test lists the API's routes this way).
 */
export function routeLayersOf<L extends RouteLayer>(router: { stack: L[] }): L[] {
  return router.stack.flatMap((layer) => {
    const indexed = (layer.handle as { [INDEXED_ROUTES]?: L[] } | undefined)?.[INDEXED_ROUTES];
    return indexed ?? (layer.route ? [layer] : []);
  });
}

/** A router (Express's own dispatch) over the given layers. */
function routerOver(layers: RouteLayer[]): LayeredRouter {
  const router = Router() as unknown as LayeredRouter;
  router.stack = layers;
  return router;
}

/** One layer that hands a request to a router over those of `routes` that can match it (see the file's comment). */
function dispatcherOver(routes: RouteLayer[]): { layer: RouteLayer; keys: number } {
  const keys = routes.map((layer) => routeKey(layer.route!.path));
  const everywhere = routerOver(routes.filter((_, i) => keys[i] === undefined));
  const all = routerOver(routes);
  const byKey = new Map<string, LayeredRouter>();
  for (const key of new Set(keys)) {
    if (key !== undefined) byKey.set(key, routerOver(routes.filter((_, i) => keys[i] === key || keys[i] === undefined)));
  }
  const dispatch = Object.assign(
    function routeIndex(req: Request, res: Response, next: NextFunction): void {
      const key = requestKey(req.url);
      const target = key === undefined ? all : (byKey.get(key) ?? everywhere);
      // No route can take it (a static file, say): on to the layers after the routes, without a turn of the event loop.
      if (target.stack.length === 0) return next();
      target.handle(req, res, next);
    },
    { [INDEXED_ROUTES]: routes },
  );
  // A layer like the middleware the router makes for `use(fn)`: matches every path, strips nothing.
  const layer = (Router() as unknown as { use(fn: unknown): LayeredRouter }).use(dispatch).stack[0]!;
  return { layer, keys: byKey.size };
}

/**
 * Replaces each run of two or more route layers in `router` (Nest's routes; with API_DOCS, Swagger's few before
 * them, with middleware between) with a dispatcher over that run; returns how many routes it indexed, under how many
 * keys, in how many runs.
 */
export function indexRoutes(router: LayeredRouter): { routes: number; keys: number; runs: number } {
  const stack = router.stack;
  const indexed = { routes: 0, keys: 0, runs: 0 };
  for (let first = 0; first < stack.length; first++) {
    let end = first;
    while (end < stack.length && stack[end]!.route !== undefined) end++;
    if (end - first < 2) continue;
    const { layer, keys } = dispatcherOver(stack.slice(first, end));
    indexed.routes += end - first;
    indexed.keys += keys;
    indexed.runs += 1;
    stack.splice(first, end - first, layer);
  }
  return indexed;
}

/** Indexes the HTTP API's routes once Nest has registered them all (at bootstrap, before the server listens). */
@Injectable()
export class RouteIndex implements OnApplicationBootstrap {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onApplicationBootstrap(): void {
    const adapter = this.adapterHost.httpAdapter;
    // The worker has no HTTP server; another adapter routes its own way.
    if (!adapter || adapter.getType() !== 'express') return;
    const app = adapter.getInstance<{ router?: LayeredRouter }>();
    if (app.router) indexRoutes(app.router);
  }
}
