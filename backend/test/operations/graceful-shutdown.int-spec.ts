import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connectPage } from '../support/sockets.js';
import { ADMIN, testEnv } from '../support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * Issue 16 and issue 27 item 6, graceful shutdown: the real, built API (dist/main.js) as an OS process. A sign-in is
 * in flight when SIGTERM arrives (its headers are in, acknowledged by `100 Continue`, its body is not); it still
 * completes with 200, a new connection meanwhile is refused (or answered 503), and the process exits 0.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

/** The built entry point (backend/dist, `npm run build --workspace backend`), as the Dockerfile runs it. */
function builtEntry(name: 'main.js' | 'worker.js'): string {
  const file = path.join(here, '../../dist', name);
  if (!existsSync(file)) throw new Error(`No ${file}: run npm run build --workspace backend first (CI builds before the tests).`);
  return file;
}

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

function post(port: number, pathname: string, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: 'POST',
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => void collect(res).then(resolve, reject),
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('SIGTERM', () => {
  it('finishes the request in flight, takes no new one, and exits 0', async () => {
    child = fork(builtEntry('main.js'), [], {
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        ...testEnv({ DATABASE_URL: database.url, PORT: '0', QUEUE_BACKEND: 'postgres', SHUTDOWN_TIMEOUT_MS: '10000', LOG_LEVEL: 'warn' }),
      },
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
    const signIn = http.request({
      host: '127.0.0.1',
      port,
      path: '/api/auth/login',
      method: 'POST',
      agent,
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Expect: '100-continue' },
    });
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

/**
 * Issue 27 item 6: the built API (backend/dist/main.js, `npm run build --workspace backend`, as the Dockerfile runs it)
 * under load with open pages. 40 sign-ins are in flight (the server has each one's headers, one connection each, kept
 * alive), an idle kept-alive connection and a presence WebSocket are open when SIGTERM arrives: all 40 are answered,
 * none is reset, a new connection is refused, the page is disconnected by the server, and the process exits 0 within
 * SHUTDOWN_TIMEOUT_MS (5000 here: small, and still room for 40 sign-ins on a busy CI machine). Before the fix the open WebSocket held the server until twice the bound plus 5 s.
 */
const SHUTDOWN_TIMEOUT_MS = 5000;
/** For the exit itself to reach this process: the bound is the API's, not the test's. */
const EXIT_MARGIN_MS = 750;

type Started = { child: ChildProcess; output: () => string; exited: Promise<{ code: number | null; at: number }> };

async function startBuilt(
  entry: 'main.js' | 'worker.js',
  ready: RegExp,
  env: Record<string, string>,
): Promise<Started & { match: RegExpExecArray }> {
  const process_ = fork(builtEntry(entry), [], {
    env: { ...process.env, NODE_OPTIONS: '', ...testEnv({ SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS), LOG_LEVEL: 'warn', ...env }) },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let text = '';
  process_.stdout!.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  process_.stderr!.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    process_.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const check = () => {
      const found = ready.exec(text);
      if (found) {
        process_.stdout!.off('data', check);
        resolve(found);
      }
    };
    process_.stdout!.on('data', check);
    void exited.then(({ code }) => reject(new Error(`${entry} exited (${code}) before it was ready: ${text}`)));
    check();
  });
  return { child: process_, output: () => text, exited, match };
}

async function waitUntil(output: () => string, pattern: RegExp): Promise<void> {
  while (!pattern.test(output())) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('SIGTERM under load, with open pages (built API)', () => {
  let api: (Started & { match: RegExpExecArray }) | undefined;
  let loadDatabase: TestDatabase;

  // Started here, so the test's own time goes to the stop.
  beforeAll(async () => {
    loadDatabase = await createTestDatabase('graceful_shutdown_load');
    api = await startBuilt('main.js', /API listening on http:\/\/[^/]*:(\d+)\/api/, {
      DATABASE_URL: loadDatabase.url,
      PORT: '0',
      RATE_LIMIT_LOGIN_FAILURES: '1000',
    });
    // The last line of the start.
    await waitUntil(api.output, /Worker running in this process/);
  });

  afterAll(async () => {
    if (api && api.child.exitCode === null) api.child.kill('SIGKILL');
    await loadDatabase?.drop();
  });

  it('answers all 40 requests in flight, refuses new connections, closes the page and the idle connection, and exits 0 within SHUTDOWN_TIMEOUT_MS', async () => {
    const started = api!;
    const port = Number(started.match[1]);
    const base = `http://127.0.0.1:${port}`;

    const token = JSON.parse((await post(port, '/api/auth/login', JSON.stringify(ADMIN))).body).token as string;
    // An open page: the presence WebSocket.
    const page = await connectPage(base, { token });
    const pageClosed = new Promise<string>((resolve) => page.socket.once('disconnect', (reason) => resolve(reason)));
    // An idle kept-alive connection, as a browser tab leaves one.
    const idle = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(port, '/api/health/live', idle)).status).toBe(200);

    // 40 sign-ins (concurrent ones on one account each hold a place on its failure limit, raised above), one kept-alive connection each; each is in flight once the server has its headers (100 Continue).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 40 });
    const body = JSON.stringify(ADMIN);
    const inFlight = Array.from({ length: 40 }, () => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        path: '/api/auth/login',
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Expect: '100-continue' },
      });
      const answered = new Promise<Answer | string>((resolve) => {
        req.on('response', (res) => void collect(res).then(resolve, (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error')));
        req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
      const accepted = new Promise<void>((resolve) => req.once('continue', () => resolve()));
      return { req, answered, accepted };
    });
    await Promise.all(inFlight.map((r) => r.accepted));

    const stoppedAt = Date.now();
    started.child.kill('SIGTERM');
    await waitUntil(started.output, /Stopping: no new connections/);
    const fresh = await get(port, '/api/health/ready', false).then(
      (answer) => String(answer.status),
      (error: NodeJS.ErrnoException) => error.code ?? 'error',
    );
    expect(fresh).toBe('ECONNREFUSED');

    for (const r of inFlight) r.req.end(body);
    const answers = await Promise.all(inFlight.map((r) => r.answered));
    expect({ answers: answers.map((a) => (typeof a === 'string' ? a : a.status)), output: started.output() }).toEqual({
      answers: Array.from({ length: 40 }, () => 200),
      output: expect.any(String),
    });
    for (const a of answers) {
      expect(JSON.parse((a as Answer).body).token).toEqual(expect.any(String));
      // Answered while draining: the client must not send another request on this connection.
      expect((a as Answer).headers.connection).toBe('close');
    }
    // Closed by the server (socket.io's reason for a server-side disconnect), not by the process dying.
    expect(await pageClosed).toBe('io server disconnect');

    const { code, at } = await started.exited;
    expect({ code, output: started.output() }).toEqual({ code: 0, output: expect.stringContaining('Stopped') });
    expect(at - stoppedAt).toBeLessThan(SHUTDOWN_TIMEOUT_MS + EXIT_MARGIN_MS);
    expect(started.output()).toContain('Stopped');
    expect(started.output()).not.toContain('cut off');
    agent.destroy();
    idle.destroy();
  });
});

describe('SIGTERM to the worker (built)', () => {
  let worker: Started | undefined;
  let workerDatabase: TestDatabase;

  beforeAll(async () => {
    workerDatabase = await createTestDatabase('graceful_shutdown_worker');
    worker = await startBuilt('worker.js', /Serving queue\(s\)/, { DATABASE_URL: workerDatabase.url });
  });

  afterAll(async () => {
    if (worker && worker.child.exitCode === null) worker.child.kill('SIGKILL');
    await workerDatabase?.drop();
  });

  it('stops its subscriptions and queue workers, closes the database and exits 0 within SHUTDOWN_TIMEOUT_MS', async () => {
    const started = worker!;
    const stoppedAt = Date.now();
    started.child.kill('SIGTERM');
    const { code, at } = await started.exited;
    expect({ code, output: started.output() }).toEqual({ code: 0, output: expect.stringContaining('Stopped') });
    expect(at - stoppedAt).toBeLessThan(SHUTDOWN_TIMEOUT_MS + EXIT_MARGIN_MS);
    expect(started.output()).toMatch(/Stopping: finishing running jobs[\s\S]*Stopped/);
  });
});
