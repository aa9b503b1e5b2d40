import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import pg from 'pg';

/**
 * A staff soft-check approval's essential work, shared by the floor servers (http-floor.process.ts on node:http,
 * http-framework-floor.process.ts on Nest): the bearer token's HS256 signature and expiry verified as the API does
 * (jsonwebtoken with a KeyObject), and one transaction, sent as one statement as the API's append is: the loan's
 * `loan_summaries` row locked in soft.pending, the `SoftCheckApproved` event inserted at the next version (with loanId,
 * at, actor, score, approvedAmount and fee, as the API appends it: the log stays replayable, and the bench's rebuild
 * that follows folds it), the row updated with the event's position.
 */
export type Claims = { sub: string; role: string };

export type FloorApproval = {
  /** The claims of a valid bearer token, or undefined (401). */
  verify(authorization: string | undefined): Claims | undefined;
  /** 200 `{ id, state, version }`, or 409 when the loan is not in soft.pending. */
  approve(loanId: string, claims: Claims, score: number): Promise<{ status: number; body: unknown }>;
  end(): Promise<void>;
};

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

/** The floor's work over the API's database (`BENCH_DATABASE_URL`) with the API's token secret and pool size. */
export function floorApproval(databaseUrl: string, jwtSecret: string): FloorApproval {
  const key: KeyObject = createSecretKey(Buffer.from(jwtSecret, 'utf8'));
  // The API's pool size by default (DATABASE_POOL_SIZE, 10).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  return {
    verify(authorization) {
      if (!authorization?.startsWith('Bearer ')) return undefined;
      try {
        return jwt.verify(authorization.slice(7), key, { algorithms: ['HS256'] }) as Claims;
      } catch {
        return undefined;
      }
    },
    async approve(loanId, claims, score) {
      const metadata = JSON.stringify({ actor: { id: claims.sub, role: claims.role }, commandType: 'ApproveSoftCheck' });
      const result = await pool.query<{ version: number }>({
        ...APPROVE_STATEMENT,
        values: [loanId, score, claims.sub, claims.role, metadata, new Date().toISOString()],
      });
      const row = result.rows[0];
      if (!row) return { status: 409, body: { detail: `loan ${loanId} is not in soft.pending` } };
      return { status: 200, body: { id: loanId, state: 'bank.pending', version: row.version } };
    },
    end: () => pool.end(),
  };
}

/** Tells the forking bench `{ port }`; on `cpu` answers `{ cpuMs }` (this process's user + system time); stops on `stop`. */
export function answerTheBench(port: number, stop: () => Promise<void>): void {
  process.send!({ port });
  process.on('message', (message) => {
    if (message === 'cpu') {
      const used = process.cpuUsage();
      process.send!({ cpuMs: (used.user + used.system) / 1000 });
    } else if (message === 'stop') {
      void stop().then(() => process.exit(0));
    }
  });
}
