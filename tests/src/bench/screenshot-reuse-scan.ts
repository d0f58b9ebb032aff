// What the duplicate-screenshot check costs as orders pile up (decision 011's rule: any campus, the
// last 90 days). The look for pictures that look the same compares the fingerprint with every order
// of those days, which no index can shorten: the worker's check-screenshot job makes it, one per
// order, outside checkout. Timed on PostgreSQL over orders generated in the database, at two sizes,
// to show how it grows. Run alone: `node --import tsx tests/src/bench/screenshot-reuse-scan.ts`.
import { fileURLToPath } from 'node:url';
import type { Db } from '@campus/shared/server/db/client';
import { createLogger } from '@campus/shared/server/logger';
import {
  findMatchingScreenshots,
  type OrderScreenshot,
} from '@campus/shared/server/screenshots/screenshot-match';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { buildCampusTree } from '../support/builders';
import { POSTGRES_ADMIN_URL, postgresAnswers } from '../support/postgres-admin';
import { scratchDatabase } from '../support/scratch-database';
import { timeRuns } from './percentile';

/** Orders of the 90 days the check looks at, measured at each size in turn. */
export const REUSE_SCAN_SIZES = [10_000, 100_000];
const WARMUP = 2;
const TIMED = 10;

export interface ReuseScanFigure {
  orders: number;
  p50: number;
  p95: number;
}

/**
 * Orders `from`..`to` (numbers), placed over the last 89 days, each with a fingerprint of its own.
 */
async function generateOrders(
  db: Db,
  campus: { id: string; universityId: string },
  from: number,
  to: number,
) {
  // 2,048 bits of 16 MD5s of the order's number: as unlike each other as real receipts get.
  await db.execute(sql`
    insert into orders (id, idempotency_key, university_id, campus_id, university_name, campus_name,
      sheet_tab_name, first_name, last_name, phone, email, persons, account_title, bank_name,
      item_total_paisa, delivery_charge_paisa, grand_total_paisa, screenshot_url, cart_items_text,
      timestamp_text, placed_at, status, screenshot_sha256, screenshot_perceptual)
    select 's-' || n, 'k' || n, ${campus.universityId}, ${campus.id}, 'Uni', 'Campus', 'Tab',
      'Bench', 'Buyer', '0300-1234567', 'bench@uni.edu.pk', 1, 'Bench', 'Bank', 20000, 13000,
      33000, '/uploads/bench.webp', 'Zinger Burger x 2, Fries x 1', 'x',
      now() - random() * interval '89 days', 'verified', md5(n::text) || md5(n::text),
      ('x' || (select string_agg(md5(n || '-' || k), '') from generate_series(1, 16) k))::bit(2048)
    from generate_series(${from}::int, ${to}::int) n`);
  await db.execute(sql`analyze orders`);
}

/** Times the look for an order placed now whose screenshot matches no earlier order. */
export async function measureReuseScan(options: {
  postgresAdminUrl: string;
  log: Logger;
}): Promise<ReuseScanFigure[]> {
  const scratch = await scratchDatabase(
    options.postgresAdminUrl,
    'campus_bench_reuse',
    options.log,
  );
  try {
    const { db } = scratch.database;
    const tree = await buildCampusTree(db);
    // A fingerprint of no generated order: every order is compared, none matches.
    const fresh: OrderScreenshot = {
      id: 'bench-order',
      placedAt: new Date(),
      sha256: 'f'.repeat(64),
      perceptual: '01'.repeat(1024),
    };
    const figures: ReuseScanFigure[] = [];
    let generated = 0;
    for (const size of REUSE_SCAN_SIZES) {
      await generateOrders(db, tree.campus, generated + 1, size);
      generated = size;
      const { p50, p95 } = await timeRuns(WARMUP, TIMED, () => findMatchingScreenshots(db, fresh));
      figures.push({ orders: size, p50, p95 });
    }
    return figures;
  } finally {
    await scratch.drop();
  }
}

/** The figures as the bench prints them. */
export function formatReuseScan(figures: ReuseScanFigure[]): string[] {
  return [
    `The check-screenshot job's look for other use, per order (PostgreSQL, ${TIMED} timed runs each; outside checkout):`,
    ...figures.map(
      (f) =>
        `  ${f.orders.toLocaleString('en-US').padStart(7)} orders in the 90 days before it: ` +
        `p50 ${f.p50.toFixed(1).padStart(6)} ms  p95 ${f.p95.toFixed(1).padStart(6)} ms`,
    ),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const log = createLogger({ level: 'warn', service: 'bench' });
  if (!(await postgresAnswers(POSTGRES_ADMIN_URL))) {
    process.stdout.write(`No PostgreSQL answers at ${new URL(POSTGRES_ADMIN_URL).host}.\n`);
    process.exit(1);
  }
  const figures = await measureReuseScan({ postgresAdminUrl: POSTGRES_ADMIN_URL, log });
  for (const line of formatReuseScan(figures)) process.stdout.write(`${line}\n`);
  process.exit(0);
}
