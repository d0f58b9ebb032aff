// Every HTTP figure of the bench comes from a load generator in a process of its own (autocannon
// for a closed loop, a fixed-rate sender of its own for an open loop: autocannon-child.ts), so it
// never shares an event loop (or a thread's machine time) with the server it measures. The spec
// goes to the child as JSON; its figures come back on one marked line of its output.
import { spawnEntry } from '../support/process';

/** Starts the child's one line of figures. */
export const RESULT_MARK = 'AUTOCANNON_RESULT ';
const CHILD_TIMEOUT_MS = 5 * 60_000;

/** One request of a prepared list: each is sent once, in order, by whichever connection is free. */
export interface PreparedRequest {
  headers: Record<string, string>;
  body: string;
}

export interface LoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  /** Connections, each with one request in flight (in an open loop, at most this many). */
  connections: number;
  /**
   * Closed loop without it: as fast as answers come. Open loop with it: this many requests a
   * second in all, evenly spaced, each timed from when it was due.
   */
  overallRate?: number;
  /** Seconds, unless `amount` is given. */
  durationSeconds?: number;
  /** Requests in all; with a prepared list, its length. */
  amount?: number;
  headers?: Record<string, string>;
  /** A JSON file of PreparedRequest[]; each is sent once. */
  requestsFile?: string;
  /** Answers with another status count as failures. */
  expectStatus: number;
}

export interface LoadFigures {
  /** Answers with the expected status per second of the run. */
  requestsPerSecond: number;
  ok: number;
  failed: number;
  /** Status counts of every answer, and connection errors and timeouts. */
  statuses: Record<string, number>;
  errors: number;
  seconds: number;
  /** Latency to the answer read, in ms: from the request written, or in an open loop from when it was due. */
  latency: { p50: number; p90: number; p99: number; max: number };
}

/** Runs autocannon in a child process with this spec and returns its figures. */
export async function runAutocannon(spec: LoadSpec): Promise<LoadFigures> {
  const child = spawnEntry('tests/src/bench/autocannon-child.ts', {
    AUTOCANNON_SPEC: JSON.stringify(spec),
  });
  const [, code] = await Promise.all([
    child.waitFor(new RegExp(`${RESULT_MARK}.*\\n`), CHILD_TIMEOUT_MS).catch(() => ''),
    child.exited,
  ]);
  const line = child
    .output()
    .split('\n')
    .find((l) => l.startsWith(RESULT_MARK));
  if (code !== 0 || !line) {
    throw new Error(`autocannon against ${spec.url} failed (${code}):\n${child.output()}`);
  }
  return JSON.parse(line.slice(RESULT_MARK.length)) as LoadFigures;
}
