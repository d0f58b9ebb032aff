// The load generator process of the bench: runs autocannon as AUTOCANNON_SPEC says and prints
// its figures on one line for autocannon-load.ts. Nothing else runs here.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import {
  type LoadFigures,
  type LoadSpec,
  type PreparedRequest,
  RESULT_MARK,
} from './autocannon-load';

const spec = JSON.parse(process.env.AUTOCANNON_SPEC ?? '') as LoadSpec;
const prepared = spec.requestsFile
  ? (JSON.parse(readFileSync(spec.requestsFile, 'utf8')) as PreparedRequest[])
  : null;
let next = 0;

const result = await autocannon({
  url: spec.url,
  method: spec.method ?? 'GET',
  connections: spec.connections,
  pipelining: 1,
  headers: spec.headers,
  ...(spec.overallRate ? { overallRate: spec.overallRate } : {}),
  ...(prepared
    ? { amount: prepared.length }
    : spec.amount
      ? { amount: spec.amount }
      : { duration: spec.durationSeconds ?? 10 }),
  // A slow answer is a figure, not an error.
  timeout: 30,
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
process.stdout.write(`${RESULT_MARK}${JSON.stringify(figures)}\n`);
