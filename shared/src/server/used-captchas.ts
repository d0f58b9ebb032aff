import { lt } from 'drizzle-orm';
import type { Db } from './db/client';
import { usedCaptchas } from './db/schema';

/**
 * Deletes the records of used captcha challenges that have expired: an expired challenge cannot
 * be replayed anyway. The worker's upkeep runs it, so checkout never waits on it; returns how
 * many it deleted.
 */
export async function pruneUsedCaptchas(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(usedCaptchas)
    .where(lt(usedCaptchas.expiresAt, now))
    .returning({ nonce: usedCaptchas.nonce });
  return deleted.length;
}
