import type { IncomingMessage, ServerResponse } from 'node:http';
import { Router } from 'express';

/** What this needs of Express's router (the `router` package) and its layers. */
type Layer = { route?: { path?: unknown }; match(path: string): unknown };
type Next = (error?: unknown) => void;
export type ExpressRouter = {
  stack: Layer[];
  use(handler: (req: IncomingMessage, res: ServerResponse, next: Next) => void): unknown;
  handle(req: IncomingMessage, res: ServerResponse, done: Next): void;
};
type TrieNode = { children: Map<string, TrieNode>; here: number[]; candidates?: number[]; router?: ExpressRouter };

/** The leading segments of a route's path that are plain text (no parameter, wildcard or group), lower-cased. */
export function literalPrefix(path: string): string[] {
  const segments: string[] = [];
  for (const segment of path.split('/').slice(1)) {
    if (segment === '' || /[:*?+(){}[\]\\]/.test(segment)) break;
    segments.push(segment.toLowerCase());
  }
  return segments;
}

/**
 * An index of the routes Express holds, so that a request is matched against the few routes that can match its path
 * instead of each of the ~200 in turn (issue 30, item 1: the walk, a regular expression per route, was about 5% of an
 * API process's CPU per approval, the approvals' route being the 155th layer).
 *
 * The longest run of route layers in the application's router is indexed by the plain-text segments each route's
 * path begins with (a trie, case-insensitive as Express's routing is). A request is handed to a router holding, in
 * their original order, only the routes whose plain-text beginning is a beginning of the request's path: every route
 * that can match it (a route's pattern begins with its plain text), so the first to match is the one Express would
 * have picked, with the same layers, parameters and `req.route`. No match: the request goes on to the layers after
 * the routes (the 404), as before. The original layers stay in the stack after the index, never matching (a path
 * they would match went to the index first), so what reads the stack (the route-guard tests) sees every route.
 * Paths Express parses the slow way (a `#`, a space, an absolute URL) are given every route.
 */
export function indexRoutes(router: ExpressRouter): void {
  const stack = router.stack;
  let start = -1;
  let length = 0;
  for (let i = 0; i < stack.length;) {
    let j = i;
    while (j < stack.length && typeof stack[j]!.route?.path === 'string') j++;
    if (j - i > length) [start, length] = [i, j - i];
    i = j + 1;
  }
  if (length < 8) return;
  const routes = stack.slice(start, start + length);
  const root: TrieNode = { children: new Map(), here: [] };
  routes.forEach((layer, i) => {
    let node = root;
    for (const segment of literalPrefix(layer.route!.path as string)) {
      let child = node.children.get(segment);
      if (!child) node.children.set(segment, (child = { children: new Map(), here: [] }));
      node = child;
    }
    node.here.push(i);
  });
  const everyRoute: TrieNode = { children: new Map(), here: [], candidates: routes.map((_, i) => i) };
  const routerOf = (node: TrieNode): ExpressRouter => {
    if (!node.router) {
      const sub = Router() as unknown as ExpressRouter;
      sub.stack = node.candidates!.map((i) => routes[i]!);
      node.router = sub;
    }
    return node.router;
  };
  const nodeFor = (url: string): TrieNode => {
    const query = url.indexOf('?');
    const path = query < 0 ? url : url.slice(0, query);
    if (path[0] !== '/' || /[\s#\u00a0\ufeff]/.test(path)) return everyRoute;
    let node = root;
    let found: number[] = root.here;
    for (const segment of path.split('/').slice(1)) {
      const child = node.children.get(segment.toLowerCase());
      if (!child) break;
      node = child;
      found = found.concat(child.here);
    }
    if (!node.candidates) node.candidates = found.sort((a, b) => a - b);
    return node;
  };
  router.use(function routeIndex(req, res, next) {
    routerOf(nodeFor(req.url ?? '/')).handle(req, res, next);
  });
  const index = stack.pop()!;
  const ghosts = routes.map((layer) => Object.assign(Object.create(layer) as Layer, { match: () => false }));
  stack.splice(start, length, index, ...ghosts);
}
