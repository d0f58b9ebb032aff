import type { Database } from '@campus/shared/server/db/client';
import { sql } from 'drizzle-orm';

// PGlite runs no autovacuum: every update of an order (sheet and mail bookkeeping) leaves a dead
// row version behind, and the tables grew to several times their compacted size. A plain VACUUM
// lets their space be used again (it takes no lock that stops orders); PostgreSQL vacuums itself.
const TABLES = ['orders', 'order_lines', 'outbox', 'sheet_rows', 'sessions', 'used_captchas'];

/** How often the worker's upkeep vacuums the embedded database. */
export const VACUUM_EVERY_MS = 60 * 60_000;

/** Vacuums (and analyzes) the busy tables of an embedded database; a no-op on PostgreSQL. */
export async function vacuumEmbedded(database: Database): Promise<boolean> {
  if (database.engine !== 'pglite') return false;
  for (const table of TABLES) {
    await database.db.execute(sql.raw(`vacuum (analyze) ${table}`));
  }
  return true;
}
