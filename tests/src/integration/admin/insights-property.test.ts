import { getInsights } from '@campus/api/insights/get-insights';
import { drawPaymentReference } from '@campus/api/orders/payment-reference';
import { AppError } from '@campus/shared/domain/app-error';
import type { TUserProfile } from '@campus/shared/domain/entities';
import {
  addDays,
  daysOf,
  INSIGHTS_MESSAGES,
  INSIGHTS_TOP_ITEMS,
  type TInsightsResponse,
} from '@campus/shared/domain/insights-api';
import { DELIVERY_CHARGE_PER_PERSON_PAISA } from '@campus/shared/domain/money';
import {
  ORDER_ACTION_NAMES,
  ORDER_STATES,
  type TOrderState,
} from '@campus/shared/domain/order-status';
import type { Database } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import { orderLines, orders, orderTransitions, restaurants } from '@campus/shared/server/db/schema';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCampusTree, buildUser } from '../../support/builders';
import { engine, openTestDatabase } from '../../support/database';
import { createProfile } from '../../support/people';

// The Insights tab as a property (decision 014): every figure equals a brute-force computation in
// TypeScript over random orders, placed across day boundaries of their campus's time zone (the
// last and the first second of a local day among them), in random states, with random lines and
// payment checks. One campus keeps Karachi time, the other New York's, whose clocks move.

type Tree = Awaited<ReturnType<typeof buildCampusTree>>;
type Place = 'karachi' | 'newYork' | 'deleted';

const ZONES: Record<Place, string> = {
  karachi: 'Asia/Karachi',
  newYork: 'America/New_York',
  // An order whose campus was deleted: in no campus's figures (its zone is never asked).
  deleted: 'Asia/Karachi',
};
/** Eight days around New York's change of clocks (2026-03-08). */
const FIRST_DAY = '2026-03-04';
const WINDOW_DAYS = 8;

let database: Database;
let trees: Record<'karachi' | 'newYork', Tree>;
let goneRestaurantName: string;
let extraRestaurant: { id: string; name: string };
let student: { id: string; email: string };
let admin: TUserProfile;
let superAdmin: TUserProfile;

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  trees = {
    karachi: await buildCampusTree(db, { campus: { timeZone: ZONES.karachi } }),
    newYork: await buildCampusTree(db, { campus: { timeZone: ZONES.newYork } }),
  };
  const [extra] = await db
    .insert(restaurants)
    .values({ id: newId(), campusId: trees.karachi.campus.id, name: 'Biryani Point' })
    .returning();
  if (!extra) throw new Error('no restaurant');
  extraRestaurant = extra;
  goneRestaurantName = 'Closed Kiosk';
  student = await buildUser(db);
  admin = await createProfile(db, 'campusAdmin', trees.karachi.campus);
  superAdmin = await createProfile(db, 'superAdmin');
});

afterAll(async () => {
  await database?.close();
});

// --- Time in a zone, from the platform's own time zone data (not the database's) ---

const formats = new Map<string, Intl.DateTimeFormat>();
function localParts(instant: Date, timeZone: string) {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const p: Record<string, string> = {};
  for (const part of format.formatToParts(instant)) p[part.type] = part.value;
  return {
    day: `${p.year}-${p.month}-${p.day}`,
    hour: Number(p.hour),
    asUtc: Date.UTC(
      Number(p.year),
      Number(p.month) - 1,
      Number(p.day),
      Number(p.hour),
      Number(p.minute),
      Number(p.second),
    ),
  };
}

/** The instant a wall clock in the zone shows `day` at `second` seconds after midnight. */
function instantAt(day: string, second: number, timeZone: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + second * 1000;
  let instant = wall;
  // Twice: the zone's offset at the guess, then at the corrected guess (clocks that move).
  for (let i = 0; i < 2; i++)
    instant = wall - (localParts(new Date(instant), timeZone).asUtc - instant);
  return new Date(instant);
}

// --- Random orders ---

type LineSpec = {
  restaurant: 'main' | 'extra' | 'gone' | 'mart';
  item: number;
  quantity: number;
  unitPaisa: number;
};
type OrderSpec = {
  place: Place;
  dayIndex: number;
  second: number;
  status: TOrderState;
  persons: number;
  lines: LineSpec[];
  checks: { action: (typeof ORDER_ACTION_NAMES)[number]; afterSeconds: number }[];
};

const LAST_SECOND = 86_399;
const arbSecond = fc.oneof(
  fc.constantFrom(0, LAST_SECOND, 1, LAST_SECOND - 1, 12 * 3600),
  fc.integer({ min: 0, max: LAST_SECOND }),
);
const arbLine: fc.Arbitrary<LineSpec> = fc.record({
  restaurant: fc.constantFrom('main', 'extra', 'gone', 'mart'),
  item: fc.integer({ min: 0, max: 3 }),
  quantity: fc.integer({ min: 1, max: 4 }),
  unitPaisa: fc.constantFrom(5_000, 8_000, 12_500, 30_000),
});
const arbOrder: fc.Arbitrary<OrderSpec> = fc.record({
  place: fc.constantFrom<Place>('karachi', 'karachi', 'newYork', 'deleted'),
  dayIndex: fc.integer({ min: 0, max: WINDOW_DAYS - 1 }),
  second: arbSecond,
  status: fc.constantFrom(...ORDER_STATES),
  persons: fc.integer({ min: 1, max: 3 }),
  lines: fc.array(arbLine, { minLength: 1, maxLength: 3 }),
  checks: fc.array(
    fc.record({
      action: fc.constantFrom(...ORDER_ACTION_NAMES),
      afterSeconds: fc.integer({ min: 1, max: 5 * 86_400 }),
    }),
    { maxLength: 3 },
  ),
});
const arbRange = fc
  .tuple(fc.integer({ min: 0, max: WINDOW_DAYS - 1 }), fc.integer({ min: 0, max: WINDOW_DAYS - 1 }))
  .map(([a, b]) => ({
    from: addDays(FIRST_DAY, Math.min(a, b)),
    to: addDays(FIRST_DAY, Math.max(a, b)),
  }));

/** A stored order with what the brute force needs of it. */
type Stored = {
  place: Place;
  placedAt: Date;
  status: TOrderState;
  grandTotalPaisa: number;
  lines: {
    key: string;
    kind: 'menu' | 'mart';
    restaurantId: string | null;
    restaurantName: string;
    name: string;
    quantity: number;
    lineTotalPaisa: number;
  }[];
  checks: { action: string; at: Date }[];
};

function lineOf(spec: LineSpec, tree: Tree) {
  const total = spec.quantity * spec.unitPaisa;
  switch (spec.restaurant) {
    case 'mart':
      return {
        key: 'mart',
        kind: 'mart' as const,
        restaurantId: null,
        restaurantName: 'Mart',
        name: `Water ${spec.item}`,
        total,
      };
    case 'gone':
      return {
        key: `deleted:${goneRestaurantName}`,
        kind: 'menu' as const,
        restaurantId: null,
        restaurantName: goneRestaurantName,
        name: `Chai ${spec.item}`,
        total,
      };
    case 'extra':
      return {
        key: extraRestaurant.id,
        kind: 'menu' as const,
        restaurantId: extraRestaurant.id,
        restaurantName: extraRestaurant.name,
        name: `Biryani ${spec.item}`,
        total,
      };
    case 'main':
      return {
        key: tree.restaurant.id,
        kind: 'menu' as const,
        restaurantId: tree.restaurant.id,
        restaurantName: tree.restaurant.name,
        name: `Tea ${spec.item}`,
        total,
      };
  }
}

/** Replaces every order by the given ones. */
async function store(specs: OrderSpec[]): Promise<Stored[]> {
  const db = database.db;
  await db.delete(orders);
  const stored: Stored[] = [];
  const orderRows: (typeof orders.$inferInsert)[] = [];
  const lineRows: (typeof orderLines.$inferInsert)[] = [];
  const checkRows: (typeof orderTransitions.$inferInsert)[] = [];
  for (const spec of specs) {
    const tree = spec.place === 'newYork' ? trees.newYork : trees.karachi;
    const placedAt = instantAt(addDays(FIRST_DAY, spec.dayIndex), spec.second, ZONES[spec.place]);
    const lines = spec.lines.map((line) => lineOf(line, tree));
    const itemTotal = lines.reduce((sum, line) => sum + line.total, 0);
    const delivery = DELIVERY_CHARGE_PER_PERSON_PAISA * spec.persons;
    const id = newId();
    const campus = spec.place === 'deleted' ? null : tree.campus;
    orderRows.push({
      id,
      userId: student.id,
      idempotencyKey: newId(),
      paymentReference: drawPaymentReference(),
      universityId: campus?.universityId ?? null,
      campusId: campus?.id ?? null,
      universityName: 'Uni',
      campusName: 'Campus',
      sheetTabName: 'Tab',
      firstName: 'Test',
      lastName: 'User',
      phone: '0300-1234567',
      email: student.email,
      persons: spec.persons,
      accountTitle: 'Test User',
      bankName: 'Bank',
      itemTotalPaisa: itemTotal,
      deliveryChargePaisa: delivery,
      grandTotalPaisa: itemTotal + delivery,
      screenshotUrl: '/uploads/test.webp',
      cartItemsText: 'x',
      timestampText: 'x',
      placedAt,
      status: spec.status,
    });
    lines.forEach((line, position) => {
      lineRows.push({
        orderId: id,
        position,
        kind: line.kind,
        restaurantId: line.restaurantId,
        restaurantName: line.restaurantName,
        name: line.name,
        unitPricePaisa: line.total / (spec.lines[position]?.quantity ?? 1),
        quantity: spec.lines[position]?.quantity ?? 1,
        lineTotalPaisa: line.total,
      });
    });
    const checks = spec.checks.map((check) => ({
      action: check.action,
      at: new Date(placedAt.getTime() + check.afterSeconds * 1000),
    }));
    for (const check of checks) {
      checkRows.push({
        orderId: id,
        action: check.action,
        fromState: 'placed',
        toState: spec.status,
        actorName: 'Admin',
        at: check.at,
      });
    }
    stored.push({
      place: spec.place,
      placedAt,
      status: spec.status,
      grandTotalPaisa: itemTotal + delivery,
      lines: lines.map((line, i) => ({
        key: line.key,
        kind: line.kind,
        restaurantId: line.restaurantId,
        restaurantName: line.restaurantName,
        name: line.name,
        quantity: spec.lines[i]?.quantity ?? 1,
        lineTotalPaisa: line.total,
      })),
      checks,
    });
  }
  if (orderRows.length > 0) await db.insert(orders).values(orderRows);
  if (lineRows.length > 0) await db.insert(orderLines).values(lineRows);
  if (checkRows.length > 0) await db.insert(orderTransitions).values(checkRows);
  return stored;
}

// --- The brute force ---

const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const position = p * (sorted.length - 1);
  const low = Math.floor(position);
  const high = Math.ceil(position);
  const [a, b] = [sorted[low] as number, sorted[high] as number];
  return a + (b - a) * (position - low);
}

function bruteForce(
  all: Stored[],
  places: Place[],
  range: { from: string; to: string },
): Omit<TInsightsResponse, 'ok' | 'timeZone'> {
  const inRange = all
    .filter((order) => places.includes(order.place))
    .map((order) => ({ order, local: localParts(order.placedAt, ZONES[order.place]) }))
    .filter(({ local }) => local.day >= range.from && local.day <= range.to);
  const isPaid = (status: TOrderState) => status !== 'rejected' && status !== 'cancelled';
  const days = daysOf(range.from, range.to).map((day) => {
    const placed = inRange.filter(({ local }) => local.day === day);
    return {
      day,
      orders: placed.length,
      revenuePaisa: placed
        .filter(({ order }) => isPaid(order.status))
        .reduce((sum, { order }) => sum + order.grandTotalPaisa, 0),
    };
  });
  const heatmap = Array.from({ length: 7 }, () => Array<number>(24).fill(0));
  for (const { local } of inRange) {
    const weekday = (new Date(`${local.day}T00:00:00Z`).getUTCDay() + 6) % 7;
    (heatmap[weekday] as number[])[local.hour] =
      ((heatmap[weekday] as number[])[local.hour] ?? 0) + 1;
  }
  const paidLines = inRange
    .filter(({ order }) => isPaid(order.status))
    .flatMap(({ order }) => order.lines);
  const restaurantsByKey = new Map<
    string,
    {
      restaurantId: string | null;
      name: string;
      kind: 'menu' | 'mart';
      quantity: number;
      revenuePaisa: number;
    }
  >();
  const itemsByKey = new Map<
    string,
    { key: string; name: string; kind: 'menu' | 'mart'; quantity: number; revenuePaisa: number }
  >();
  for (const line of paidLines) {
    const restaurant = restaurantsByKey.get(line.key) ?? {
      restaurantId: line.kind === 'menu' ? line.restaurantId : null,
      name: line.restaurantName,
      kind: line.kind,
      quantity: 0,
      revenuePaisa: 0,
    };
    restaurant.quantity += line.quantity;
    restaurant.revenuePaisa += line.lineTotalPaisa;
    restaurantsByKey.set(line.key, restaurant);
    const itemKey = `${line.key}|${line.name}`;
    const item = itemsByKey.get(itemKey) ?? {
      key: line.key,
      name: line.name,
      kind: line.kind,
      quantity: 0,
      revenuePaisa: 0,
    };
    item.quantity += line.quantity;
    item.revenuePaisa += line.lineTotalPaisa;
    itemsByKey.set(itemKey, item);
  }
  const restaurantList = [...restaurantsByKey.values()].sort(
    (a, b) =>
      b.revenuePaisa - a.revenuePaisa ||
      byCode(a.name, b.name) ||
      byCode(a.restaurantId ?? '', b.restaurantId ?? ''),
  );
  const topItems = [...itemsByKey.values()]
    .map((item) => ({ ...item, restaurantName: restaurantsByKey.get(item.key)?.name ?? '' }))
    .sort(
      (a, b) =>
        b.quantity - a.quantity ||
        b.revenuePaisa - a.revenuePaisa ||
        byCode(a.name, b.name) ||
        byCode(a.restaurantName, b.restaurantName) ||
        byCode(a.key, b.key),
    )
    .slice(0, INSIGHTS_TOP_ITEMS)
    .map(({ key, ...item }) => item);
  const waits = inRange
    .flatMap(({ order }) => {
      const checks = order.checks.filter((c) => c.action === 'verify' || c.action === 'reject');
      if (checks.length === 0) return [];
      const first = Math.min(...checks.map((c) => c.at.getTime()));
      return [(first - order.placedAt.getTime()) / 1000];
    })
    .sort((a, b) => a - b);
  return {
    from: range.from,
    to: range.to,
    days,
    restaurants: restaurantList,
    topItems,
    heatmap,
    paymentCheck: {
      checked: waits.length,
      medianSeconds: percentile(waits, 0.5),
      p90Seconds: percentile(waits, 0.9),
    },
    outcomes: {
      orders: inRange.length,
      rejected: inRange.filter(({ order }) => order.status === 'rejected').length,
      cancelled: inRange.filter(({ order }) => order.status === 'cancelled').length,
    },
  };
}

function expectFigures(
  actual: Omit<TInsightsResponse, 'ok'>,
  expected: ReturnType<typeof bruteForce>,
) {
  const { paymentCheck, timeZone, ...rest } = actual;
  const { paymentCheck: expectedCheck, ...expectedRest } = expected;
  expect(rest).toEqual(expectedRest);
  expect(paymentCheck.checked).toBe(expectedCheck.checked);
  for (const key of ['medianSeconds', 'p90Seconds'] as const) {
    if (expectedCheck[key] === null) expect(paymentCheck[key]).toBeNull();
    else expect(paymentCheck[key]).toBeCloseTo(expectedCheck[key] as number, 3);
  }
}

const campusQuery = (tree: Tree, range: { from: string; to: string }) => ({
  universityId: tree.university.id,
  campusId: tree.campus.id,
  ...range,
});

describe(`insights on ${engine}`, () => {
  it('an order at 23:59 and one at 00:00 land on different days', async () => {
    const base: Omit<OrderSpec, 'dayIndex' | 'second'> = {
      place: 'karachi',
      status: 'verified',
      persons: 1,
      lines: [{ restaurant: 'main', item: 0, quantity: 1, unitPaisa: 8_000 }],
      checks: [],
    };
    await store([
      { ...base, dayIndex: 2, second: LAST_SECOND },
      { ...base, dayIndex: 3, second: 0 },
    ]);
    const range = { from: addDays(FIRST_DAY, 2), to: addDays(FIRST_DAY, 3) };
    const figures = await getInsights(
      database.db,
      admin,
      campusQuery(trees.karachi, range),
      new Date(),
    );
    const total = 8_000 + DELIVERY_CHARGE_PER_PERSON_PAISA;
    expect(figures.days).toEqual([
      { day: range.from, orders: 1, revenuePaisa: total },
      { day: range.to, orders: 1, revenuePaisa: total },
    ]);
    // 2026-03-06 is a Friday (4) at 23:00, 2026-03-07 a Saturday (5) at 00:00.
    expect(figures.heatmap[4]?.[23]).toBe(1);
    expect(figures.heatmap[5]?.[0]).toBe(1);
    expect(figures.timeZone).toBe(ZONES.karachi);
  });

  it('every figure equals a brute-force count over random orders', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(arbOrder, { maxLength: 40 }), arbRange, async (specs, range) => {
        const stored = await store(specs);
        const campus = await getInsights(
          database.db,
          admin,
          campusQuery(trees.karachi, range),
          new Date(),
        );
        expectFigures(campus, bruteForce(stored, ['karachi'], range));
        const everywhere = await getInsights(database.db, superAdmin, range, new Date());
        expect(everywhere.timeZone).toBeNull();
        expectFigures(everywhere, bruteForce(stored, ['karachi', 'newYork'], range));
        const newYork = await getInsights(
          database.db,
          superAdmin,
          campusQuery(trees.newYork, range),
          new Date(),
        );
        expectFigures(newYork, bruteForce(stored, ['newYork'], range));
      }),
      { numRuns: engine === 'postgres' ? 40 : 25 },
    );
  });

  it('refuses a range that is not one, naming the field', async () => {
    const refusal = async (range: { from?: string; to?: string }) => {
      const error = await getInsights(
        database.db,
        admin,
        campusQuery(trees.karachi, range as { from: string; to: string }),
        new Date(),
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      return { status: (error as AppError).status, fields: (error as AppError).fields };
    };
    expect(await refusal({ from: '2026-03-10', to: '2026-03-09' })).toEqual({
      status: 400,
      fields: { from: INSIGHTS_MESSAGES.fromAfterTo },
    });
    expect(await refusal({ from: '2026-02-30', to: '2026-03-09' })).toEqual({
      status: 400,
      fields: { from: INSIGHTS_MESSAGES.notADate },
    });
    expect(await refusal({ from: '2025-01-01', to: '2026-03-09' })).toEqual({
      status: 400,
      fields: { to: INSIGHTS_MESSAGES.tooLong },
    });
  });

  it('opens on the last 30 days of the campus, today included', async () => {
    const now = instantAt('2026-03-10', 30, ZONES.karachi);
    const figures = await getInsights(
      database.db,
      admin,
      campusQuery(trees.karachi, {} as never),
      now,
    );
    expect({ from: figures.from, to: figures.to }).toEqual({
      from: '2026-02-09',
      to: '2026-03-10',
    });
    expect(figures.days).toHaveLength(30);
  });

  it('refuses another campus to a campus admin', async () => {
    const error = await getInsights(
      database.db,
      admin,
      campusQuery(trees.newYork, {} as never),
      new Date(),
    ).catch((e: unknown) => e);
    expect((error as AppError).status).toBe(403);
  });
});
