import { sql, type Kysely } from 'kysely';
import { ListLoansHandler, ListLoansQuery } from '../src/lending/loan/application/queries/list-loans.handler.js';
import { LOAN_QUEUES, type LoanQueue } from '../src/lending/loan/application/queries/loan-queues.js';
import type { AppConfig } from '../src/platform/config/config.js';
import { ApiClient } from './api-client.js';
import { forkBenchScript, stopBenchScript } from './child-process.js';
import { SURNAMES } from './bulk-load.js';
import { LeanClient } from './lean-client.js';
import { loanStreamId, stepMetadata, type GeneratedLoan, type LoanHistoryGenerator } from './loan-histories.js';
import { percentile, tidy, type Figure } from './measure.js';
import { benchmarkFullRebuild } from './rebuild-bench.js';

/**
 * Issue 11, goals 3 and 4: the console's queue pages at BENCH_LOANS loans (every queue, its default sort and the
 * other sorts the console offers, with the exact total in Content-Range), text search, the menu counts, and the
 * full rebuild of the log grown to that size. The log is written by a pipelined bulk loader (the next chunk of
 * loans is generated while two chunks are being inserted), so BENCH_LOANS=1000000 (about 5.4 million events) is
 * practical; memory stays flat (one chunk of loans at a time per insert in flight).
 */
export type QueueBenchContext = {
  db: Kysely<any>;
  databaseUrl: string;
  /** Stop after the full rebuild (BENCH_ONLY=rebuild): no queue pages. */
  rebuildOnly?: boolean;
  api: ApiClient;
  generator: LoanHistoryGenerator;
  figures: Figure[];
  log: (line: string) => void;
  staffToken: string;
  loans: number;
  quick: boolean;
  interrupted: () => boolean;
  /** What an API process of its own needs (http-api.process.ts): the pages are timed against it, not this process. */
  apiProcessEnv: Record<string, string>;
};

export const QUEUE_PAGE_GOAL_MS = 15;
export const SEARCH_GOAL_MS = 50;

/** Gate of each approved list, and the sort field of its "Approved" column (admin-console/src/loans/LoanList.tsx). */
const GATE_SORT: Record<string, string> = {
  'soft.approved': 'softApprovedAt',
  'bank.approved': 'bankApprovedAt',
  'consent.approved': 'consentApprovedAt',
  'final.approved': 'finalApprovedAt',
};

type ConsoleQueue = { label: string; filter: Record<string, string>; defaultSort: string; otherSorts: string[] };

/**
 * What the console sends per queue (admin-console/src/loans/{queues.ts,LoanList.tsx}): every queue of the API,
 * plus the active loans by type; the default sort DESC, and the sortable columns in both directions.
 */
export function consoleQueues(): ConsoleQueue[] {
  const queues: ConsoleQueue[] = LOAN_QUEUES.map((queue) => {
    const gate = GATE_SORT[queue];
    return gate
      ? { label: queue, filter: { queue }, defaultSort: gate, otherSorts: ['type', 'amount', 'tenureMonths', 'state'] }
      : { label: queue, filter: { queue }, defaultSort: 'createdAt', otherSorts: ['type', 'amount', 'tenureMonths', 'updatedAt'] };
  });
  for (const type of ['EMI', 'salaryAdvance']) {
    queues.push({
      label: `active/${type}`,
      filter: { queue: 'active', type },
      defaultSort: 'createdAt',
      otherSorts: ['amount', 'tenureMonths', 'updatedAt'],
    });
  }
  return queues;
}

const slug = (label: string) =>
  label
    .replace(/[^a-zA-Z0-9]+/g, '_')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase();

/**
 * Writes whole loan histories straight into `events` (no projection), as bulk-load.ts's insertLoanEvents does
 * (same columns and JSON, ordered by business time within the call, so the log interleaves loans), but with one
 * parameter per value in multi-row VALUES of 10,000 events: PostgreSQL parses large text[] literals (the unnest
 * form) several times slower.
 */
export async function insertLoanEventsFast(db: Kysely<any>, loans: readonly GeneratedLoan[], statementRows = 10_000): Promise<number> {
  const rows: { stream_id: string; stream_type: string; version: number; type: string; data: string; metadata: string; at: string }[] = [];
  for (const loan of loans) {
    const stream = loanStreamId(loan.loanId);
    loan.steps.forEach((step, i) => {
      rows.push({
        stream_id: stream,
        stream_type: 'loan',
        version: i + 1,
        type: step.event.type,
        data: JSON.stringify(step.event.data),
        metadata: JSON.stringify(stepMetadata(step)),
        at: step.event.data.at,
      });
    });
  }
  rows.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.version - b.version));
  for (let start = 0; start < rows.length; start += statementRows) {
    await db
      .insertInto('events')
      .values(rows.slice(start, start + statementRows).map(({ at: _at, ...row }) => row))
      .execute();
  }
  return rows.length;
}

/** Writes `count` generated loans to the log: chunks of 5000 loans, two inserts in flight while the next chunk is generated. */
export async function bulkLoadLoans(ctx: QueueBenchContext, count: number, label: string): Promise<{ events: number; seconds: number }> {
  const chunk = 5_000;
  const started = performance.now();
  let events = 0;
  let done = 0;
  let lastLog = 0;
  const inFlight: Promise<number>[] = [];
  for (let generated = 0; generated < count && !ctx.interrupted();) {
    const n = Math.min(chunk, count - generated);
    const loans = Array.from({ length: n }, () => ctx.generator.next());
    generated += n;
    inFlight.push(insertLoanEventsFast(ctx.db, loans).then((written) => ((done += n), written)));
    if (inFlight.length >= 2) events += await inFlight.shift()!;
    if (performance.now() - lastLog > 5_000 || generated === count) {
      lastLog = performance.now();
      const seconds = (performance.now() - started) / 1000;
      const rss = Math.round(process.memoryUsage().rss / 2 ** 20);
      ctx.log(`  ${label}: ${done}/${count} loans, ${events} events written (${Math.round(events / seconds)} events/s, rss ${rss} MiB)`);
    }
  }
  for (const p of inFlight) events += await p;
  return { events, seconds: (performance.now() - started) / 1000 };
}

async function count(db: Kysely<any>, table: string): Promise<number> {
  const r = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db);
  return Number(r.rows[0].n);
}

async function time(
  ctx: QueueBenchContext,
  path: string,
  warmup: number,
  requests: number,
): Promise<{ latencies: number[]; total: string }> {
  // node:http, not fetch: the client shares this process with the API, and undici's fetch would add its own
  // 1.2 ms of CPU per request to every page's time (lean-client.ts).
  const client = new LeanClient(ctx.api.baseUrl, 1);
  try {
    const get = async () => {
      const answer = await client.get(path, ctx.staffToken);
      if (answer.status !== 200)
        throw new Error(
          `GET ${path.split('?')[0]} answered ${answer.status} instead of 200 (${answer.body?.detail ?? answer.body?.title ?? ''})`,
        );
      if (!Array.isArray(answer.body) && !path.startsWith('/api/admin/loan-queues')) throw new Error(`GET ${path} did not answer a list`);
      return answer;
    };
    for (let i = 0; i < warmup; i++) await get();
    const latencies: number[] = [];
    let total = '?';
    for (let i = 0; i < requests; i++) {
      const answer = await get();
      total = String(answer.headers['content-range'] ?? '').split('/')[1] || '?';
      latencies.push(answer.milliseconds);
    }
    return { latencies, total };
  } finally {
    client.close();
  }
}

/**
 * The same page through the query handler in this process, without HTTP, JWT and the session check: what the
 * database and the handler cost, to tell them apart from the HTTP stack and from the machine's load.
 */
async function timeHandler(
  ctx: QueueBenchContext,
  filter: Record<string, string>,
  sort: string,
  order: 'ASC' | 'DESC',
  requests: number,
): Promise<number[]> {
  const handler = new ListLoansHandler(ctx.db as never, { product: { currency: 'INR' } } as AppConfig);
  const query = new ListLoansQuery(
    { ...filter, queue: filter.queue as LoanQueue | undefined } as never,
    { field: sort, order },
    { start: 0, end: 24 },
  );
  await handler.execute(query);
  const latencies: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    await handler.execute(query);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

const listPath = (filter: Record<string, string>, sort: string, order: 'ASC' | 'DESC') =>
  `/api/admin/loans?${new URLSearchParams({ filter: JSON.stringify(filter), sort: JSON.stringify([sort, order]), range: JSON.stringify([0, 24]) })}`;

/** Grows the log to `ctx.loans` loans, rebuilds from it (timed, rebuild-bench.ts), then measures every queue page and the searches. */
export async function benchmarkQueuePages(ctx: QueueBenchContext): Promise<void> {
  const target = ctx.loans;
  const existing = await count(ctx.db, 'loan_summaries');
  if (existing < target) {
    ctx.log(`Growing the log to ${target} loans: ${target - existing} more generated loans (pipelined multi-row INSERTs)`);
    const load = await bulkLoadLoans(ctx, target - existing, 'queue log');
    ctx.log(`  bulk load: ${load.events} events in ${load.seconds.toFixed(1)} s = ${Math.round(load.events / load.seconds)} events/s`);
    ctx.figures.push({
      name: 'bench_bulk_load_events_per_s',
      value: load.events / load.seconds,
      unit: 'events/s',
      note: `${target - existing} loans, ${load.events} events straight into events (not a product path), ${load.seconds.toFixed(0)} s`,
    });
    if (ctx.interrupted()) return;
  }
  await benchmarkFullRebuild(ctx);
  if (ctx.interrupted() || ctx.rebuildOnly) return;
  const loans = await count(ctx.db, 'loan_summaries');
  if (loans < target) throw new Error(`loan_summaries holds ${loans} loans after the rebuild, fewer than the ${target} wanted`);

  // What autovacuum does shortly after a million inserts: statistics for the planner and the visibility map that
  // lets the search count its matches from an index alone.
  const vacuumStarted = performance.now();
  for (const table of ['loan_summaries', 'loan_borrowers', 'users', 'loan_queue_counts'])
    await sql`VACUUM (ANALYZE) ${sql.table(table)}`.execute(ctx.db);
  // And the checkpoint that follows them: the rebuild and the vacuum leave gigabytes of dirty pages at 1,000,000
  // loans, which the server would otherwise write back (and the pages' readers evict) while the pages are timed.
  await sql`CHECKPOINT`
    .execute(ctx.db)
    .catch((error: Error) =>
      ctx.log(`  CHECKPOINT refused (${error.message}): the pages are timed while the server writes back the rebuild`),
    );
  ctx.log(`  VACUUM (ANALYZE) and CHECKPOINT after the rebuild: ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s`);

  // The pages are timed against an API in a process of its own (http-api.process.ts, on the same database and JWT
  // secret): this process's heap (the generator, the rebuild's leftovers) and its own client would otherwise share
  // the API's event loop and set the p95.
  const apiProcess = await forkBenchScript<{ port: number }>('./http-api.process.js', ctx.apiProcessEnv, (m) =>
    typeof (m as { port?: unknown })?.port === 'number' ? (m as { port: number }) : undefined,
  );
  // Which indexes of loan_summaries the console's pages and searches read (the database's own scan counts over them).
  await sql`SELECT pg_stat_reset()`.execute(ctx.db);
  try {
    await timePages({ ...ctx, api: new ApiClient(`http://127.0.0.1:${apiProcess.message.port}`) }, loans);
  } finally {
    await stopBenchScript(apiProcess.child);
  }
  if (ctx.interrupted()) return;
  await new Promise((resolve) => setTimeout(resolve, 2_000)); // statistics reach the shared view within a second
  await indexCostsToAnApproval(ctx);
}

type IndexUse = { name: string; scans: number; mb: number };

/**
 * What each secondary index of loan_summaries costs an approval, beside what it is for: an approval changes the
 * loan's state (an indexed column), so its update is never HOT and writes an entry into every index. Measured on the
 * approval's UPDATE of loan_summaries (state, gate time, last actor, the queue counters' trigger) over `n` loans in
 * a transaction that is rolled back, with every index, then without each one in turn (DROP INDEX inside the same
 * transaction, rolled back with it): the shared buffers each UPDATE touches (EXPLAIN (ANALYZE, BUFFERS): hits,
 * reads, dirtied; this backend's own work, so neither the machine's load nor the server's other databases move it)
 * and its time (which they do). `scans` is how often the console's pages and searches (just timed) read the index.
 */
export async function indexCostsToAnApproval(
  ctx: Pick<QueueBenchContext, 'db' | 'figures' | 'log' | 'quick' | 'interrupted'>,
): Promise<void> {
  const n = ctx.quick ? 200 : 500;
  const uses = (
    await sql<{ name: string; scans: string; bytes: string }>`
      SELECT s.indexrelname AS name, s.idx_scan AS scans, pg_relation_size(s.indexrelid) AS bytes
      FROM pg_stat_user_indexes s JOIN pg_index i ON i.indexrelid = s.indexrelid
      WHERE s.relname = 'loan_summaries' AND NOT i.indisprimary AND NOT i.indisunique
      ORDER BY s.indexrelname`.execute(ctx.db)
  ).rows.map((r): IndexUse => ({ name: r.name, scans: Number(r.scans), mb: Number(r.bytes) / 2 ** 20 }));
  const ids = (await sql<{ id: string }>`SELECT id FROM loan_summaries ORDER BY id LIMIT ${n}`.execute(ctx.db)).rows.map((r) => r.id);
  type Plan = { Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number; 'Shared Dirtied Blocks': number } };
  const approvals = async (dropped: string | undefined): Promise<{ buffers: number; dirtied: number; us: number }> =>
    ctx.db.connection().execute(async (c) => {
      await sql`BEGIN`.execute(c);
      try {
        if (dropped) await sql`DROP INDEX ${sql.id(dropped)}`.execute(c);
        let buffers = 0;
        let dirtied = 0;
        const started = performance.now();
        for (const id of ids) {
          const { rows } = await sql<{ 'QUERY PLAN': Plan[] }>`
            EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, FORMAT JSON)
            UPDATE loan_summaries SET state = 'bank.pending', soft_approved_at = now(), soft_approved_by = last_actor_id,
              updated_at = now(), last_reason = 'bench approval', last_position = last_position + 1
            WHERE id = ${id}::uuid`.execute(c);
          const plan = rows[0]['QUERY PLAN'][0].Plan;
          buffers += plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
          dirtied += plan['Shared Dirtied Blocks'];
        }
        return { buffers: buffers / n, dirtied: dirtied / n, us: ((performance.now() - started) * 1000) / n };
      } finally {
        await sql`ROLLBACK`.execute(c);
      }
    });
  await approvals(undefined); // warms the pages the approvals touch
  const all = await approvals(undefined);
  const costs: string[] = [];
  for (const use of uses) {
    if (ctx.interrupted()) return;
    const without = await approvals(use.name);
    const saved = all.buffers - without.buffers;
    ctx.figures.push({
      name: `approval_index_cost_${use.name.replace(/^loan_summaries_/, '')}_buffers`,
      value: saved,
      unit: 'buffers',
      note: `shared buffers an approval's UPDATE of loan_summaries touches: ${all.buffers.toFixed(1)} with every index, ${without.buffers.toFixed(1)} without ${use.name} (${((saved / all.buffers) * 100).toFixed(1)}%; dirtied ${all.dirtied.toFixed(1)} vs ${without.dirtied.toFixed(1)}; time ${all.us.toFixed(0)} vs ${without.us.toFixed(0)} µs on a loaded machine); ${n} loans, rolled back; ${use.mb.toFixed(1)} MB; read ${use.scans} times by the console's pages and searches just timed`,
    });
    costs.push(`${use.name.replace(/^loan_summaries_/, '')} ${saved.toFixed(1)} (${use.scans} scans, ${use.mb.toFixed(0)} MB)`);
  }
  ctx.figures.push({
    name: 'approval_update_loan_summaries_buffers',
    value: all.buffers,
    unit: 'buffers',
    note: `shared buffers an approval's UPDATE of loan_summaries touches with its ${uses.length} secondary indexes (dirtied ${all.dirtied.toFixed(1)}; ${all.us.toFixed(0)} µs each on this machine now), ${n} loans in a rolled-back transaction`,
  });
  ctx.log(`  buffers an approval's UPDATE touches: ${all.buffers.toFixed(1)} with every index; each index's share: ${costs.join('; ')}`);
}

/** Every queue page and sort the console offers, the menu counts and the searches, against `ctx.api`. */
async function timePages(ctx: QueueBenchContext, loans: number): Promise<void> {
  const warmup = ctx.quick ? 2 : 5;
  const perQueue = ctx.quick ? 20 : 100;
  const perSort = ctx.quick ? 5 : 30;
  const perSearch = ctx.quick ? 20 : 100;
  const worst = { p95: 0, label: '' };
  const handlerWorst = { p95: 0, label: '' };
  const note = (what: string, total: string, n: number) =>
    `GET /api/admin/loans ${what}, rows 0-24 of ${total}, ${loans} loans, ${n} sequential requests to an API process of its own`;

  ctx.log(`Queue pages at ${loans} loans: every queue's default sort (${perQueue} requests), the other sorts both ways (${perSort} each)`);
  for (const queue of consoleQueues()) {
    if (ctx.interrupted()) return;
    const { latencies, total } = await time(ctx, listPath(queue.filter, queue.defaultSort, 'DESC'), warmup, perQueue);
    const [p50, p95] = [percentile(latencies, 50), percentile(latencies, 95)];
    const what = `${JSON.stringify(queue.filter)} ${queue.defaultSort} DESC`;
    ctx.figures.push({ name: `queue_page_${slug(queue.label)}_p50_ms`, value: p50, unit: 'ms', note: note(what, total, perQueue) });
    ctx.figures.push({ name: `queue_page_${slug(queue.label)}_p95_ms`, value: p95, unit: 'ms', note: note(what, total, perQueue) });
    if (p95 > worst.p95) Object.assign(worst, { p95, label: what });
    // soft.pending's figures under the name of the earlier runs too (soft.approved's per-queue name is the old one).
    if (queue.label === 'soft.pending') {
      ctx.figures.push({ name: 'queue_page_p50_ms', value: p50, unit: 'ms', note: note(what, total, perQueue) });
      ctx.figures.push({ name: 'queue_page_p95_ms', value: p95, unit: 'ms', note: note(what, total, perQueue) });
    }
    const inProcess = await timeHandler(ctx, queue.filter, queue.defaultSort, 'DESC', perQueue);
    const [h50, h95] = [percentile(inProcess, 50), percentile(inProcess, 95)];
    ctx.figures.push({
      name: `queue_handler_${slug(queue.label)}_p95_ms`,
      value: h95,
      unit: 'ms',
      note: `ListLoansHandler in process (no HTTP), ${what}, ${perQueue} runs, p50 ${tidy(h50)} ms`,
    });
    if (h95 > handlerWorst.p95) Object.assign(handlerWorst, { p95: h95, label: what });
    const sorts: string[] = [];
    const handlerSorts: string[] = [];
    let sortWorst = 0;
    for (const sort of [...queue.otherSorts, queue.defaultSort]) {
      for (const order of ['ASC', 'DESC'] as const) {
        if (sort === queue.defaultSort && order === 'DESC') continue;
        const r = await time(ctx, listPath(queue.filter, sort, order), 1, perSort);
        let sp95 = percentile(r.latencies, 95);
        let retimed = '';
        if (sp95 > QUEUE_PAGE_GOAL_MS) {
          // A p95 of 30 requests is their second slowest: two slow requests (a collection in the API, a checkpoint)
          // put a sort over the goal. Such a sort is timed again with as many requests as a default sort, and its
          // p95 is taken over all of them, both printed.
          const again = await time(ctx, listPath(queue.filter, sort, order), 0, perQueue);
          const all = [...r.latencies, ...again.latencies];
          retimed = ` (${perSort} requests: p95 ${tidy(sp95)}; with ${perQueue} more: p50 ${tidy(percentile(all, 50))}, p95 ${tidy(percentile(all, 95))})`;
          sp95 = percentile(all, 95);
        }
        sortWorst = Math.max(sortWorst, sp95);
        sorts.push(`${sort} ${order} ${tidy(percentile(r.latencies, 50))}/${tidy(sp95)}${retimed}`);
        if (sp95 > worst.p95) Object.assign(worst, { p95: sp95, label: `${JSON.stringify(queue.filter)} ${sort} ${order}` });
        const hp95 = percentile(await timeHandler(ctx, queue.filter, sort, order, perSort), 95);
        if (hp95 > handlerWorst.p95) Object.assign(handlerWorst, { p95: hp95, label: `${JSON.stringify(queue.filter)} ${sort} ${order}` });
        handlerSorts.push(`${sort} ${order} ${tidy(hp95)}`);
      }
    }
    ctx.figures.push({
      name: `queue_page_${slug(queue.label)}_other_sorts_p95_ms`,
      value: sortWorst,
      unit: 'ms',
      note: `worst p95 of ${sorts.length} other sorts (${perSort} requests each; a sort over ${QUEUE_PAGE_GOAL_MS} ms timed again with ${perQueue} more, p95 over all)`,
    });
    ctx.log(
      `  ${queue.label} (${total}): ${queue.defaultSort} DESC p50 ${tidy(p50)} ms, p95 ${tidy(p95)} ms; other sorts p50/p95: ${sorts.join(', ')}`,
    );
    ctx.log(
      `    in process (handler, no HTTP): ${queue.defaultSort} DESC p50 ${tidy(h50)} ms, p95 ${tidy(h95)} ms; other sorts p95: ${handlerSorts.join(', ')}`,
    );
  }
  ctx.figures.push({
    name: 'queue_page_worst_p95_ms',
    value: worst.p95,
    unit: 'ms',
    note: `worst of every queue and sort: ${worst.label}`,
  });
  ctx.figures.push({
    name: 'queue_handler_worst_p95_ms',
    value: handlerWorst.p95,
    unit: 'ms',
    note: `in process, no HTTP; worst of every queue and sort: ${handlerWorst.label}`,
  });
  ctx.figures.push({
    name: 'queue_page_worst_p95_vs_goal',
    value: worst.p95 / QUEUE_PAGE_GOAL_MS,
    unit: 'ratio',
    note: `goal <= 1.0 (${QUEUE_PAGE_GOAL_MS} ms)`,
  });

  // The menu's badge counts.
  const counts = await time(ctx, '/api/admin/loan-queues', warmup, perQueue);
  ctx.figures.push({
    name: 'queue_counts_p50_ms',
    value: percentile(counts.latencies, 50),
    unit: 'ms',
    note: `GET /api/admin/loan-queues, ${perQueue} sequential requests`,
  });
  ctx.figures.push({
    name: 'queue_counts_p95_ms',
    value: percentile(counts.latencies, 95),
    unit: 'ms',
    note: `GET /api/admin/loan-queues, ${perQueue} sequential requests`,
  });
  ctx.log(`  menu counts: p50 ${tidy(percentile(counts.latencies, 50))} ms, p95 ${tidy(percentile(counts.latencies, 95))} ms`);

  // Text search, every kind of word: a common surname (one borrower in SURNAMES.length) in a small queue, a large
  // state queue and a large approved list; a rare surname (three borrowers); an email; a phone number; a loan
  // number (the start of its id); a word every borrower matches; a word nothing matches (letters, and hex digits,
  // which are also searched in ids).
  const surname = SURNAMES[7].toLowerCase();
  // A borrower with a loan in soft.pending and one with an active loan, and a loan in soft.pending.
  const pick = (state: string, offset = 100) =>
    sql<{ id: string; email: string; phone: string; borrower_id: string }>`
      SELECT l.id, b.email, b.phone, b.user_id AS borrower_id FROM loan_summaries l JOIN loan_borrowers b ON b.user_id = l.borrower_id
      WHERE l.state = ${state} AND b.phone IS NOT NULL ORDER BY l.id LIMIT 1 OFFSET ${offset}`
      .execute(ctx.db)
      .then((r) => r.rows[0]);
  const [pending, active] = [await pick('soft.pending'), await pick('active')];
  const rare = [active, await pick('active', 200), await pick('active', 300)].map((r) => r.borrower_id);
  await sql`UPDATE loan_borrowers SET name = 'Rajan Thakkarwala' WHERE user_id = ANY(${rare}::uuid[])`.execute(ctx.db);
  const email = `${pending.email.split('@')[0].split('.').pop()}@`; // e.g. "borrower1234@": one borrower
  const phone = active.phone.slice(-7);
  const searches = [
    { name: 'queue_page_search', kind: 'common surname', filter: { queue: 'soft.pending', q: surname }, sort: 'createdAt' },
    {
      name: 'queue_page_search_soft_approved',
      kind: 'common surname',
      filter: { queue: 'soft.approved', q: surname },
      sort: 'softApprovedAt',
    },
    { name: 'queue_page_search_common_surname_active', kind: 'common surname', filter: { queue: 'active', q: surname }, sort: 'createdAt' },
    {
      name: 'queue_page_search_common_surname_final_approved',
      kind: 'common surname',
      filter: { queue: 'final.approved', q: surname },
      sort: 'finalApprovedAt',
    },
    { name: 'queue_page_search_rare_surname', kind: 'rare surname', filter: { queue: 'active', q: 'thakkarwala' }, sort: 'createdAt' },
    { name: 'queue_page_search_email', kind: 'email', filter: { queue: 'soft.pending', q: email }, sort: 'createdAt' },
    { name: 'queue_page_search_phone', kind: 'phone', filter: { queue: 'active', q: phone }, sort: 'createdAt' },
    {
      name: 'queue_page_search_loan_id',
      kind: 'loan number',
      filter: { queue: 'soft.pending', q: pending.id.slice(0, 8) },
      sort: 'createdAt',
    },
    // Every bench borrower's e-mail holds "borrower": every loan of the queue matches (the total is 10000+).
    { name: 'queue_page_search_broad', kind: 'broad word', filter: { queue: 'active', q: 'borrower' }, sort: 'createdAt' },
    { name: 'queue_page_search_no_match', kind: 'no match', filter: { queue: 'active', q: 'qwxyzk' }, sort: 'createdAt' },
    {
      name: 'queue_page_search_no_match_hex',
      kind: 'no match',
      filter: { queue: 'final.approved', q: 'fedcba98' },
      sort: 'finalApprovedAt',
    },
  ];
  const searchWorst = { p95: 0, label: '' };
  for (const s of searches) {
    if (ctx.interrupted()) return;
    const { latencies, total } = await time(ctx, listPath(s.filter, s.sort, 'DESC'), warmup, perSearch);
    const [p50, p95] = [percentile(latencies, 50), percentile(latencies, 95)];
    const what = `${JSON.stringify(s.filter)} ${s.sort} DESC`;
    ctx.figures.push({ name: `${s.name}_p50_ms`, value: p50, unit: 'ms', note: `${s.kind}: ${note(what, total, perSearch)}` });
    ctx.figures.push({ name: `${s.name}_p95_ms`, value: p95, unit: 'ms', note: `${s.kind}: ${note(what, total, perSearch)}` });
    if (p95 > searchWorst.p95) Object.assign(searchWorst, { p95, label: what });
    const inProcess = await timeHandler(ctx, s.filter, s.sort, 'DESC', perSearch);
    ctx.figures.push({
      name: `${s.name.replace('queue_page', 'queue_handler')}_p95_ms`,
      value: percentile(inProcess, 95),
      unit: 'ms',
      note: `ListLoansHandler in process (no HTTP), ${what}, ${perSearch} runs, p50 ${tidy(percentile(inProcess, 50))} ms`,
    });
    ctx.log(
      `  search ${what}: p50 ${tidy(p50)} ms, p95 ${tidy(p95)} ms (${total} matching loans); in process p50 ${tidy(percentile(inProcess, 50))} ms, p95 ${tidy(percentile(inProcess, 95))} ms`,
    );
  }
  ctx.figures.push({
    name: 'queue_page_search_worst_p95_ms',
    value: searchWorst.p95,
    unit: 'ms',
    note: `worst search: ${searchWorst.label}`,
  });
  ctx.figures.push({
    name: 'queue_page_search_worst_p95_vs_goal',
    value: searchWorst.p95 / SEARCH_GOAL_MS,
    unit: 'ratio',
    note: `goal <= 1.0 (${SEARCH_GOAL_MS} ms)`,
  });
}
