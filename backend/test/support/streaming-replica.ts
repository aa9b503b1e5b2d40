import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../src/platform/database/embedded-postgres.js';

const run = promisify(execFile);

/**
 * PostgreSQL's server binaries (initdb, pg_ctl, pg_basebackup): PG_BIN_DIR, else the newest
 * /usr/lib/postgresql/<major>/bin (Debian's and Ubuntu's packages). Undefined when none is found.
 */
export function postgresBinaries(): string | undefined {
  const candidates = process.env.PG_BIN_DIR
    ? [process.env.PG_BIN_DIR]
    : existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .filter((major) => /^\d+$/.test(major))
          .sort((a, b) => Number(b) - Number(a))
          .map((major) => `/usr/lib/postgresql/${major}/bin`)
      : [];
  return candidates.find((dir) => ['initdb', 'pg_ctl', 'pg_basebackup'].every((name) => existsSync(path.join(dir, name))));
}

export type StreamingPair = {
  primaryUrl: string;
  replicaUrl: string;
  /** A connection to the replica as a superuser, for pg_wal_replay_pause() and resume. */
  replicaAdmin: pg.Client;
  /** Stops the replica alone (fast shutdown: its sessions are told and closed), as an outage of the read endpoint. */
  stopReplica(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * A throwaway primary (initdb, trust, on a free port) with database `lending`, and a hot standby streaming from it
 * (`pg_basebackup -R`, on another free port), both in one temporary folder that `stop` removes. The shared server on
 * 5432 is left alone: a base backup of it would copy every other suite's and benchmark's databases. Run as root, the
 * clusters run as the `postgres` OS user (PostgreSQL refuses root).
 */
export async function startStreamingPair(bin: string): Promise<StreamingPair> {
  const root = mkdtempSync(path.join(tmpdir(), 'lending-replica-'));
  const runAs = process.getuid?.() === 0 ? await postgresUser() : undefined;
  if (runAs) chownSync(root, runAs.uid, runAs.gid);
  const tool = (name: string, args: string[]) => run(path.join(bin, name), args, { ...runAs, env: { ...process.env, LC_ALL: 'C' } });
  const primaryDir = path.join(root, 'primary');
  const replicaDir = path.join(root, 'replica');
  const started: string[] = [];
  const stop = async () => {
    for (const dir of started.reverse()) await tool('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  };
  const start = async (dir: string, port: number) => {
    // Quick, not durable: a test's cluster. The socket in the cluster's own folder, so nothing is shared with 5432's.
    const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${root} -c fsync=off -c max_connections=60 -c shared_buffers=32MB`;
    await tool('pg_ctl', ['-D', dir, '-o', options, '-l', path.join(root, `${path.basename(dir)}.log`), '-w', '-t', '60', 'start']);
    started.push(dir);
  };
  try {
    const [primaryPort, replicaPort] = [await freePort(), await freePort()];
    // initdb's pg_hba.conf trusts local connections, replication ones included; wal_level is `replica` by default.
    await tool('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    await start(primaryDir, primaryPort);
    const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/lending`;
    const setup = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${primaryPort}/postgres` });
    await setup.connect();
    await setup.query('CREATE DATABASE lending').finally(() => setup.end());
    await tool('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
      '--no-manifest',
    ]);
    await start(replicaDir, replicaPort);
    const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/lending`;
    const replicaAdmin = new pg.Client({ connectionString: replicaUrl });
    await replicaAdmin.connect();
    return {
      primaryUrl,
      replicaUrl,
      replicaAdmin,
      async stopReplica() {
        await replicaAdmin.end().catch(() => undefined);
        await tool('pg_ctl', ['-D', replicaDir, '-m', 'fast', '-w', 'stop']);
      },
      async stop() {
        await replicaAdmin.end().catch(() => undefined);
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
  try {
    return { uid: await id('-u'), gid: await id('-g') };
  } catch {
    throw new Error('Running as root, the test clusters need an OS user `postgres` to run as (PostgreSQL refuses root)');
  }
}
