import type { Database } from '@campus/shared/server/db/client';
import { orders } from '@campus/shared/server/db/schema';
import { vacuumEmbedded } from '@campus/worker/vacuum-embedded';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCampusTree, buildOrder, buildUser } from '../../support/builders';
import { engine, openTestDatabase } from '../../support/database';

// PGlite has no autovacuum: every bookkeeping update of an order left a dead row version, and the
// orders table grew to 2.5 times its compacted size. The worker's upkeep vacuums it; measured here.

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

async function ordersBytes(): Promise<number> {
  const result = (await database.db.execute(
    sql`select pg_relation_size('orders') as bytes`,
  )) as unknown as { rows: { bytes: string | number }[] };
  return Number(result.rows[0]?.bytes ?? 0);
}

/** One round of the worker's bookkeeping: every order is updated once. */
async function bookkeeping(round: number) {
  await database.db.update(orders).set({ sheetWriteStartedAt: new Date(Date.now() + round) });
}

describe.runIf(engine === 'pglite')('vacuuming the embedded database', () => {
  it('keeps the orders table near its size through rounds of updates; without it the table grows', async () => {
    const tree = await buildCampusTree(database.db);
    const buyer = await buildUser(database.db);
    for (let n = 0; n < 400; n++) await buildOrder(database.db, tree, buyer);
    await vacuumEmbedded(database);
    const compacted = await ordersBytes();

    for (let round = 0; round < 4; round++) {
      await bookkeeping(round);
      expect(await vacuumEmbedded(database)).toBe(true);
    }
    const vacuumed = await ordersBytes();

    for (let round = 4; round < 8; round++) await bookkeeping(round);
    const unvacuumed = await ordersBytes();

    process.stdout.write(
      `orders table: ${compacted} bytes compacted, ${vacuumed} after 4 rounds with the upkeep's vacuum, ${unvacuumed} after 4 more without\n`,
    );
    // One round's new row versions need room beside the old ones, which the vacuum then frees:
    // about twice the compacted size, however many rounds; without it, one more table per round.
    expect(vacuumed).toBeLessThanOrEqual(compacted * 2.25);
    expect(unvacuumed).toBeGreaterThan(vacuumed * 1.5);
  }, 120_000);
});
