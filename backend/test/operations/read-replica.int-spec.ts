import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parseLogPosition } from '../../src/platform/database/read-position.js';
import type { ReadRoute } from '../../src/platform/database/read-database.js';
import { bearer } from '../support/loan-api.js';
import { postgresBinaries, startStreamingPair, type StreamingPair } from '../support/streaming-replica.js';
import { loginStaff, startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';

/**
 * Reads from a replica (READ_DATABASE_URL), against a real streaming replica: a throwaway primary made by initdb and
 * a hot standby made from it by `pg_basebackup -R`, each on a port of its own. Pausing the standby's replay
 * (pg_wal_replay_pause) makes it visibly stale: a list read that misses a lead the primary has ran on the replica; the
 * same read naming the command's X-Commit-Position waits for the replica, then reads the primary.
 */
const bin = postgresBinaries();
if (!bin) console.warn('read-replica.int-spec skipped: no PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup); set PG_BIN_DIR');
const describeWithBinaries = bin ? describe : describe.skip;

let pair: StreamingPair;
let t: TestApp;
let admin: string;
let seq = 0;

const phone = () => `9${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq).padStart(3, '0')}`;
const LSN = /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/;

async function createLead(name: string): Promise<{ id: string; position: string }> {
  // The console sends X-Read-After on every request (0/0 before its first command): it tracks positions.
  const res = await t.http
    .post('/api/admin/leads')
    .set(bearer(admin))
    .set('X-Read-After', '0/0')
    .send({ name, phone: phone() })
    .expect(201);
  const position = res.headers['x-commit-position'] as string;
  expect(position).toMatch(LSN);
  return { id: res.body.id as string, position };
}

/** The names the console's lead list shows for a search, as this staff member's next read (with X-Read-After or not). */
async function listedNames(q: string, readAfter?: string): Promise<string[]> {
  let req = t.http
    .get('/api/admin/leads')
    .query({ filter: JSON.stringify({ q }), range: '[0,24]' })
    .set(bearer(admin));
  if (readAfter !== undefined) req = req.set('X-Read-After', readAfter);
  const res = await req.expect(200);
  return (res.body as { name: string }[]).map((lead) => lead.name);
}

async function routes(): Promise<Record<ReadRoute, number>> {
  const counts: Record<string, number> = {};
  for (const { labels, value } of (await t.runtime.metrics.readRoutes.get()).values) counts[String(labels.route)] = value;
  return counts as Record<ReadRoute, number>;
}

/** The reads routed since `before`, by route, leaving out the routes none took. */
async function routedSince(before: Record<ReadRoute, number>): Promise<Partial<Record<ReadRoute, number>>> {
  const now = await routes();
  const moved = Object.entries(now).map(([route, n]) => [route, n - (before[route as ReadRoute] ?? 0)] as const);
  return Object.fromEntries(moved.filter(([, n]) => n > 0));
}

/** A lead page is two statements (its rows and its count), both on the read handle. */
const PAGE_READS = 2;

async function replayed(): Promise<bigint> {
  const { rows } = await pair.replicaAdmin.query<{ lsn: string }>('SELECT pg_last_wal_replay_lsn()::text AS lsn');
  return parseLogPosition(rows[0].lsn) ?? 0n;
}

async function pauseReplay(): Promise<void> {
  await pair.replicaAdmin.query('SELECT pg_wal_replay_pause()');
  await waitFor(
    async () => (await pair.replicaAdmin.query<{ s: string }>('SELECT pg_get_wal_replay_pause_state() AS s')).rows[0].s === 'paused',
    'the replica to pause its replay',
  );
}

const resumeReplay = () => pair.replicaAdmin.query('SELECT pg_wal_replay_resume()');

describeWithBinaries('reads from a streaming replica (READ_DATABASE_URL), a staff member reading their own writes', () => {
  beforeAll(async () => {
    pair = await startStreamingPair(bin!);
    t = await startTestApp(
      'replica',
      { READ_DATABASE_URL: pair.replicaUrl, READ_DATABASE_WAIT_MS: '1000' },
      { database: { url: pair.primaryUrl, name: 'lending', drop: async () => undefined }, keepDatabase: true },
    );
    admin = await loginStaff(t.http);
  });

  afterAll(async () => {
    await resumeReplay().catch(() => undefined); // the outage test ends with the replica stopped
    await t?.close();
    await pair?.stop();
  });

  it('given replay paused on the replica, a list read without a position misses the new lead: it ran on the replica', async () => {
    const before = await createLead('Replica Before');
    await waitFor(async () => (await replayed()) >= parseLogPosition(before.position)!, 'the replica to replay the first lead');
    await pauseReplay();
    try {
      await createLead('Replica Paused');
      const counted = await routes();
      expect(await listedNames('Replica')).toEqual(['Replica Before']);
      expect(await routedSince(counted)).toEqual({ replica: PAGE_READS });
      // A single lead is not a list: it reads the primary.
      const { id } = await createLead('Replica Detail');
      expect((await t.http.get(`/api/admin/leads/${id}`).set(bearer(admin)).expect(200)).body.name).toBe('Replica Detail');
    } finally {
      await resumeReplay();
    }
  });

  it('given the replica behind, the same read naming the command position waits about a second, then reads the primary', async () => {
    await pauseReplay();
    try {
      const { position } = await createLead('Behind Mine');
      const counted = await routes();
      const started = Date.now();
      expect(await listedNames('Behind', position)).toEqual(['Behind Mine']);
      // One bounded wait for the request, not one per statement.
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(Date.now() - started).toBeLessThan(1900);
      expect(await routedSince(counted)).toEqual({ primary_replica_behind: PAGE_READS });
      // A position that is not one reads the primary at once.
      const again = await routes();
      expect(await listedNames('Behind', 'not-a-position')).toEqual(['Behind Mine']);
      expect(await routedSince(again)).toEqual({ primary_position_invalid: PAGE_READS });
    } finally {
      await resumeReplay();
    }
  });

  it('given the replica catching up within the wait, the read is answered by the replica once it has replayed the command', async () => {
    await pauseReplay();
    const { position } = await createLead('Waited Mine');
    const counted = await routes();
    const read = listedNames('Waited', position);
    setTimeout(() => void resumeReplay(), 200);
    expect(await read).toEqual(['Waited Mine']);
    expect(await routedSince(counted)).toEqual({ replica_after_wait: PAGE_READS });
    // Caught up, the next read with the same position is the replica's at once.
    const again = await routes();
    const started = Date.now();
    expect(await listedNames('Waited', position)).toEqual(['Waited Mine']);
    expect(Date.now() - started).toBeLessThan(900);
    expect(await routedSince(again)).toEqual({ replica: PAGE_READS });
  });

  it('given a caller that tracks no positions (a webhook, a script: no X-Read-After), then its command answers none', async () => {
    const res = await t.http.post('/api/admin/leads').set(bearer(admin)).send({ name: 'Untracked', phone: phone() }).expect(201);
    expect(res.headers['x-commit-position']).toBeUndefined();
  });

  it('given the replica down, list reads go to the primary instead of failing', async () => {
    const { position } = await createLead('Outage Mine');
    await waitFor(async () => (await replayed()) >= parseLogPosition(position)!, 'the replica to replay the lead');
    await pair.stopReplica();
    const counted = await routes();
    expect(await listedNames('Outage')).toEqual(['Outage Mine']);
    expect(await routedSince(counted)).toEqual({ primary_replica_unavailable: PAGE_READS });
  });
});

describe('without READ_DATABASE_URL', () => {
  let plain: TestApp;

  beforeAll(async () => {
    plain = await startTestApp('noreplica');
  });

  afterAll(async () => {
    await plain?.close();
  });

  it('reads the primary, as before, and a command answers no position', async () => {
    expect(plain.runtime.readDb).toBe(plain.runtime.db);
    const token = await loginStaff(plain.http);
    const res = await plain.http
      .post('/api/admin/leads')
      .set(bearer(token))
      .set('X-Read-After', '0/0')
      .send({ name: 'Primary Only', phone: phone() })
      .expect(201);
    expect(res.headers['x-commit-position']).toBeUndefined();
    const listed = await plain.http
      .get('/api/admin/leads')
      .query({ filter: JSON.stringify({ q: 'Primary Only' }) })
      .set(bearer(token))
      .set('X-Read-After', '0/0')
      .expect(200);
    expect((listed.body as { name: string }[]).map((lead) => lead.name)).toEqual(['Primary Only']);
  });
});
