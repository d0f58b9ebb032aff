// Catalogue reads per second against the floor: a bare Hono app in a process of its own answering
// the same bytes (200 and 304), and the api's own cheapest route. The api as production starts it
// (api/src/main.ts in a process of its own: its middleware, its catalogue cache synced over Redis,
// its access log) on a seeded scratch PostgreSQL database; the load is autocannon's, in another
// process (closed loop).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@campus/shared/dev/free-port';
import type { Db } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import {
  campuses,
  martItems,
  menuItems,
  restaurants,
  universities,
} from '@campus/shared/server/db/schema';
import type { Lifecycle } from '@campus/shared/server/lifecycle';
import type { Logger } from 'pino';
import { spawnEntry } from '../support/process';
import { scratchDatabase } from '../support/scratch-database';
import { startApiProcess } from './api-process';
import { type LoadFigures, runAutocannon } from './autocannon-load';
import type { BareResponse } from './bare-hono-server';
import { percentile } from './percentile';
import { canReadProcessCost, costPerAnswer, costSince, readProcessCost } from './process-cost';

// Connections of the closed loop, each with one request in flight.
const CONNECTIONS = 32;
const WARMUP_SECONDS = 2;
// Short rounds, many of them: this machine's speed changes from one minute to the next, so each
// round measures a target right after its floor, and the ratio is the median of the rounds'.
const ROUND_SECONDS = 3;
const ROUNDS = 6;
// Then each target's cost per answer at a fixed rate that both servers keep up with on a slow host.
const COST_RATE = 5_000;
const COST_SECONDS = 6;
// Set by Node's HTTP server itself, whoever answers.
const TRANSPORT_HEADERS = new Set([
  'connection',
  'content-length',
  'date',
  'keep-alive',
  'transfer-encoding',
]);

interface ThroughputRow {
  label: string;
  url: string;
  status: number;
  requestsPerSecond: number;
  failed: number;
  /** The highest p99 of the rounds, in ms. */
  p99Ms: number;
  /** The row this one is measured against. */
  floor?: string;
  /** The median (p50) over the rounds of requests per second / the floor's in the same round. */
  ratio?: number;
  /** The lowest and the highest of those rounds' ratios. */
  ratioRange?: { lowest: number; highest: number };
}

/** What one answer cost the process that gave it, at a fixed rate. */
interface CostRow {
  label: string;
  answers: number;
  /** CPU time of every thread of the process, in µs per answer. */
  cpuMicros: number;
  /** Write system calls per answer (the answer's own, the log's). */
  writes: number;
  floor?: string;
  /** cpuMicros / the floor's. */
  ratio?: number;
}

export interface ThroughputReport {
  connections: number;
  rounds: number;
  durationSeconds: number;
  rows: ThroughputRow[];
  responseBytes: number;
  /** Null where /proc cannot tell (not Linux). */
  costs: { rate: number; seconds: number; rows: CostRow[] } | null;
}

type Target = {
  label: string;
  url: string;
  status: number;
  headers?: Record<string, string>;
  /** The index of the floor's target. */
  floor?: number;
  /** The process that answers, whose cost per answer is measured. */
  pid?: number;
};

/** The headers of an answer the api wrote, to be written again by the bare app. */
function replayable(headers: Headers): Record<string, string> {
  return Object.fromEntries([...headers].filter(([name]) => !TRANSPORT_HEADERS.has(name)));
}

/** One campus of a plausible size: 12 restaurants of 10 dishes each, 40 mart items. */
async function seedCampus(db: Db): Promise<string> {
  const universityId = newId();
  const campusId = newId();
  await db.insert(universities).values({ id: universityId, name: 'Bench University' });
  await db.insert(campuses).values({
    id: campusId,
    universityId,
    name: 'Main Campus',
    location: 'Block A',
  });
  for (let r = 1; r <= 12; r += 1) {
    const restaurantId = newId();
    await db.insert(restaurants).values({
      id: restaurantId,
      campusId,
      name: `Restaurant ${r}`,
      location: `Food court, stall ${r}`,
      cuisine: r % 2 === 0 ? 'Desi' : 'Fast food',
      is24x7: r % 3 === 0,
    });
    await db.insert(menuItems).values(
      Array.from({ length: 10 }, (_, i) => ({
        id: newId(),
        restaurantId,
        name: `Dish ${i + 1}`,
        pricePaisa: 15_000 + i * 2_500,
        description: 'Freshly made, served hot with chutney and salad.',
        photoUrl: `/uploads/dish-${r}-${i}.webp`,
      })),
    );
  }
  await db.insert(martItems).values(
    Array.from({ length: 40 }, (_, i) => ({
      id: newId(),
      campusId,
      name: `Item ${i + 1}`,
      pricePaisa: 5_000 + i * 500,
      description: 'Everyday essentials.',
      category: i % 2 === 0 ? 'Snacks' : 'Drinks',
      stock: i % 7,
    })),
  );
  return campusId;
}

/**
 * What one answer of each target costs the process that gives it, under an open loop at COST_RATE
 * answers a second: that process's CPU time and write system calls over the run / its answers.
 */
async function measureCosts(targets: Target[]): Promise<ThroughputReport['costs']> {
  const measured = targets.filter((target) => target.pid !== undefined);
  if (!measured.every((target) => canReadProcessCost(target.pid ?? 0))) return null;
  const rows = new Map<Target, CostRow>();
  for (const target of measured) {
    const pid = target.pid ?? 0;
    const before = readProcessCost(pid);
    const figures = await runAutocannon({
      url: target.url,
      connections: CONNECTIONS,
      overallRate: COST_RATE,
      durationSeconds: COST_SECONDS,
      headers: target.headers,
      expectStatus: target.status,
    });
    const answers = figures.ok + figures.failed;
    rows.set(target, {
      label: target.label,
      answers,
      ...costPerAnswer(costSince(pid, before), answers),
    });
  }
  for (const [target, row] of rows) {
    const floor =
      target.floor === undefined ? undefined : rows.get(targets[target.floor] as Target);
    if (!floor) continue;
    row.floor = floor.label;
    row.ratio = row.cpuMicros / floor.cpuMicros;
  }
  return { rate: COST_RATE, seconds: COST_SECONDS, rows: [...rows.values()] };
}

/** Measures, prints nothing: run.ts prints the report. */
export async function measureCatalogueThroughput(options: {
  redisUrl: string;
  queuePrefix: string;
  dataDir: string;
  postgresAdminUrl: string;
  log: Logger;
  lifecycle: Lifecycle;
}): Promise<ThroughputReport> {
  const { log } = options;
  const resources: Array<() => Promise<unknown>> = [];
  const closeAll = async () => {
    for (const close of resources.splice(0).reverse()) await close();
  };
  options.lifecycle.add('throughput server', closeAll);
  try {
    const scratch = await scratchDatabase(options.postgresAdminUrl, 'campus_bench_catalogue', log);
    resources.push(scratch.drop);
    const campusId = await seedCampus(scratch.database.db);

    const api = await startApiProcess({
      databaseUrl: scratch.url,
      redisUrl: options.redisUrl,
      queuePrefix: options.queuePrefix,
      dataDir: options.dataDir,
    });
    resources.push(api.stop);

    const cataloguePath = `/api/catalogue/campuses/${campusId}/restaurants`;
    const first = await fetch(`${api.url}${cataloguePath}`);
    const body = await first.text();
    const etag = first.headers.get('etag') ?? '';
    const notModified = await fetch(`${api.url}${cataloguePath}`, {
      headers: { 'If-None-Match': etag },
    });
    await notModified.arrayBuffer();
    if (first.status !== 200 || notModified.status !== 304) {
      throw new Error(`the restaurants route answered ${first.status}, then ${notModified.status}`);
    }

    // The floor: the framework and the HTTP server in a process of their own, the same bytes.
    const bareFile = join(options.dataDir, 'bare-response.json');
    const bareResponse: BareResponse = {
      body,
      headers: replayable(first.headers),
      notModifiedHeaders: replayable(notModified.headers),
    };
    writeFileSync(bareFile, JSON.stringify(bareResponse));
    const barePort = await freePort();
    const bare = spawnEntry('tests/src/bench/bare-hono-server.ts', {
      BARE_RESPONSE: bareFile,
      PORT: String(barePort),
    });
    resources.push(async () => {
      bare.child.kill('SIGTERM');
      await bare.exited;
    });
    await bare.waitFor(/bare app listening/);
    const bareUrl = `http://127.0.0.1:${barePort}/`;

    // Each target right after its floor.
    const targets: Target[] = [
      {
        label: 'bare Hono app, the same 200 with body',
        url: bareUrl,
        status: 200,
        pid: bare.child.pid,
      },
      {
        label: 'catalogue restaurants, 200 with body',
        url: `${api.url}${cataloguePath}`,
        status: 200,
        floor: 0,
        pid: api.pid,
      },
      {
        label: 'bare Hono app, the same 304',
        url: bareUrl,
        status: 304,
        headers: { 'If-None-Match': etag },
        pid: bare.child.pid,
      },
      {
        label: 'catalogue restaurants, 304 (If-None-Match)',
        url: `${api.url}${cataloguePath}`,
        status: 304,
        headers: { 'If-None-Match': etag },
        floor: 2,
        pid: api.pid,
      },
      { label: "the api's /healthz (its middleware only)", url: `${api.url}/healthz`, status: 200 },
    ];
    const load = (target: Target, durationSeconds: number) =>
      runAutocannon({
        url: target.url,
        connections: CONNECTIONS,
        durationSeconds,
        headers: target.headers,
        expectStatus: target.status,
      });

    for (const target of targets) await load(target, WARMUP_SECONDS);
    // Alternating rounds, so a slow moment of a shared machine does not land on one target only.
    const rounds = targets.map(() => [] as LoadFigures[]);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [i, target] of targets.entries()) {
        rounds[i]?.push(await load(target, ROUND_SECONDS));
      }
    }
    const rows = targets.map((target, i): ThroughputRow => {
      const runs = rounds[i] ?? [];
      const ok = runs.reduce((sum, run) => sum + run.ok, 0);
      const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
      return {
        label: target.label,
        url: target.url,
        status: target.status,
        requestsPerSecond: ok / seconds,
        failed: runs.reduce((sum, run) => sum + run.failed, 0),
        p99Ms: Math.max(...runs.map((run) => run.latency.p99)),
      };
    });
    for (const [i, target] of targets.entries()) {
      const row = rows[i] as ThroughputRow;
      if (target.floor === undefined) continue;
      const floorRuns = rounds[target.floor] ?? [];
      const ratios = (rounds[i] ?? [])
        .map((run, round) => run.requestsPerSecond / (floorRuns[round]?.requestsPerSecond ?? 0))
        .sort((a, b) => a - b);
      row.floor = rows[target.floor]?.label;
      row.ratio = percentile(ratios, 50);
      row.ratioRange = { lowest: ratios[0] ?? 0, highest: ratios[ratios.length - 1] ?? 0 };
    }
    return {
      connections: CONNECTIONS,
      rounds: ROUNDS,
      durationSeconds: ROUND_SECONDS * ROUNDS,
      responseBytes: Buffer.byteLength(body),
      rows,
      costs: await measureCosts(targets),
    };
  } finally {
    await closeAll();
  }
}
