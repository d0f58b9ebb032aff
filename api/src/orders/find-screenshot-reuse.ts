import type { Db } from '@campus/shared/server/db/client';
import { orders } from '@campus/shared/server/db/schema';
import { and, desc, eq, gt, lte, or, sql } from 'drizzle-orm';
import { LOOKS_SAME_MAX_DISTANCE, perceptualDistanceSql } from '../uploads/screenshot-fingerprint';

/** How far back a screenshot counts as used before. */
const LOOK_BACK_DAYS = 90;
/** The earlier orders named on a flag: the most recent few are enough to compare. */
const MAX_NAMED = 5;

/** A screenshot's fingerprint as `uploads` keeps it (null: none could be taken). */
export type StoredFingerprint = { sha256: string | null; perceptual: string | null };

/**
 * The earlier orders (any campus, the last 90 days) whose payment screenshot is the same bytes as
 * this one, or a picture within LOOKS_SAME_MAX_DISTANCE of it (screenshot-fingerprint.ts); none
 * without a fingerprint. In the placing order's transaction. The order is placed all the same;
 * the admins see the flag and the earlier orders.
 */
export async function findScreenshotReuse(
  tx: Db,
  fingerprint: StoredFingerprint,
  now: Date,
): Promise<string[]> {
  const { sha256, perceptual } = fingerprint;
  if (!sha256 || !perceptual) return [];
  // Two orders placed at once with the same file: the second waits for the first to commit, and
  // then finds it. (Two different files that look alike, placed at the same moment, can both
  // pass: a lock per look-alike cannot be named.)
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${sha256}))`);
  const since = new Date(now.getTime() - LOOK_BACK_DAYS * 24 * 3600 * 1000);
  const distance = perceptualDistanceSql(orders.screenshotPerceptual, perceptual);
  const earlier = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        gt(orders.placedAt, since),
        or(eq(orders.screenshotSha256, sha256), lte(distance, LOOKS_SAME_MAX_DISTANCE)),
      ),
    )
    .orderBy(desc(orders.placedAt))
    .limit(MAX_NAMED);
  return earlier.map((order) => order.id);
}
