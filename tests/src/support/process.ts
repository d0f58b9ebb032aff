import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface Spawned {
  child: ChildProcess;
  output: () => string;
  /** Resolves when the output matches, rejects when the process exits first or time runs out. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<number | null>;
}

/** Runs a TypeScript entry point of the repository as its own process, as `npm start` would. */
export function spawnEntry(entry: string, env: Record<string, string>): Spawned {
  return spawnNode(['--import', 'tsx', entry], env, repoRoot);
}

/** Runs Node with these arguments in `cwd`, with only this environment (and PATH, HOME). */
export function spawnNode(args: string[], env: Record<string, string>, cwd: string): Spawned {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return {
    child,
    output: () => output,
    exited,
    waitFor(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (match) {
            cleanup();
            resolve(match[0]);
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`Timed out waiting for ${pattern}; output:\n${output}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        exited.then((code) => {
          if (!pattern.test(output)) {
            cleanup();
            reject(new Error(`Exited (${code}) before ${pattern}; output:\n${output}`));
          }
        });
        check();
      });
    },
  };
}
