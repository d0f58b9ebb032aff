import {
  and,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import type { OrderEvent } from '../events/order-events';

// The rule of a payment screenshot used before (decision 011), in SQL: the fingerprints
// are taken by api/src/uploads/screenshot-fingerprint.ts, and compared here, by the worker's
// check-screenshot job.

/** Bits of the perceptual hash; its hex is PERCEPTUAL_BITS / 4 characters. */
export const PERCEPTUAL_BITS = 2048;

/**
 * Two screenshots whose perceptual hashes are at most this many bits apart look the same (about
 * 6.3° between their aligned windows). Measured by screenshot-fingerprint.test.ts on 220 receipts
 * of one bank layout: the altered copies decision 011 names (JPEG quality 60, resized to 50 %, 5 %
 * cropped) came 0–53 bits from their originals, harder ones (fitted in 1000 px then JPEG 82; an
 * off-grid crop then JPEG 60) 16–53; two genuine receipts of one payer and amount, minutes apart,
 * 99 or more; different receipts 163 or more. 72 is where the estimate's tails from 53
 * and from 99 are about equally far (2.6 and 2.8 standard deviations), and 91 bits below the
 * closest pair of different receipts.
 */
export const LOOKS_SAME_MAX_DISTANCE = 72;

/**
 * SQL for the Hamming distance between a `bit(2048)` column and a perceptual hash as `uploads`
 * keeps it (perceptualBits' 0s and 1s): the same number as hammingDistance, on PostgreSQL (14 and
 * later) and PGlite alike (both have bit_count).
 */
export function perceptualDistanceSql(column: SQLWrapper, bits: string): SQL<number> {
  return sql<number>`bit_count(${column} # ${bits}::bit(${sql.raw(String(PERCEPTUAL_BITS))}))::int`;
}

/** How far back a screenshot counts as used before. */
const LOOK_BACK_MS = 90 * 24 * 3600 * 1000;
/** The earlier orders named on a flag: the most recent few are enough to compare. */
const MAX_NAMED = 5;
/** Matches read for one check: a screenshot sent this often is flagged on every order anyway. */
const MAX_MATCHES = 200;

/** An order's payment screenshot as the order keeps it (null: no fingerprint could be taken). */
export interface OrderScreenshot {
  id: string;
  placedAt: Date;
  sha256: string | null;
  /** The `bit(2048)` column's value, 0s and 1s. */
  perceptual: string | null;
}

/** Another order whose screenshot matched, as the check reads it. */
export interface ScreenshotMatch {
  id: string;
  /** Placed before the order checked: by placement time, then id. */
  earlier: boolean;
  /** Its own check has run. */
  checked: boolean;
  duplicateOf: string[];
}

/**
 * The other orders (any campus, placed within 90 days of this one, before or after) whose payment
 * screenshot is the same file or a picture within LOOKS_SAME_MAX_DISTANCE of it, the most recent
 * first; none without a fingerprint.
 *
 * No index can find these: it compares the fingerprint with every order of those days (8 ms on
 * 10,000 orders, 100 ms or more on 100,000: `npm run bench`). Hence a job, never part of checkout.
 */
export async function findMatchingScreenshots(
  db: Db,
  order: OrderScreenshot,
): Promise<ScreenshotMatch[]> {
  const { sha256, perceptual } = order;
  if (!sha256 || !perceptual) return [];
  const at = order.placedAt.getTime();
  const placedAt = sql`${order.placedAt.toISOString()}::timestamptz`;
  const distance = perceptualDistanceSql(orders.screenshotPerceptual, perceptual);
  return db
    .select({
      id: orders.id,
      earlier: sql<boolean>`(${orders.placedAt}, ${orders.id}) < (${placedAt}, ${order.id})`,
      checked: sql<boolean>`${orders.screenshotCheckedAt} is not null`,
      duplicateOf: orders.duplicateOf,
    })
    .from(orders)
    .where(
      and(
        ne(orders.id, order.id),
        gt(orders.placedAt, new Date(at - LOOK_BACK_MS)),
        lt(orders.placedAt, new Date(at + LOOK_BACK_MS)),
        or(eq(orders.screenshotSha256, sha256), lte(distance, LOOKS_SAME_MAX_DISTANCE)),
      ),
    )
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(MAX_MATCHES);
}

/** The advisory lock that makes screenshot checks take turns, on every worker. */
const CHECK_LOCK_KEY = 727_003;

/** What a check changed: the orders whose flags changed, as their live events name them. */
export type ScreenshotCheck =
  | { checked: false; reason: 'no such order' | 'checked already' }
  | { checked: true; duplicateOf: string[]; changed: OrderEvent[] };

/** The columns of an order its live event names (shared/server/events/order-events.ts). */
export const orderEventColumns = {
  orderId: orders.id,
  state: orders.status,
  userId: orders.userId,
  universityId: orders.universityId,
  campusId: orders.campusId,
};

/**
 * Checks an order's payment screenshot once (the check-screenshot job): flags it with the most
 * recent orders placed before it whose screenshot matches (findMatchingScreenshots), and marks it
 * checked. Orders are not checked in the order they were placed (a transaction may commit late),
 * so an order placed after this one and checked before this one had committed could not see it:
 * it is flagged with this one now. For that, checks take turns (one lock for all of them, held
 * to the commit): a check always sees every check before it, also one of another file that looks
 * alike. At 100,000 orders in 90 days that is about 8 checks a second; such days place one order
 * every 80 seconds on average, and a rush only delays the flags.
 */
export function checkOrderScreenshot(
  db: Db,
  orderId: string,
  now = new Date(),
): Promise<ScreenshotCheck> {
  return db.transaction(async (tx): Promise<ScreenshotCheck> => {
    const [order] = await tx
      .select({
        id: orders.id,
        placedAt: orders.placedAt,
        sha256: orders.screenshotSha256,
        perceptual: orders.screenshotPerceptual,
        checkedAt: orders.screenshotCheckedAt,
      })
      .from(orders)
      .where(eq(orders.id, orderId));
    // Deleted with its person's account since, or checked by an earlier run of the job.
    if (!order) return { checked: false, reason: 'no such order' };
    if (order.checkedAt) return { checked: false, reason: 'checked already' };
    if (order.sha256) await tx.execute(sql`select pg_advisory_xact_lock(${CHECK_LOCK_KEY})`);
    const matches = await findMatchingScreenshots(tx, order);
    const duplicateOf = matches
      .filter((match) => match.earlier)
      .slice(0, MAX_NAMED)
      .map((match) => match.id);
    const missedBy = matches
      .filter((match) => !match.earlier && match.checked && !match.duplicateOf.includes(orderId))
      .map((match) => match.id);
    const changed = await tx
      .update(orders)
      .set({ duplicateOf, screenshotCheckedAt: now })
      .where(and(eq(orders.id, orderId), isNull(orders.screenshotCheckedAt)))
      .returning(orderEventColumns);
    if (changed.length === 0) return { checked: false, reason: 'checked already' };
    if (missedBy.length > 0) {
      const flagged = await tx
        .update(orders)
        .set({ duplicateOf: sql`${orders.duplicateOf} || jsonb_build_array(${orderId}::text)` })
        .where(inArray(orders.id, missedBy))
        .returning(orderEventColumns);
      changed.push(...flagged);
    }
    return { checked: true, duplicateOf, changed };
  });
}
