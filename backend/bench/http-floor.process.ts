import { createSecretKey } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import pg from 'pg';

/**
 * The floor of the HTTP command path (issue 30, item 1): plain node:http and pg, in a process of its own (forked by
 * http-bench.ts with an IPC channel), doing a staff soft-check approval's essential work and nothing else: the bearer
 * token's HS256 signature and expiry verified as the API does (jsonwebtoken with a KeyObject), the JSON body parsed,
 * and one transaction (one statement) that locks the loan's summary row, inserts the event at the next version and
 * updates the row.
 * It answers `{ id, state, version }` as the API's route does, so the same load generator drives both. The event is
 * the one the API appends (`SoftCheckApproved` with loanId, at, actor, score, approvedAmount, fee): the log stays
 * replayable, and the bench's rebuild that follows folds it (an event without its actor once failed that rebuild).
 *
 * Tells its parent `{ port }`; on `cpu` answers `{ cpuMs }` (this process's user + system time so far); stops on `stop`.
 */
const { BENCH_DATABASE_URL: databaseUrl, BENCH_JWT_SECRET: jwtSecret } = process.env;
if (!databaseUrl || !jwtSecret || !process.send) {
  process.stderr.write('http-floor.process is forked by http-bench.ts (BENCH_DATABASE_URL, BENCH_JWT_SECRET, an IPC channel)\n');
  process.exit(1);
}
const key = createSecretKey(Buffer.from(jwtSecret, 'utf8'));
// The API's pool size by default (DATABASE_POOL_SIZE, 10).
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
const APPROVE = /^\/api\/admin\/loans\/([0-9a-f-]{36})\/approve-soft$/;

type Claims = { sub: string; role: string };

function answer(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * The transaction as one statement (one round trip, as the API's append is): the row locked, the event inserted at the
 * next version when the loan is in soft.pending, the row updated with the event's position. No row: not in soft.pending.
 */
const APPROVE_STATEMENT = {
  name: 'floor_approve',
  text: `WITH locked AS (
           SELECT id, version, amount, fee FROM loan_summaries WHERE id = $1 AND state = 'soft.pending' FOR UPDATE),
         appended AS (
           INSERT INTO events (stream_id, stream_type, version, type, data, metadata)
           SELECT 'loan-' || id, 'loan', version + 1, 'SoftCheckApproved',
                  jsonb_build_object('loanId', id, 'at', $6::text, 'actor', jsonb_build_object('id', $3::text, 'role', $4::text),
                                     'score', $2::int, 'approvedAmount', amount, 'fee', fee), $5::jsonb
           FROM locked
           RETURNING global_position, version)
         UPDATE loan_summaries s SET state = 'bank.pending', score = $2, approved_amount = s.amount, soft_approved_at = now(),
                soft_approved_by = $3, last_actor_id = $3, last_actor_role = $4, updated_at = now(),
                version = a.version, last_position = a.global_position
         FROM appended a WHERE s.id = $1
         RETURNING s.version`,
};

async function approve(loanId: string, claims: Claims, score: number): Promise<{ status: number; body: unknown }> {
  const metadata = JSON.stringify({ actor: { id: claims.sub, role: claims.role }, commandType: 'ApproveSoftCheck' });
  const result = await pool.query<{ version: number }>({
    ...APPROVE_STATEMENT,
    values: [loanId, score, claims.sub, claims.role, metadata, new Date().toISOString()],
  });
  const row = result.rows[0];
  if (!row) return { status: 409, body: { detail: `loan ${loanId} is not in soft.pending` } };
  return { status: 200, body: { id: loanId, state: 'bank.pending', version: row.version } };
}

const server = http.createServer((req, res) => {
  const match = req.method === 'POST' ? APPROVE.exec(req.url ?? '') : null;
  if (!match) return answer(res, 404, { detail: 'not found' });
  let claims: Claims;
  try {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('Bearer ')) throw new Error('no bearer token');
    claims = jwt.verify(header.slice(7), key, { algorithms: ['HS256'] }) as Claims;
  } catch {
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
    approve(match[1]!, claims, score).then(
      (result) => answer(res, result.status, result.body),
      (error: Error) => answer(res, 500, { detail: error.message }),
    );
  });
});

server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.send!({ port: (server.address() as AddressInfo).port });
});
process.on('message', (message) => {
  if (message === 'cpu') {
    const used = process.cpuUsage();
    process.send!({ cpuMs: (used.user + used.system) / 1000 });
  } else if (message === 'stop') {
    server.close();
    void pool.end().then(() => process.exit(0));
  }
});
