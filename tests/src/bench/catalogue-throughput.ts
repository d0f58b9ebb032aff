// Catalogue reads per second against the floor: a bare Hono app served the same way in the same
// process, and the api's own cheapest route. The api as production starts it (startApi: its
// middleware, its catalogue cache synced over Redis) on a seeded in-memory PGlite, measured over
// real HTTP from a worker thread.
import type { Server } from 'node:http';
import { join } from 'node:path';
import { DEFAULT_CAPTCHA_COUNTER_MAX } from '@campus/api/auth/captcha';
import { startApi } from '@campus/api/server';
import { createLocalImageStore } from '@campus/api/uploads/local-image-store';
import { freePort } from '@campus/shared/dev/free-port';
import { type Database, type Db, openDatabase } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import {
  campuses,
  martItems,
  menuItems,
  restaurants,
  universities,
} from '@campus/shared/server/db/schema';
import type { Lifecycle } from '@campus/shared/server/lifecycle';
import { createMailer } from '@campus/shared/server/mail/mailer';
import { createProducer } from '@campus/shared/server/queue';
import { closeRedis, openCheckedRedis } from '@campus/shared/server/redis';
import { createLocalSheetStore } from '@campus/shared/server/sheets/local-sheet-store';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { Logger } from 'pino';
import { TEST_PAY_TO } from '../support/app';
import { perSecond, runLoad } from './http-load';

export const CONCURRENCY = 32;
const WARMUP_MS = 1_500;
const ROUND_MS = 4_000;
const ROUNDS = 2;

export interface ThroughputRow {
  label: string;
  url: string;
  requestsPerSecond: number;
  failed: number;
}

export interface ThroughputReport {
  concurrency: number;
  durationMs: number;
  rows: ThroughputRow[];
  responseBytes: number;
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

/** Measures, prints nothing: run.ts prints the report. */
export async function measureCatalogueThroughput(options: {
  redisUrl: string;
  queuePrefix: string;
  dataDir: string;
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
    const database: Database = await openDatabase({ kind: 'pglite-memory' }, log);
    resources.push(database.close);
    const campusId = await seedCampus(database.db);

    const redis = await openCheckedRedis(options.redisUrl, 'producer', log);
    resources.push(() => closeRedis(redis));
    const producer = createProducer(redis, options.queuePrefix, log);
    resources.push(producer.close);
    const port = await freePort();
    const api = await startApi({
      database,
      redis,
      producer,
      log,
      host: '127.0.0.1',
      port,
      webDistDir: 'web/dist',
      queuePrefix: options.queuePrefix,
      sheetWritesPerMinute: 60,
      mailer: createMailer({
        outboxDir: join(options.dataDir, 'outbox'),
        from: 'CampusBucket bench <bench@localhost>',
        log,
      }),
      authSecret: 'bench-only-secret-that-is-long-enough-0123456789abcdef',
      publicUrl: `http://127.0.0.1:${port}`,
      trustProxy: false,
      captchaCounterMax: DEFAULT_CAPTCHA_COUNTER_MAX,
      adapters: {
        sheets: createLocalSheetStore(database.db),
        images: createLocalImageStore({
          dir: join(options.dataDir, 'uploads'),
          publicUrl: `http://127.0.0.1:${port}`,
        }),
        uploadsDir: join(options.dataDir, 'uploads'),
        payToDefault: TEST_PAY_TO,
      },
    });
    resources.push(api.close);

    // The floor: the framework and the HTTP server, nothing of ours.
    const barePort = await freePort();
    const bare = serve({
      fetch: new Hono().get('/', (c) => c.json({ ok: true })).fetch,
      hostname: '127.0.0.1',
      port: barePort,
    }) as Server;
    resources.push(() => new Promise((resolve) => bare.close(resolve)));

    const cataloguePath = `/api/catalogue/campuses/${campusId}/restaurants`;
    const first = await fetch(`${api.url}${cataloguePath}`);
    const etag = first.headers.get('etag') ?? '';
    const responseBytes = (await first.arrayBuffer()).byteLength;
    const targets: Array<
      Omit<ThroughputRow, 'requestsPerSecond' | 'failed'> & {
        status: number;
        headers?: Record<string, string>;
      }
    > = [
      {
        label: 'bare Hono app, c.json({ ok: true })',
        url: `http://127.0.0.1:${barePort}/`,
        status: 200,
      },
      { label: "the api's /healthz (its middleware only)", url: `${api.url}/healthz`, status: 200 },
      {
        label: 'catalogue restaurants, 200 with body',
        url: `${api.url}${cataloguePath}`,
        status: 200,
      },
      {
        label: 'catalogue restaurants, 304 (If-None-Match)',
        url: `${api.url}${cataloguePath}`,
        status: 304,
        headers: { 'If-None-Match': etag },
      },
    ];
    const load = (target: (typeof targets)[number], durationMs: number) =>
      runLoad({
        url: target.url,
        concurrency: CONCURRENCY,
        durationMs,
        headers: target.headers,
        expectStatus: target.status,
      });

    for (const target of targets) await load(target, WARMUP_MS);
    // Alternating rounds, so a slow moment of a shared machine does not land on one target only.
    const totals = targets.map(() => ({ ok: 0, failed: 0, elapsedMs: 0 }));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [i, target] of targets.entries()) {
        const result = await load(target, ROUND_MS);
        const total = totals[i] as (typeof totals)[number];
        total.ok += result.ok;
        total.failed += result.failed;
        total.elapsedMs += result.elapsedMs;
      }
    }
    return {
      concurrency: CONCURRENCY,
      durationMs: ROUND_MS * ROUNDS,
      responseBytes,
      rows: targets.map((target, i) => {
        const total = totals[i] as (typeof totals)[number];
        return {
          label: target.label,
          url: target.url,
          requestsPerSecond: perSecond(total),
          failed: total.failed,
        };
      }),
    };
  } finally {
    await closeAll();
  }
}
