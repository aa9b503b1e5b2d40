import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Forks a bench script compiled beside this one (e.g. './cob-worker.js') with an IPC channel and resolves with the
 * child and its first message, once `accept` takes it (a child that says something else, or exits first, fails).
 */
export async function forkBenchScript<T>(
  script: string,
  env: Record<string, string>,
  accept: (message: unknown) => T | undefined,
): Promise<{ child: ChildProcess; message: T }> {
  const child = fork(fileURLToPath(new URL(script, import.meta.url)), [], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const message = await new Promise<T>((resolve, reject) => {
    child.once('message', (m) => {
      const accepted = accept(m);
      if (accepted === undefined) reject(new Error(`${script} said ${JSON.stringify(m)}`));
      else resolve(accepted);
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
  });
  return { child, message };
}

/** Asks a forked bench script to stop (`stop`) and waits for it to exit; killed after 20 s. */
export function stopBenchScript(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => (clearTimeout(timer), resolve()));
    child.send('stop');
  });
}
