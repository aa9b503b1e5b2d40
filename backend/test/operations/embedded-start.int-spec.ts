import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createApi, initApi } from '../../src/app/create-api.js';
import { loadConfig } from '../../src/platform/config/config.js';
import { createRuntime, type Runtime } from '../../src/platform/runtime.js';

// mkdtemp makes the folder 0700 and it stays so: as root, the cluster (run as the postgres user) is then kept elsewhere.
const dataDir = mkdtempSync(path.join(tmpdir(), 'lending-embedded-'));
let runtime: Runtime | undefined;
let clusterDir: string | undefined;

afterAll(async () => {
  await runtime?.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (clusterDir && !clusterDir.startsWith(dataDir)) rmSync(path.dirname(clusterDir), { recursive: true, force: true });
});

describe('npm start with no configuration', () => {
  it('runs on an embedded PostgreSQL under DATA_DIR, migrated, with the first staff user, and stops it on close', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, ARGON2_MEMORY_KIB: '1024', QUEUE_BACKEND: 'postgres' });
    runtime = await createRuntime(config, () => undefined);
    expect(runtime.database.embedded).toBe(true);
    clusterDir = runtime.database.directory!;
    expect(existsSync(path.join(clusterDir, 'PG_VERSION'))).toBe(true);
    const app = await createApi(runtime, { logger: false });
    await initApi(app);
    const http = request(app.getHttpServer());
    await http.get('/api/health').expect(200, { status: 'up' });
    const login = await http.post('/api/auth/login').send({ email: 'admin@lending.local', password: 'admin-password' }).expect(200);
    expect(login.body.user.role).toBe('staff');
    // The details are for staff with system.health (the first staff user is an administrator).
    const health = await http.get('/api/health').set('Authorization', `Bearer ${login.body.token}`).expect(200);
    expect(health.body).toMatchObject({
      status: 'up',
      database: { status: 'up', embedded: true },
      queue: { backend: 'postgres' },
      redis: { status: 'not-used' },
    });
    await app.close();
    await runtime.close();
    runtime = undefined;
    expect(existsSync(path.join(clusterDir, 'postmaster.pid'))).toBe(false);
  }, 120_000);
});
