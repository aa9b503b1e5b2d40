import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** One `METHOD /api/...` a page of docs/ names, where (file:line), and the path as written. */
export type DocumentedEndpoint = { method: string; path: string; written: string; where: string; line: string };

/**
 * A path as the OpenAPI document writes it: parameters (`:id`, `{id}`, `<id>`) as `{}`, no query, no trailing
 * slash or punctuation, so `/api/admin/loans/:id/approve-soft` and `/api/admin/loans/{id}/approve-soft` compare equal.
 */
export function normalisePath(written: string): string {
  return (
    written
      .split('?', 1)[0]
      .replace(/[.,;:)]+$/, '')
      .replace(/\/+$/, '')
      .split('/')
      .map((segment) => (/^(:[A-Za-z_][\w]*|\{[^}]+\}|<[^>]+>)$/.test(segment) ? '{}' : segment))
      .join('/') || '/'
  );
}

const METHOD = `(${HTTP_METHODS.join('|')})`;
/** `GET /api/x`, `` `GET /api/x` ``, `GET` `/api/x` (inline), and table rows `| GET, PUT | `/api/x` |`. */
const INLINE = new RegExp(`\\b${METHOD}\\b[\`\\s]*(\\/api\\/[^\\s\`|"'<>\\]]*(?:<[^>\\s]+>[^\\s\`|"'<\\]]*)*)`, 'g');
const TABLE_ROW = new RegExp(`^\\|\\s*(${METHOD}(?:\\s*[,/]\\s*${METHOD})*)\\s*\\|\\s*\`(\\/api\\/[^\`]*)\``);

/** Every endpoint named with its method in `docsDir`'s pages (ADRs included), in page order. */
export function documentedEndpoints(docsDir: string): DocumentedEndpoint[] {
  const files = readdirSync(docsDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .sort();
  const found: DocumentedEndpoint[] = [];
  for (const file of files) {
    const lines = readFileSync(path.join(docsDir, file), 'utf8').split('\n');
    lines.forEach((line, index) => {
      const where = `docs/${file}:${index + 1}`;
      const row = TABLE_ROW.exec(line);
      const path_ = row?.[row.length - 1];
      if (row && path_)
        for (const method of row[1].split(/\s*[,/]\s*/))
          found.push({ method, path: normalisePath(path_), written: `${method} ${path_}`, where, line });
      for (const match of line.matchAll(INLINE)) {
        // An elided path (`/api/admin/loans/:id/...`) names a family, not one endpoint.
        if (/\.\.\.|…|\*/.test(match[2])) continue;
        found.push({ method: match[1], path: normalisePath(match[2]), written: `${match[1]} ${match[2]}`, where, line });
      }
    });
  }
  return found;
}

type OpenApiDocument = { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>> };

/** Every operation of an OpenAPI document as `METHOD path` (paths normalised as above), with its request body's media types. */
export function openApiOperations(document: OpenApiDocument): Map<string, string[]> {
  const operations = new Map<string, string[]>();
  for (const [p, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (HTTP_METHODS.includes(method.toUpperCase() as (typeof HTTP_METHODS)[number]))
        operations.set(`${method.toUpperCase()} ${normalisePath(p)}`, Object.keys(operation.requestBody?.content ?? {}));
    }
  }
  return operations;
}
