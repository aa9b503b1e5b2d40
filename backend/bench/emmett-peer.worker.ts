/**
 * The worker behind EmmettPeer (emmett-peer.ts): Emmett 0.42's PostgreSQL event store, plain and with an inline
 * projection of loan summaries, appending what the benchmark sends and timing it here, around the appends only.
 */
import { isMainThread, parentPort } from 'node:worker_threads';
import { getPostgreSQLEventStore, postgreSQLRawSQLProjection, type PostgresEventStore } from '@event-driven-io/emmett-postgresql';
import { projections } from '@event-driven-io/emmett';
import pg from 'pg';
import type { LoanEvent } from '../src/lending/loan/domain/loan.events.js';
import { LOAN_EVENT_TYPES } from '../src/lending/loan/domain/loan.events.js';
import { evolve, initialLoanState } from '../src/lending/loan/domain/loan.state.js';
import { toRow } from '../src/lending/loan/projections/loan-summary.projection.js';
import { loanStateOf, type StoredLoanState } from '../src/lending/loan/projections/loan-state-row.js';
import { EMMETT_SUMMARIES_TABLE, type PeerReply, type PeerRequest } from './emmett-peer.js';

/** An SQL text with its literals inlined, as Emmett's raw-SQL projections return them (its `sql` helper's %L). */
const asSql = (text: string) => text as never;
const literal = (value: unknown) =>
  value === null || value === undefined ? 'NULL' : typeof value === 'number' ? String(value) : pg.escapeLiteral(String(value));

type SummaryRow = StoredLoanState & { submitted_at: Date | string | null };

const loanSummariesProjection = postgreSQLRawSQLProjection<LoanEvent & { metadata?: Record<string, unknown> }>({
  name: EMMETT_SUMMARIES_TABLE,
  canHandle: [...LOAN_EVENT_TYPES],
  evolve: async (event, context) => {
    const loanId = String(event.data.loanId);
    const found = await context.execute.query<SummaryRow>(
      asSql(
        `SELECT loan_state, mandates_state, collections_state, last_move, version, submitted_at FROM ${EMMETT_SUMMARIES_TABLE} WHERE id = ${literal(loanId)}`,
      ),
    );
    const existing = found.rows[0];
    const metadata = event.metadata as { streamPosition: bigint; globalPosition: bigint };
    const version = Number(metadata.streamPosition);
    if (existing && existing.version >= version) return [];
    const state = evolve(existing ? loanStateOf(existing) : initialLoanState, { type: event.type, data: event.data } as LoanEvent);
    if (state.status === 'none') return [];
    const submittedAt =
      event.type === 'LoanApplicationSubmitted'
        ? String(event.data.at)
        : existing?.submitted_at
          ? new Date(existing.submitted_at).toISOString()
          : null;
    const row = toRow(state, version, Number(metadata.globalPosition), submittedAt);
    const columns = Object.keys(row);
    return asSql(
      `INSERT INTO ${EMMETT_SUMMARIES_TABLE} (${columns.join(', ')}) VALUES (${Object.values(row).map(literal).join(', ')})
       ON CONFLICT (id) DO UPDATE SET ${columns
         .filter((c) => c !== 'id')
         .map((c) => `${c} = EXCLUDED.${c}`)
         .join(', ')}`,
    );
  },
});

function serve(): void {
  let pool: pg.Pool | undefined;
  let plain: PostgresEventStore | undefined;
  let projecting: PostgresEventStore | undefined;

  const handle = async (request: PeerRequest): Promise<PeerReply> => {
    if (request.kind === 'init') {
      // One pool for both stores, sized like the benchmark's own; Emmett's default pool is pg's (10 connections).
      pool = new pg.Pool({ connectionString: request.url, max: request.poolSize });
      pool.on('error', () => undefined);
      const connectionOptions = { pool };
      plain = getPostgreSQLEventStore(request.url, { connectionOptions });
      projecting = getPostgreSQLEventStore(request.url, { connectionOptions, projections: projections.inline([loanSummariesProjection]) });
      await plain.schema.migrate();
      await projecting.schema.migrate();
      return { ok: true };
    }
    if (request.kind === 'run') {
      const store = request.projection ? projecting! : plain!;
      const started = performance.now();
      await Promise.all(
        request.writers.map(async (appends) => {
          for (const a of appends) {
            await store.appendToStream(a.streamId, [{ type: a.type, data: a.data, metadata: a.metadata }], {
              expectedStreamVersion: BigInt(a.expectedVersion),
            });
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      return { ok: true, appended: request.writers.reduce((n, w) => n + w.length, 0), seconds };
    }
    await pool?.end();
    return { ok: true };
  };

  parentPort!.on('message', (request: PeerRequest) => {
    handle(request).then(
      (reply) => parentPort!.postMessage(reply),
      (error: unknown) => parentPort!.postMessage({ ok: false, error: String((error as Error)?.stack ?? error) } satisfies PeerReply),
    );
  });
}

if (!isMainThread && parentPort) serve();
