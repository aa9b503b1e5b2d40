import type { Duplex } from 'node:stream';

/** What Node's HTTP parser refuses before any route runs, as the problem details every other refusal is. */
const PARSER_PROBLEMS: Record<string, { status: number; reason: string; type: string; title: string; detail: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    type: 'headers-too-large',
    title: 'Request headers too large',
    detail: 'The request line and headers together exceed 16 KB; send a shorter address or fewer headers.',
  },
};
const MALFORMED = {
  status: 400,
  reason: 'Bad Request',
  type: 'malformed-request',
  title: 'Malformed request',
  detail: 'The request could not be read as HTTP.',
};

/**
 * Node answers a request its parser refuses (headers over 16 KB, broken HTTP) with a bare status line of its own, and
 * Fastify with JSON of its own; this (Fastify's `clientErrorHandler`) answers it with problem+json instead, and never
 * with the parser's error text.
 */
export function answerClientErrorAsProblem(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const problem = PARSER_PROBLEMS[error.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify({
    type: problem.type,
    title: problem.title,
    status: problem.status,
    detail: problem.detail,
    message: problem.detail,
  });
  socket.end(
    `HTTP/1.1 ${problem.status} ${problem.reason}\r\nContent-Type: application/problem+json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}
