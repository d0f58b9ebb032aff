// The load generator process of the bench: runs the load AUTOCANNON_SPEC says and prints its
// figures on one line for autocannon-load.ts. Nothing else runs here. A closed loop is autocannon's;
// an open loop (a fixed rate) is this file's own, since autocannon's rate mode sends each
// connection's share at the start of every second: at 100 a second over 100 connections, a burst
// of 100 orders each second, whose latency is the burst's queue, not the rate's.
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import autocannon from 'autocannon';
import {
  type LoadFigures,
  type LoadSpec,
  type PreparedRequest,
  RESULT_MARK,
} from './autocannon-load';
import { percentile } from './percentile';

const spec = JSON.parse(process.env.AUTOCANNON_SPEC ?? '') as LoadSpec;
const prepared = spec.requestsFile
  ? (JSON.parse(readFileSync(spec.requestsFile, 'utf8')) as PreparedRequest[])
  : null;
let next = 0;
// A slow answer is a figure, not an error; one this late is.
const TIMEOUT_MS = 30_000;

/** One request of an open loop: its status, or null when no answer came. */
function send(agent: Agent, one: PreparedRequest | null): Promise<number | null> {
  const url = new URL(spec.url);
  const body = one?.body ?? '';
  return new Promise((resolve) => {
    const outgoing = httpRequest(
      url,
      {
        agent,
        method: spec.method ?? 'GET',
        headers: {
          ...spec.headers,
          ...one?.headers,
          ...(body ? { 'content-length': Buffer.byteLength(body) } : {}),
        },
        timeout: TIMEOUT_MS,
      },
      (answer) => {
        answer.resume();
        answer.once('end', () => resolve(answer.statusCode ?? null));
        answer.once('error', () => resolve(null));
      },
    );
    outgoing.once('timeout', () => outgoing.destroy(new Error('timed out')));
    outgoing.once('error', () => resolve(null));
    outgoing.end(body);
  });
}

/**
 * Open loop: request i is due `i / rate` seconds after the start, whatever became of the ones
 * before it (a slow answer never holds the next request back, as in a closed loop), over at most
 * `connections` kept-alive connections. Its latency runs from when it was due to its answer's
 * end, so a request that waited for a free connection counts its wait.
 */
async function openLoop(rate: number): Promise<LoadFigures> {
  const total = prepared?.length ?? spec.amount ?? rate * (spec.durationSeconds ?? 10);
  const agent = new Agent({ keepAlive: true, maxSockets: spec.connections });
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: total }, async (_, i) => {
      const due = start + (i * 1000) / rate;
      await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
      const status = await send(agent, prepared?.[i] ?? null);
      if (status === null) {
        errors += 1;
        return;
      }
      statuses[status] = (statuses[status] ?? 0) + 1;
      latencies.push(performance.now() - due);
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const ok = statuses[String(spec.expectStatus)] ?? 0;
  const answered = Object.values(statuses).reduce((sum, n) => sum + n, 0);
  return {
    requestsPerSecond: ok / seconds,
    ok,
    failed: answered - ok + errors,
    statuses,
    errors,
    seconds,
    latency: {
      p50: percentile(latencies, 50),
      p90: percentile(latencies, 90),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? 0,
    },
  };
}

/** Closed loop: autocannon, each connection sending its next request when its answer is in. */
async function closedLoop(): Promise<LoadFigures> {
  const result = await autocannon({
    url: spec.url,
    method: spec.method ?? 'GET',
    connections: spec.connections,
    pipelining: 1,
    // autocannon notices the end of a run at its next sample: at the default of one a second, a
    // run of a fixed number of requests counted up to a second too long (400 orders in 2.1 s made
    // 3 s). Every 10 ms, the time is the run's own to 10 ms.
    sampleInt: 10,
    headers: spec.headers,
    ...(prepared
      ? { amount: prepared.length }
      : spec.amount
        ? { amount: spec.amount }
        : { duration: spec.durationSeconds ?? 10 }),
    timeout: TIMEOUT_MS / 1000,
    ...(prepared
      ? {
          requests: [
            {
              setupRequest: (request) => {
                const one = prepared[next++ % prepared.length] as PreparedRequest;
                return {
                  ...request,
                  headers: { ...request.headers, ...one.headers },
                  body: one.body,
                };
              },
            },
          ],
        }
      : {}),
  });

  const statuses: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) {
    statuses[status] = count ?? 0;
  }
  const ok = statuses[String(spec.expectStatus)] ?? 0;
  const answered = Object.values(statuses).reduce((sum, n) => sum + n, 0);
  const figures: LoadFigures = {
    requestsPerSecond: ok / result.duration,
    ok,
    failed: answered - ok + result.errors,
    statuses,
    errors: result.errors,
    seconds: result.duration,
    latency: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
  };
  return figures;
}

const figures = spec.overallRate ? await openLoop(spec.overallRate) : await closedLoop();
process.stdout.write(`${RESULT_MARK}${JSON.stringify(figures)}\n`);
