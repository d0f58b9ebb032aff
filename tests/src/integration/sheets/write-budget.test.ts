import { openCheckedRedis } from '@campus/shared/server/redis';
import { takeSheetWrite } from '@campus/shared/server/sheets/write-budget';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engine } from '../../support/database';
import { testLog } from '../../support/logger';
import { testQueuePrefix, testRedisUrl } from '../../support/redis';

// The sheet write budget every worker shares (about 60 writes a minute at Google) is counted on
// Redis's clock: a worker whose own clock jumps ahead cannot burst past it, nor stall behind it.

let redis: Redis;
const key = `${testQueuePrefix()}:sheets:writes`;

beforeAll(async () => {
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
});

afterAll(async () => {
  await redis.del(key);
  redis.disconnect();
});

describe.runIf(engine === 'pglite')('the shared sheet write budget', () => {
  it("counts on Redis's clock, whatever the worker's clock says", async () => {
    expect(await takeSheetWrite(redis, key, 2)).toBe(0);
    expect(await takeSheetWrite(redis, key, 2)).toBe(0);
    const wait = await takeSheetWrite(redis, key, 2);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60_001);

    // The worker's clock jumps ten minutes ahead: the minute's two writes are still spent.
    vi.useFakeTimers({ now: Date.now() + 10 * 60_000, toFake: ['Date'] });
    try {
      expect(await takeSheetWrite(redis, key, 2)).toBeGreaterThan(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
