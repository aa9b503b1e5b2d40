import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testEnv } from './test-app.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The real entry points (src/main.ts, src/worker.ts, src/cli.ts) as OS processes, run the way production runs them
 * (from TypeScript through ts-register.mjs), for the fault tests: they can be killed with SIGKILL like a crashed node.
 */
export type ServiceProcess = {
  readonly kind: 'api' | 'worker';
  readonly pid: number;
  /** `http://127.0.0.1:<port>` of the API; empty for a worker. */
  readonly url: string;
  output(): string;
  /** kill -9: no handler runs, nothing is flushed or closed. Resolves once the process is gone. */
  kill9(): Promise<void>;
  /** SIGTERM (graceful), then SIGKILL if it has not exited within 20 s. */
  stop(): Promise<void>;
};

const READY: Record<ServiceProcess['kind'], RegExp> = {
  api: /API listening on http:\/\/[^/]*:(\d+)\/api/,
  worker: /Serving queue\(s\)/,
};

function entry(kind: ServiceProcess['kind'] | 'cli'): string {
  return path.join(here, '..', '..', 'src', kind === 'api' ? 'main.ts' : `${kind}.ts`);
}

/** The process's environment: testEnv plus `env`, with NODE_OPTIONS cleared (jest's VM flag is not for children). */
function environment(env: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, NODE_OPTIONS: '', ...testEnv({ LOG_LEVEL: 'warn', ...env }) };
}

export async function startService(kind: ServiceProcess['kind'], env: Record<string, string>): Promise<ServiceProcess> {
  const child: ChildProcess = fork(entry(kind), kind === 'api' ? [] : [], {
    execArgv: ['--import', path.join(here, 'ts-register.mjs')],
    env: environment(kind === 'api' ? { PORT: '0', ...env } : env),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8');
  child.stderr!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => (output += chunk));
  child.stderr!.on('data', (chunk: string) => (output += chunk));
  // The test process ending for whatever reason (a crash included) takes its services with it.
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  const gone = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.off('exit', orphaned);
      resolve();
    }),
  );
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const check = () => {
      const found = READY[kind].exec(output);
      if (found) {
        child.stdout!.off('data', check);
        child.off('exit', early);
        resolve(found);
      }
    };
    const early = (code: number | null) => reject(new Error(`the ${kind} exited (${code}) before it was ready:\n${output}`));
    child.stdout!.on('data', check);
    child.once('exit', early);
    check();
  });
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    kind,
    pid: child.pid!,
    url: kind === 'api' ? `http://127.0.0.1:${match[1]}` : '',
    output: () => output,
    async kill9() {
      if (!exited()) child.kill('SIGKILL');
      await gone;
    },
    async stop() {
      if (exited()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await gone;
      clearTimeout(timer);
    },
  };
}

/** Runs the CLI (`cli.ts <args>`) to its end: exit code and everything it printed. */
export function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = fork(entry('cli'), args, {
      execArgv: ['--import', path.join(here, 'ts-register.mjs')],
      env: environment(env),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let output = '';
    child.stdout!.setEncoding('utf8');
    child.stderr!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => (output += chunk));
    child.stderr!.on('data', (chunk: string) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}
