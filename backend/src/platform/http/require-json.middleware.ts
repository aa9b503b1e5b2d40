import type { NextFunction, Request, Response } from 'express';
import { HttpProblem } from './problem.js';
import { toProblem } from './problem.filter.js';

const hasBody = (req: Request) => Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

/**
 * A body that is not JSON would otherwise be dropped silently and answered with a list of "missing" fields; say
 * what is wrong instead. Plain Express middleware (it runs before routing), so it answers the problem itself.
 * `uploads` names the POST paths (under the mount) that take multipart/form-data instead (file uploads).
 */
export const requireJson =
  (uploads: readonly string[] = []) =>
  (req: Request, res: Response, next: NextFunction): void => {
    if (!['POST', 'PUT', 'PATCH'].includes(req.method) || !hasBody(req) || req.is('application/json')) return next();
    if (req.method === 'POST' && uploads.includes(req.path) && req.is('multipart/form-data')) return next();
    const problem = toProblem(
      new HttpProblem(
        415,
        'unsupported-media-type',
        'Unsupported media type',
        'Send the request body as JSON with Content-Type: application/json.',
      ),
      req.originalUrl,
    );
    res.status(415).type('application/problem+json').send(JSON.stringify(problem));
  };
