import { LeanClient } from './lean-client.js';
import { forEachConcurrently } from './measure.js';

/** What http-bench.ts sends the load generator: approve these loans from `clients` concurrent clients. */
export type LoadRequest = { baseUrls: string[]; token: string; ids: string[]; clients: number };
/** What it answers: each approval's latency, the run's wall time, and the CPU this process spent on it. */
export type LoadReply = { ok: true; latencies: number[]; seconds: number; cpuMs: number } | { ok: false; error: string };

/**
 * The load generator of the staff approvals, in a process of its own (forked by http-bench.ts with an IPC channel),
 * so that the API under test has its event loop to itself as it would behind a load balancer. Client i sends its
 * requests to `baseUrls[i % baseUrls.length]`: with several API processes the clients are spread over them.
 */
async function approveAll(request: LoadRequest): Promise<LoadReply> {
  const clients = Array.from({ length: request.clients }, (_, i) => new LeanClient(request.baseUrls[i % request.baseUrls.length]!, 1));
  const free = [...clients];
  const latencies: number[] = [];
  const cpu = process.cpuUsage();
  const started = performance.now();
  try {
    await forEachConcurrently(request.ids, request.clients, async (id) => {
      const client = free.pop()!;
      try {
        const answer = await client.post(`/api/admin/loans/${id}/approve-soft`, request.token, { score: 640 + (id.charCodeAt(0) % 200) });
        if (answer.status !== 200 || answer.body?.state !== 'bank.pending') {
          throw new Error(
            `approve-soft of loan ${id} answered ${answer.status} (${answer.body?.state ?? answer.body?.detail ?? 'no body'}), not 200 bank.pending`,
          );
        }
        latencies.push(answer.milliseconds);
      } finally {
        free.push(client);
      }
    });
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    return { ok: true, latencies, seconds, cpuMs: (used.user + used.system) / 1000 };
  } finally {
    for (const client of clients) client.close();
  }
}

process.on('message', (message: LoadRequest | 'stop') => {
  if (message === 'stop') process.exit(0);
  approveAll(message).then(
    (reply) => process.send!(reply),
    (error: Error) => process.send!({ ok: false, error: error.message } satisfies LoadReply),
  );
});
if (!process.send) {
  process.stderr.write('http-load.process is forked by http-bench.ts with an IPC channel\n');
  process.exit(1);
}
process.send('ready');
