import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createApi } from '../src/app/create-api.js';
import { loadConfig } from '../src/platform/config/config.js';
import { createRuntime, type Runtime } from '../src/platform/runtime.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'lending-embedded-'));
// mkdtemp makes the folder 0700; as root, the cluster runs as a separate postgres user that must reach it.
chmodSync(dataDir, 0o755);
let runtime: Runtime | undefined;

afterAll(async () => {
  await runtime?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start with no configuration', () => {
  it('runs on an embedded PostgreSQL under DATA_DIR, migrated, with the first staff user, and stops it on close', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, ARGON2_MEMORY_KIB: '1024', QUEUE_BACKEND: 'postgres' });
    runtime = await createRuntime(config, () => undefined);
    expect(runtime.database.embedded).toBe(true);
    expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    const app = await createApi(runtime, { logger: false });
    await app.init();
    const http = request(app.getHttpServer());
    const health = await http.get('/api/health').expect(200);
    expect(health.body).toMatchObject({ status: 'up', database: { status: 'up', embedded: true }, queue: { backend: 'postgres' }, redis: { status: 'not-used' } });
    const login = await http.post('/api/auth/login').send({ email: 'admin@lending.local', password: 'admin-password' }).expect(200);
    expect(login.body.user.role).toBe('staff');
    await app.close();
    await runtime.close();
    runtime = undefined;
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 120_000);
});
