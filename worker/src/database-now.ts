import type { Db } from '@campus/shared/server/db/client';
import { sql } from 'drizzle-orm';

/**
 * The database's clock, the one every order's placed_at was stamped with: the upkeep's "waited 10
 * minutes" rule compares against it, so a jump of this worker's clock delays or hurries nothing.
 */
export async function databaseNow(db: Db): Promise<Date> {
  const result = (await db.execute(sql`select now() as now`)) as unknown as {
    rows: { now: Date | string }[];
  };
  const now = result.rows[0]?.now;
  if (now === undefined) throw new Error('the database did not tell its time');
  return new Date(now);
}
