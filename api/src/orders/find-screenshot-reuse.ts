import type { Db } from '@campus/shared/server/db/client';
import { orders } from '@campus/shared/server/db/schema';
import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { LOOKS_SAME_MAX_DISTANCE, perceptualDistanceSql } from '../uploads/screenshot-fingerprint';

/** How far back a screenshot counts as used before. */
const LOOK_BACK_DAYS = 90;
/** The earlier orders named on a flag: the most recent few are enough to compare. */
const MAX_NAMED = 5;

/** A screenshot's fingerprint as `uploads` keeps it (null: none could be taken). */
export type StoredFingerprint = { sha256: string | null; perceptual: string | null };

/** An earlier order whose screenshot matched. */
export type EarlierOrder = { id: string; placedAt: Date };

const lookBackFrom = (now: Date) => new Date(now.getTime() - LOOK_BACK_DAYS * 24 * 3600 * 1000);

/** The most recent orders of those matched (by id once), newest first. */
async function recentMatches(
  db: Db,
  fingerprint: StoredFingerprint,
  now: Date,
  match: 'sameFile' | 'looksSame',
): Promise<EarlierOrder[]> {
  const { sha256, perceptual } = fingerprint;
  if (!sha256 || !perceptual) return [];
  const condition =
    match === 'sameFile'
      ? eq(orders.screenshotSha256, sha256)
      : lte(
          perceptualDistanceSql(orders.screenshotPerceptual, perceptual),
          LOOKS_SAME_MAX_DISTANCE,
        );
  return db
    .select({ id: orders.id, placedAt: orders.placedAt })
    .from(orders)
    .where(and(gt(orders.placedAt, lookBackFrom(now)), condition))
    .orderBy(desc(orders.placedAt))
    .limit(MAX_NAMED);
}

/**
 * The earlier orders (any campus, the last 90 days) whose payment screenshot is a picture within
 * LOOKS_SAME_MAX_DISTANCE of this one (screenshot-fingerprint.ts); none without a fingerprint.
 *
 * No index can find these: it compares the fingerprint with every order of the 90 days, about
 * 100 ms on 100,000 orders (`npm run bench`). So it runs before the order's transaction, holding
 * no lock: inside it, every buyer of the same mart item waited for the scan of the one ahead.
 */
export function findLookAlikeScreenshots(
  db: Db,
  fingerprint: StoredFingerprint,
  now: Date,
): Promise<EarlierOrder[]> {
  return recentMatches(db, fingerprint, now, 'looksSame');
}

/**
 * The earlier orders of the last 90 days paid with the same file (its SHA-256, by index), in the
 * placing order's transaction: two orders placed at once with one file take turns here, and the
 * second finds the first. (Two different files that look alike, placed at the same moment, can
 * both pass: a lock per look-alike cannot be named, and their scan ran before either committed.)
 */
export async function findSameScreenshotFile(
  tx: Db,
  fingerprint: StoredFingerprint,
  now: Date,
): Promise<EarlierOrder[]> {
  if (!fingerprint.sha256 || !fingerprint.perceptual) return [];
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${fingerprint.sha256}))`);
  return recentMatches(tx, fingerprint, now, 'sameFile');
}

/** The ids an order is flagged with: both finds together, the most recent first. */
export function duplicateIds(...finds: EarlierOrder[][]): string[] {
  const byId = new Map(finds.flat().map((order) => [order.id, order]));
  return [...byId.values()]
    .sort((a, b) => b.placedAt.getTime() - a.placedAt.getTime())
    .slice(0, MAX_NAMED)
    .map((order) => order.id);
}
