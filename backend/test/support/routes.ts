import { RequestMethod, type INestApplication, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import { REQUIRED_PERMISSION } from '../../src/identity/auth/require-permission.decorator.js';
import { PUBLIC_ROUTE, ROUTE_ROLES, type Role } from '../../src/platform/http/access.decorators.js';

export type DiscoveredRoute = {
  method: string;
  /** Full path as the router sees it, e.g. /api/admin/loans/:id */
  path: string;
  controller: string;
  handler: string;
  /** As the guard reads it: handler metadata overrides the controller's. */
  isPublic: boolean;
  roles: Role[] | undefined;
  handlerIsPublic: boolean;
  handlerRoles: Role[] | undefined;
  /** The staff permission the handler names with @RequirePermission, if any. */
  permission: string | undefined;
};

const GLOBAL_PREFIX = 'api';

const paths = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : [value === undefined ? '' : String(value)]);

function join(...parts: string[]): string {
  return (
    '/' +
    parts
      .flatMap((p) => p.split('/'))
      .filter(Boolean)
      .join('/')
  );
}

/**
 * Every route the Nest application registered, read from the controllers' own metadata (what the router and the
 * AccessGuard read), not from a hand-kept list.
 */
export function discoverRoutes(app: INestApplication): DiscoveredRoute[] {
  const modules = app.get(ModulesContainer);
  const scanner = new MetadataScanner();
  const routes: DiscoveredRoute[] = [];
  const seen = new Set<Type>();
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | undefined;
      if (!controller || seen.has(controller)) continue;
      seen.add(controller);
      const prefixes = paths(Reflect.getMetadata(PATH_METADATA, controller));
      const classPublic = Reflect.getMetadata(PUBLIC_ROUTE, controller) as boolean | undefined;
      const classRoles = Reflect.getMetadata(ROUTE_ROLES, controller) as Role[] | undefined;
      for (const name of scanner.getAllMethodNames(controller.prototype)) {
        const handler = controller.prototype[name] as object;
        const methodPath = Reflect.getMetadata(PATH_METADATA, handler);
        if (methodPath === undefined) continue; // a helper method, not a route
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const handlerIsPublic = Reflect.getMetadata(PUBLIC_ROUTE, handler) as boolean | undefined;
        const handlerRoles = Reflect.getMetadata(ROUTE_ROLES, handler) as Role[] | undefined;
        const permission = Reflect.getMetadata(REQUIRED_PERMISSION, handler) as string | undefined;
        for (const prefix of prefixes) {
          for (const p of paths(methodPath)) {
            routes.push({
              method,
              path: join(GLOBAL_PREFIX, prefix, p),
              controller: controller.name,
              handler: name,
              isPublic: Boolean(handlerIsPublic ?? classPublic),
              roles: handlerRoles ?? classRoles,
              handlerIsPublic: Boolean(handlerIsPublic),
              permission,
              handlerRoles,
            });
          }
        }
      }
    }
  }
  return routes.sort((a, b) => key(a).localeCompare(key(b)));
}

export const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/**
 * Routes Fastify itself holds (method + path), to check the discovery missed nothing: read from its radix tree as
 * `printRoutes()` draws it (each line a node's part of the path and the methods ending there, indented four
 * characters under its parent). The HEAD routes Fastify adds beside each GET are left out.
 */
export function registeredRoutes(app: INestApplication): { method: string; path: string }[] {
  const fastify = app.getHttpAdapter().getInstance() as { printRoutes(): string };
  const parents: string[] = [];
  const routes: { method: string; path: string }[] = [];
  for (const line of fastify.printRoutes().split('\n')) {
    const match = /^(.*?)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = [...match[1]].length / 4;
    const path = (parents[depth - 1] ?? '') + match[2];
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) if (method && method !== 'HEAD') routes.push({ method, path });
  }
  return routes;
}
