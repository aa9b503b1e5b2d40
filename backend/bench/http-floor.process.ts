import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerTheBench, floorApproval, type Claims } from './floor-approval.js';

/**
 * The floor of the HTTP command path (issue 30, item 1): plain node:http and pg, in a process of its own (forked by
 * http-bench.ts with an IPC channel), doing a staff soft-check approval's essential work and nothing else
 * (floor-approval.ts): the bearer token verified, the JSON body parsed, one statement. It answers `{ id, state, version }`
 * as the API's route does, so the same load generator drives both.
 */
const { BENCH_DATABASE_URL: databaseUrl, BENCH_JWT_SECRET: jwtSecret } = process.env;
if (!databaseUrl || !jwtSecret || !process.send) {
  process.stderr.write('http-floor.process is forked by http-bench.ts (BENCH_DATABASE_URL, BENCH_JWT_SECRET, an IPC channel)\n');
  process.exit(1);
}
const floor = floorApproval(databaseUrl, jwtSecret);
const APPROVE = /^\/api\/admin\/loans\/([0-9a-f-]{36})\/approve-soft$/;

function answer(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

const server = http.createServer((req, res) => {
  const match = req.method === 'POST' ? APPROVE.exec(req.url ?? '') : null;
  if (!match) return answer(res, 404, { detail: 'not found' });
  const claims: Claims | undefined = floor.verify(req.headers.authorization);
  if (!claims) {
    req.resume();
    return answer(res, 401, { detail: 'unauthenticated' });
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    let score: number;
    try {
      score = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { score: number }).score;
      if (!Number.isInteger(score)) throw new Error('score');
    } catch {
      return answer(res, 400, { detail: 'score must be a whole number' });
    }
    floor.approve(match[1]!, claims, score).then(
      (result) => answer(res, result.status, result.body),
      (error: Error) => answer(res, 500, { detail: error.message }),
    );
  });
});

server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () =>
  answerTheBench((server.address() as AddressInfo).port, async () => {
    server.close();
    await floor.end();
  }),
);
