import { Worker } from 'node:worker_threads';

export interface LoadSpec {
  url: string;
  concurrency: number;
  durationMs: number;
  headers?: Record<string, string>;
  /** Answers with another status count as failures. */
  expectStatus: number;
}

export interface LoadResult {
  ok: number;
  failed: number;
  elapsedMs: number;
}

/** Runs a closed-loop HTTP load in a worker thread and returns what it counted. */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  // Module hooks are per thread and Node 20 does not pass `--import tsx` on to a worker: the
  // worker registers tsx itself before it loads the TypeScript entry.
  const entry = new URL('./load-worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  const worker = new Worker(bootstrap, { eval: true, workerData: spec });
  return new Promise((resolve, reject) => {
    worker.once('message', (result: LoadResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load worker exited with code ${code}`));
    });
  });
}

/** Requests per second of answers with the expected status. */
export function perSecond(result: LoadResult): number {
  return (result.ok / result.elapsedMs) * 1000;
}
