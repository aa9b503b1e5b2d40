import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import cors from 'cors';
import { corsHeaders } from './cors.js';

const options = {
  origins: ['https://console.example', 'http://localhost:5173'],
  exposedHeaders: ['Content-Range', 'X-Document-SHA256'],
  allowedHeaders: ['Content-Type', 'Authorization', 'Range', 'Idempotency-Key', 'X-Device-Id'],
};

/** What a CORS middleware does to one request: the response's headers and status, and whether it passed it on. */
function run(
  middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => void,
  method: string,
  headers: Record<string, string>,
  vary?: string,
) {
  const req = new IncomingMessage(new Socket());
  req.method = method;
  req.headers = headers;
  const res = new ServerResponse(req);
  if (vary) res.setHeader('Vary', vary);
  let passed = false;
  middleware(req, res, () => (passed = true));
  return { headers: res.getHeaders(), status: res.statusCode, passed };
}

describe('corsHeaders', () => {
  // The cors package as Nest's enableCors used it: the same answers, header for header.
  const reference = cors({
    origin: options.origins as string[],
    credentials: true,
    exposedHeaders: options.exposedHeaders as string[],
    allowedHeaders: options.allowedHeaders as string[],
  });
  const ours = corsHeaders(options);
  const cases: [string, Record<string, string>, string | undefined][] = [
    ['GET', {}, undefined],
    ['POST', { origin: 'https://console.example' }, undefined],
    ['POST', { origin: 'https://evil.example' }, undefined],
    ['GET', { origin: 'http://localhost:5173' }, 'Accept-Encoding'],
    ['GET', { origin: 'http://localhost:5173' }, 'Origin'],
    ['OPTIONS', { origin: 'https://console.example', 'access-control-request-method': 'POST' }, undefined],
    ['OPTIONS', { origin: 'https://evil.example', 'access-control-request-method': 'DELETE' }, undefined],
    ['OPTIONS', {}, undefined],
  ];
  it.each(cases)('answers %s %j (Vary before: %s) as the cors package does', (method, headers, vary) => {
    expect(run(ours, method, headers, vary)).toEqual(run(reference, method, headers, vary));
  });
});
