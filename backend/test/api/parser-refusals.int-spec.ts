import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Requests Node's HTTP parser refuses before any route runs are answered as problem details too (issue 9, item 13). */
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await startTestApp('parser_refusals');
  await t.app.listen(0, '127.0.0.1');
  port = (t.app.getHttpServer().address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Sends raw bytes and reads the whole answer (the server closes the connection after a parser refusal). */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

function parse(answer: string) {
  const [head, body] = answer.split('\r\n\r\n');
  const [statusLine, ...headers] = head.split('\r\n');
  return {
    status: Number(statusLine.split(' ')[1]),
    headers: headers.map((h) => h.toLowerCase()),
    body: JSON.parse(body) as Record<string, unknown>,
  };
}

describe('parser refusals', () => {
  it('answers headers over 16 KB with 431 problem+json, not a bare status line', async () => {
    const answer = parse(await raw(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.headers).toContain('content-type: application/problem+json; charset=utf-8');
    expect(answer.body).toMatchObject({ type: 'headers-too-large', status: 431 });
  });

  it('answers a request that is not HTTP with 400 problem+json and no parser error text', async () => {
    const text = await raw('THIS IS NOT HTTP\r\n\r\n');
    const answer = parse(text);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ type: 'malformed-request', status: 400 });
    expect(text).not.toMatch(/HPE_|Parse Error/);
  });

  it('still serves ordinary requests on the same server', async () => {
    const answer = parse(await raw('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'up' });
  });
});
