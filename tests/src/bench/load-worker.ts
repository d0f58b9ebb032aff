// One load run in a worker thread, so that the client's work does not share an event loop with
// the server it measures. Keep-alive connections, one request in flight per connection.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import type { LoadResult, LoadSpec } from './http-load';

const spec = workerData as LoadSpec;
const target = new URL(spec.url);
const agent = new Agent({ keepAlive: true, maxSockets: spec.concurrency });

function once(): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        headers: spec.headers,
      },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
        res.once('error', reject);
      },
    );
    req.once('error', reject);
    req.end();
  });
}

async function run(): Promise<LoadResult> {
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + spec.durationMs;
  const loop = async () => {
    while (performance.now() < deadline) {
      try {
        if ((await once()) === spec.expectStatus) ok += 1;
        else failed += 1;
      } catch {
        failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: spec.concurrency }, loop));
  const elapsedMs = performance.now() - started;
  agent.destroy();
  return { ok, failed, elapsedMs };
}

run().then(
  (result) => parentPort?.postMessage(result),
  (error: unknown) => {
    throw error;
  },
);
