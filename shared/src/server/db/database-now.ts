import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * The database's clock, the one every order's placed_at is stamped with (inside the placement's
 * transaction): the upkeep's "waited 10 minutes" rule and batch choice compare against it, so a
 * process whose clock is off or jumps delays or hurries nothing.
 */
export async function databaseNow(db: Pick<Db, 'execute'>): Promise<Date> {
  const result = (await db.execute(sql`select now() as now`)) as unknown as {
    rows: { now: Date | string }[];
  };
  const now = result.rows[0]?.now;
  if (now === undefined) throw new Error('the database did not tell its time');
  return new Date(now);
}
