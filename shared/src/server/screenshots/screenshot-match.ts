import { and, desc, eq, gt, lte, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders } from '../db/schema';

// The rule of a payment screenshot used before (issue 16, decision 011), in SQL: the fingerprints
// are taken by api/src/uploads/screenshot-fingerprint.ts, and compared here, by the worker's
// check-screenshot job.

/** Bits of the perceptual hash; its hex is PERCEPTUAL_BITS / 4 characters. */
export const PERCEPTUAL_BITS = 2048;

/**
 * Two screenshots whose perceptual hashes are at most this many bits apart look the same (about
 * 6.3° between their aligned windows). Measured by screenshot-fingerprint.test.ts on 220 receipts of
 * one bank layout: the altered copies issue 16 names (JPEG quality 60, resized to 50 %, 5 % cropped)
 * came 0–53 bits from their originals, harder ones (fitted in 1000 px then JPEG 82; an off-grid
 * crop then JPEG 60) 16–53; two genuine receipts of one payer and amount, minutes apart, 99 or
 * more; the different receipts 163 or more. 72 is where the estimate's tails from 53 and
 * from 99 are about equally far (2.6 and 2.8 standard deviations), and 91 bits below the closest
 * pair of different receipts.
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
const LOOK_BACK_DAYS = 90;
/** The earlier orders named on a flag: the most recent few are enough to compare. */
const MAX_NAMED = 5;

/** An order's payment screenshot as the order keeps it (null: no fingerprint could be taken). */
export interface OrderScreenshot {
  id: string;
  placedAt: Date;
  sha256: string | null;
  /** The `bit(2048)` column's value, 0s and 1s. */
  perceptual: string | null;
}

/**
 * The orders placed before this one (any campus, the 90 days before it) whose payment screenshot
 * is the same file or a picture within LOOKS_SAME_MAX_DISTANCE of it, the most recent first; none
 * without a fingerprint. "Before" is by placement time, then id: of two orders paid with one
 * screenshot, the later is flagged, whichever is checked first.
 *
 * No index can find these: it compares the fingerprint with every order of those 90 days (7.7 ms
 * on 10,000 orders, 116 ms on 100,000: `npm run bench`). Hence a job, never part of checkout.
 */
export async function findEarlierScreenshots(db: Db, order: OrderScreenshot): Promise<string[]> {
  const { sha256, perceptual } = order;
  if (!sha256 || !perceptual) return [];
  const since = new Date(order.placedAt.getTime() - LOOK_BACK_DAYS * 24 * 3600 * 1000);
  const distance = perceptualDistanceSql(orders.screenshotPerceptual, perceptual);
  const earlier = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        gt(orders.placedAt, since),
        sql`(${orders.placedAt}, ${orders.id}) < (${order.placedAt.toISOString()}::timestamptz, ${order.id})`,
        or(eq(orders.screenshotSha256, sha256), lte(distance, LOOKS_SAME_MAX_DISTANCE)),
      ),
    )
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(MAX_NAMED);
  return earlier.map((row) => row.id);
}
