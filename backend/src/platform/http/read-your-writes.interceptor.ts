import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { from, mergeMap, Observable } from 'rxjs';
import { DB, type Db } from '../database/database.js';
import { currentLogPosition } from '../database/read-database.js';
import { readingAfter, readRequirementOf } from '../database/read-position.js';

/** The primary's position after a command: the caller sends it back as X-Read-After on its next reads. */
export const COMMIT_POSITION_HEADER = 'X-Commit-Position';
export const READ_AFTER_HEADER = 'X-Read-After';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

type HeaderTarget = { header?: (name: string, value: string) => unknown; setHeader?: (name: string, value: string) => unknown };
type AnyResponse = HeaderTarget & { headersSent?: boolean; sent?: boolean; raw?: { headersSent?: boolean } };

/**
 * Read-your-writes with a replica (installed only when READ_DATABASE_URL is set): a request's X-Read-After binds the
 * read handle (READ_DB) to that position for the request's reads, and a command's successful answer carries the
 * primary's position after its commit in X-Commit-Position. Only for callers that track positions, i.e. send
 * X-Read-After (`0/0` before their first command, as the console does): reading the position is one more round trip
 * to the primary, which a payment provider's webhook or a script has no use for. Both Express's response and
 * Fastify's reply answer `header(name, value)`.
 */
@Injectable()
export class ReadYourWritesInterceptor implements NestInterceptor {
  constructor(@Inject(DB) private readonly db: Db) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<{ method: string; headers: Record<string, string | string[] | undefined> }>();
    const header = request.headers['x-read-after'];
    if (header === undefined) return next.handle();
    const requirement = readRequirementOf(header);
    // 0/0: a caller that tracks positions but has made no command yet; any replica has replayed that far. Bound for
    // every method: a POST that reads (a preview) reads what its caller wrote too.
    const handled =
      requirement === undefined || requirement === 0n
        ? next.handle()
        : new Observable((subscriber) => readingAfter(requirement, () => next.handle().subscribe(subscriber)));
    if (READS.has(request.method)) return handled;
    const response = http.getResponse<AnyResponse>();
    return handled.pipe(
      mergeMap((body) =>
        from(
          currentLogPosition(this.db).then((position) => {
            if (!(response.headersSent || response.sent || response.raw?.headersSent))
              setHeader(response, COMMIT_POSITION_HEADER, position);
            return body;
          }),
        ),
      ),
    );
  }
}

function setHeader(response: HeaderTarget, name: string, value: string): void {
  if (typeof response.header === 'function') response.header(name, value);
  else response.setHeader?.(name, value);
}
