import type { Database } from '@campus/shared/server/db/client';
import { databaseNow } from '@campus/worker/database-now';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engine, openTestDatabase } from '../support/database';

// The upkeep's 10-minute rule reads the database's clock, not the worker's. (PGlite runs inside
// the process and reads the process's clock: there both stamp placed_at alike, so only
// PostgreSQL, on a server of its own, is checked.)

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

describe.runIf(engine === 'postgres')(`the upkeep's clock on ${engine}`, () => {
  it("is the database's, whatever the worker's clock says", async () => {
    const real = Date.now();
    vi.useFakeTimers({ now: real + 3 * 3600_000, toFake: ['Date'] });
    let now: Date;
    try {
      now = await databaseNow(database.db);
    } finally {
      vi.useRealTimers();
    }
    // Within a minute of the real time, hours away from the worker's jumped clock.
    expect(Math.abs(now.getTime() - real)).toBeLessThan(60_000);
  });
});
