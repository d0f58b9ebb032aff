// Decision 014: the Insights tab answers from SQL aggregates in under 200 ms on 100,000 orders. The
// orders (a year of them at one campus, with their lines and payment checks, and another campus
// beside it) are generated in the database itself, then the use case the route calls is timed on
// PostgreSQL: the default 30 days, a whole year, and a super admin's every campus.
// Run alone: `node --import tsx tests/src/bench/insights-query.ts` (needs a local PostgreSQL).
import { fileURLToPath } from 'node:url';
import { getInsights } from '@campus/api/insights/get-insights';
import type { TInsightsQuery } from '@campus/shared/domain/insights-api';
import { addDays, todayIn } from '@campus/shared/domain/insights-api';
import type { Db } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import { restaurants } from '@campus/shared/server/db/schema';
import { createLogger } from '@campus/shared/server/logger';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { buildCampusTree } from '../support/builders';
import { createProfile } from '../support/people';
import { POSTGRES_ADMIN_URL, postgresAnswers } from '../support/postgres-admin';
import { scratchDatabase } from '../support/scratch-database';
import { timeRuns } from './percentile';

const INSIGHTS_ORDERS = 100_000;
/** Orders of another campus beside them, which the campus's figures must leave out. */
const OTHER_ORDERS = 20_000;
const INSIGHTS_TARGET_MS = 200;
const WARMUP = 3;
const TIMED = 20;

export interface InsightsQueryFigure {
  label: string;
  /** Orders the figures counted. */
  orders: number;
  p50: number;
  p95: number;
}

const STATES = `array['placed','verified','verified','verified','out_for_delivery','delivered','delivered','delivered','rejected','cancelled']`;

/** `count` orders of a campus over the year before now, two lines each, checks for most. */
async function generateOrders(
  db: Db,
  campus: { id: string; universityId: string },
  restaurantIds: string[],
  count: number,
  prefix: string,
) {
  const ids = sql.raw(`array[${restaurantIds.map((id) => `'${id}'`).join(',')}]`);
  await db.execute(sql`
    insert into orders (id, idempotency_key, university_id, campus_id, university_name, campus_name,
      sheet_tab_name, first_name, last_name, phone, email, persons, account_title, bank_name,
      item_total_paisa, delivery_charge_paisa, grand_total_paisa, screenshot_url, cart_items_text,
      timestamp_text, placed_at, status)
    select ${prefix} || n, 'k' || n, ${campus.universityId}, ${campus.id}, 'Uni', 'Campus',
      'Tab', 'Bench', 'Buyer', '0300-1234567', 'bench@uni.edu.pk', 1, 'Bench', 'Bank',
      20000, 13000, 33000, '/uploads/bench.webp', 'x', 'x',
      now() - random() * interval '365 days',
      (${sql.raw(STATES)})[1 + floor(random() * 10)::int]
    from generate_series(1, ${count}) n`);
  await db.execute(sql`
    insert into order_lines (order_id, position, kind, restaurant_id, restaurant_name, name,
      unit_price_paisa, quantity, line_total_paisa)
    select ${prefix} || n, 0, 'menu', (${ids})[1 + n % ${restaurantIds.length}],
      'Restaurant ' || (n % ${restaurantIds.length}), 'Item ' || (n % 60), 8000, 1, 8000
    from generate_series(1, ${count}) n
    union all
    select ${prefix} || n, 1, 'mart', null, 'Mart', 'Mart item ' || (n % 30), 6000, 2, 12000
    from generate_series(1, ${count}) n`);
  await db.execute(sql`
    insert into order_transitions (order_id, action, from_state, to_state, actor_name, at)
    select id, case when status = 'rejected' then 'reject' else 'verify' end, 'placed',
      case when status = 'rejected' then 'rejected' else 'verified' end, 'Admin',
      placed_at + random() * interval '3 hours'
    from orders where id like ${`${prefix}%`} and status not in ('placed', 'cancelled')`);
}

/** Times the insights query on PostgreSQL over generated orders. */
export async function measureInsightsQuery(options: {
  postgresAdminUrl: string;
  log: Logger;
}): Promise<InsightsQueryFigure[]> {
  const scratch = await scratchDatabase(
    options.postgresAdminUrl,
    'campus_bench_insights',
    options.log,
  );
  try {
    const { db } = scratch.database;
    const tree = await buildCampusTree(db);
    const other = await buildCampusTree(db);
    const more = await db
      .insert(restaurants)
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          id: newId(),
          campusId: tree.campus.id,
          name: `Kiosk ${i}`,
        })),
      )
      .returning();
    const restaurantIds = [tree.restaurant.id, ...more.map((r) => r.id)];
    await generateOrders(db, tree.campus, restaurantIds, INSIGHTS_ORDERS, 'b-');
    await generateOrders(db, other.campus, [other.restaurant.id], OTHER_ORDERS, 'o-');
    await db.execute(sql`analyze`);
    const admin = await createProfile(db, 'campusAdmin', tree.campus);
    const superAdmin = await createProfile(db, 'superAdmin');
    const campus = { universityId: tree.university.id, campusId: tree.campus.id };
    const today = todayIn(tree.campus.timeZone, new Date());
    const runs: { label: string; who: typeof admin; query: TInsightsQuery }[] = [
      { label: 'campus, last 30 days', who: admin, query: campus },
      {
        label: 'campus, 366 days (all its orders)',
        who: admin,
        query: { ...campus, from: addDays(today, -365), to: today },
      },
      { label: 'every campus (super admin), last 30 days', who: superAdmin, query: {} },
    ];
    const figures: InsightsQueryFigure[] = [];
    for (const run of runs) {
      const { p50, p95, last } = await timeRuns(WARMUP, TIMED, () =>
        getInsights(db, run.who, run.query, new Date()),
      );
      figures.push({ label: run.label, orders: last.outcomes.orders, p50, p95 });
    }
    return figures;
  } finally {
    await scratch.drop();
  }
}

/** The figures as the bench prints them, each beside its target. */
export function formatInsightsQuery(figures: InsightsQueryFigure[]): string[] {
  return [
    `Insights on ${INSIGHTS_ORDERS.toLocaleString('en-US')} orders (PostgreSQL, one campus's year ` +
      `and ${OTHER_ORDERS.toLocaleString('en-US')} of another campus; ${TIMED} timed runs each, ` +
      `target under ${INSIGHTS_TARGET_MS} ms):`,
    ...figures.map(
      (f) =>
        `  ${f.label.padEnd(52)} p50 ${`${Math.round(f.p50)} ms`.padStart(8)}  p95 ` +
        `${`${Math.round(f.p95)} ms`.padStart(8)}  ${(f.p95 / INSIGHTS_TARGET_MS).toFixed(2)} x target` +
        `  (${f.orders.toLocaleString('en-US')} orders counted)`,
    ),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const log = createLogger({ level: 'warn', service: 'bench' });
  if (!(await postgresAnswers(POSTGRES_ADMIN_URL))) {
    process.stdout.write(`No PostgreSQL answers at ${new URL(POSTGRES_ADMIN_URL).host}.\n`);
    process.exit(1);
  }
  const figures = await measureInsightsQuery({ postgresAdminUrl: POSTGRES_ADMIN_URL, log });
  for (const line of formatInsightsQuery(figures)) process.stdout.write(`${line}\n`);
  process.exit(0);
}
