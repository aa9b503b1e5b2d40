import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN, testEnv } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/**
 * Issue 16, graceful shutdown: the real API (src/main.ts) as an OS process. A sign-in is in flight when SIGTERM
 * arrives (its headers are in, acknowledged by `100 Continue`, its body is not); it still completes with 200, a new
 * connection meanwhile is refused (or answered 503), and the process exits 0.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
let database: TestDatabase;
let child: ChildProcess | undefined;
let output = '';

beforeAll(async () => {
  database = await createTestDatabase('graceful_shutdown');
});

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await database?.drop();
});

function waitForOutput(pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(output);
      if (match) {
        child!.stdout!.off('data', check);
        child!.off('exit', early);
        resolve(match);
      }
    };
    const early = (code: number | null) => reject(new Error(`the API exited (${code}) before printing ${pattern}: ${output}`));
    child!.stdout!.on('data', check);
    child!.once('exit', early);
    check();
  });
}

type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders };

function collect(res: http.IncomingMessage): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (body += chunk));
    res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    res.on('error', reject);
  });
}

function get(port: number, pathname: string, agent: http.Agent | false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: pathname, agent }, (res) => void collect(res).then(resolve, reject)).on('error', reject);
  });
}

describe('SIGTERM', () => {
  it('finishes the request in flight, takes no new one, and exits 0', async () => {
    child = fork(path.join(here, '../src/main.ts'), [], {
      execArgv: ['--import', path.join(here, 'support/ts-register.mjs')],
      env: { ...process.env, NODE_OPTIONS: '', ...testEnv({ DATABASE_URL: database.url, PORT: '0', QUEUE_BACKEND: 'postgres', SHUTDOWN_TIMEOUT_MS: '10000', LOG_LEVEL: 'warn' }) },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    const port = Number((await waitForOutput(/API listening on http:\/\/[^/]*:(\d+)\/api/))[1]);
    // The last line of the start; the signal handlers are installed right after it.
    await waitForOutput(/Worker running in this process/);

    // One kept-alive connection: a first request proves the server has accepted it.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(port, '/api/health/live', agent)).status).toBe(200);

    const body = JSON.stringify(ADMIN);
    const signIn = http.request({ host: '127.0.0.1', port, path: '/api/auth/login', method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Expect: '100-continue' } });
    const answered = new Promise<Answer>((resolve, reject) => {
      signIn.on('response', (res) => void collect(res).then(resolve, reject));
      signIn.on('error', reject);
    });
    // The server has the request (its headers): now stop the process, then send the body.
    await new Promise<void>((resolve) => signIn.once('continue', () => resolve()));
    child.kill('SIGTERM');
    await waitForOutput(/Stopping: no new connections/);

    const fresh = await get(port, '/api/health/ready', false).then(
      (answer) => String(answer.status),
      (error: NodeJS.ErrnoException) => error.code ?? 'error',
    );
    expect(['ECONNREFUSED', 'ECONNRESET', '503']).toContain(fresh);

    signIn.end(body);
    const answer = await answered;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).token).toEqual(expect.any(String));
    agent.destroy();

    expect(await exited).toBe(0);
    expect(output).toContain('Stopped');
    expect(output).not.toContain('were cut off');
  });
});
