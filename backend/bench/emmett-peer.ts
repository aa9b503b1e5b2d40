/**
 * The peer of the append benchmark: Emmett 0.42's PostgreSQL event store (@event-driven-io/emmett-postgresql, a dev
 * dependency of the benchmark only), in the benchmark's database, with its own `emt_*` tables.
 *
 * It runs in a worker thread (emmett-peer.worker.ts; this file is the benchmark's handle on it): Emmett's connection library (dumbo) sets process-wide pg type
 * parsers when it starts (bigint to BigInt, its own JSON parser), which would change what every other pg client in
 * the benchmark process reads. A worker has its own copy of the pg module, so they stay Emmett's.
 *
 * The inline projection is the one Emmett offers for a relational read model, `postgreSQLRawSQLProjection`, doing
 * what our loan_summaries projection does per event: read the loan's row, fold the event with the domain's
 * `evolve`, upsert the same row (our `toRow`) into `emt_bench_loan_summaries`, a copy of loan_summaries with the
 * same columns and indexes. Emmett runs it in the append's transaction, after its own projection lock check.
 */
import { Worker } from 'node:worker_threads';

export const EMMETT_SUMMARIES_TABLE = 'emt_bench_loan_summaries';

/** One append of a writer: a single event at the version the writer saw. */
export type PeerAppend = {
  streamId: string;
  expectedVersion: number;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
};

export type PeerRequest =
  { kind: 'init'; url: string; poolSize: number } | { kind: 'run'; projection: boolean; writers: PeerAppend[][] } | { kind: 'close' };
export type PeerReply = { ok: true; appended?: number; seconds?: number } | { ok: false; error: string };

/** The benchmark's handle on the worker. */
export class EmmettPeer {
  private constructor(private readonly worker: Worker) {}

  static async start(url: string, poolSize: number): Promise<EmmettPeer> {
    const worker = new Worker(new URL('./emmett-peer.worker.js', import.meta.url));
    const peer = new EmmettPeer(worker);
    await peer.ask({ kind: 'init', url, poolSize });
    return peer;
  }

  /** Appends every writer's list, the writers concurrently; the time is taken in the worker, around the appends only. */
  async run(writers: PeerAppend[][], projection: boolean): Promise<{ appended: number; seconds: number }> {
    const reply = await this.ask({ kind: 'run', projection, writers });
    return { appended: reply.appended!, seconds: reply.seconds! };
  }

  async close(): Promise<void> {
    try {
      await this.ask({ kind: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }

  private ask(request: PeerRequest): Promise<Extract<PeerReply, { ok: true }>> {
    return new Promise((resolve, reject) => {
      const onMessage = (reply: PeerReply) => {
        this.worker.off('error', onError);
        if (reply.ok) resolve(reply);
        else reject(new Error(`Emmett peer: ${reply.error}`));
      };
      const onError = (error: Error) => {
        this.worker.off('message', onMessage);
        reject(error);
      };
      this.worker.once('message', onMessage);
      this.worker.once('error', onError);
      this.worker.postMessage(request);
    });
  }
}
