import { placeOrder } from '@campus/api/orders/place-order';
import type { Database } from '@campus/shared/server/db/client';
import { databaseNow } from '@campus/shared/server/db/database-now';
import { orders } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCampusTree } from '../../support/builders';
import { engine, openTestDatabase } from '../../support/database';
import { buildOrderingStudent, menuLine, placeOrderInput } from '../../support/orders';

// Orders are stamped, and the upkeep's 10-minute rule reads, with the database's clock, not a
// process's. (PGlite runs inside the process and reads the process's clock: there both are one
// clock, so only PostgreSQL, on a server of its own, is checked.)

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** Runs `work` with this process's clock `offsetMs` away from the real time. */
async function withClockOff<T>(offsetMs: number, work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ now: Date.now() + offsetMs, toFake: ['Date'] });
  try {
    return await work();
  } finally {
    vi.useRealTimers();
  }
}

describe.runIf(engine === 'postgres')(`the database's clock on ${engine}`, () => {
  it("is the upkeep's, whatever the worker's clock says", async () => {
    const real = Date.now();
    const now = await withClockOff(3 * 3600_000, () => databaseNow(database.db));
    // Within a minute of the real time, hours away from the worker's jumped clock.
    expect(Math.abs(now.getTime() - real)).toBeLessThan(60_000);
  });

  it('stamps an order placed by an api replica 15 minutes behind', async () => {
    const tree = await buildCampusTree(database.db);
    const { student, screenshotId } = await buildOrderingStudent(database.db, tree);
    const input = placeOrderInput(tree, student, screenshotId, { cartItems: [menuLine(tree, 1)] });
    const real = Date.now();
    const { orderId } = await withClockOff(-15 * 60_000, () =>
      placeOrder(database.db, student, input),
    );
    const [order] = await database.db
      .select({ placedAt: orders.placedAt })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(Math.abs((order?.placedAt.getTime() ?? 0) - real)).toBeLessThan(60_000);
  });
});
