import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpProblem } from './problem.js';
import { sendProblem } from './problem.filter.js';

const hasBody = (request: FastifyRequest) =>
  Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;

/** The media type of a Content-Type header, lower case, without its parameters. */
const mediaType = (header: string | undefined) => (header ?? '').split(';', 1)[0].trim().toLowerCase();

/**
 * A body that is not JSON would otherwise be refused with Fastify's words or read as something else; say what is
 * wrong instead. A Fastify `onRequest` hook on /api (before the body is read), so it answers the problem itself.
 * `uploads` names the POST paths (under /api) that take multipart/form-data instead (file uploads).
 */
export function requireJson(uploads: readonly string[] = []) {
  const uploadPaths = new Set(uploads.map((path) => `/api${path}`));
  return (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    if (!['POST', 'PUT', 'PATCH'].includes(request.method) || !request.url.startsWith('/api') || !hasBody(request)) return done();
    const type = mediaType(request.headers['content-type']);
    if (type === 'application/json') return done();
    const path = request.url.split('?', 1)[0];
    if (request.method === 'POST' && uploadPaths.has(path) && type === 'multipart/form-data') return done();
    sendProblem(
      reply,
      new HttpProblem(
        415,
        'unsupported-media-type',
        'Unsupported media type',
        'Send the request body as JSON with Content-Type: application/json.',
      ),
      request.url,
    );
  };
}
