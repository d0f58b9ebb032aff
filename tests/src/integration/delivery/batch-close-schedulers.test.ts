import { nextRound, type TDeliverySlot } from '@campus/shared/domain/delivery-rounds';
import type { Database } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import { campuses, deliveryBatches } from '@campus/shared/server/db/schema';
import {
  reconcileBatchSchedulers,
  syncBatchSchedulers,
} from '@campus/shared/server/delivery/batch-schedulers';
import { createProducer, type Producer } from '@campus/shared/server/queue';
import { openCheckedRedis } from '@campus/shared/server/redis';
import { processors } from '@campus/worker/processors';
import { startWorkers } from '@campus/worker/start-worker';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCampusTree } from '../../support/builders';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import { testQueuePrefix, testRedisUrl } from '../../support/redis';
import { removeKeysOf } from '../../support/redis-keys';
import { testWorkerDeps } from '../../support/worker';

// Delivery rounds (docs/architecture.md §8, decision 013): each slot of a campus is a BullMQ job
// scheduler that runs close-batches at its cut-off in the campus's time zone; a removed slot's
// scheduler goes too.

const KARACHI = 'Asia/Karachi';
const MONDAY: TDeliverySlot = { weekday: 'mon', cutoff: '12:30 PM', delivery: '1:30 PM' };
const THURSDAY: TDeliverySlot = { weekday: 'thu', cutoff: '6:00 PM', delivery: '7:00 PM' };

let database: Database;
let redis: Redis;
let prefix: string;
let producer: Producer;
const db = () => database.db;
const queue = () => producer.queue('system');

beforeAll(async () => {
  database = await openTestDatabase();
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
});

afterAll(async () => {
  redis?.disconnect();
  await database?.close();
});

beforeEach(() => {
  prefix = testQueuePrefix();
  producer = createProducer(redis, prefix, testLog);
});

afterEach(async () => {
  await producer.close();
  await removeKeysOf(redis, prefix);
});

const schedulers = async () =>
  (await queue().getJobSchedulers()).map(({ key, name, pattern, tz, template }) => ({
    key,
    name,
    pattern,
    tz,
    data: template?.data,
  }));

describe(`the close schedulers of a campus's slots on ${engine}`, () => {
  it('one scheduler per slot at its cut-off in the campus time zone; a removed slot loses its own', async () => {
    const campusId = newId();
    await syncBatchSchedulers(producer, campusId, [MONDAY, THURSDAY], KARACHI);

    expect((await schedulers()).sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      {
        key: `batch-close-${campusId}-mon-1230`,
        name: 'close-batches',
        pattern: '30 12 * * 1',
        tz: KARACHI,
        data: { campusId },
      },
      {
        key: `batch-close-${campusId}-thu-1800`,
        name: 'close-batches',
        pattern: '0 18 * * 4',
        tz: KARACHI,
        data: { campusId },
      },
    ]);
    // Each scheduler's next job is its next cut-off, named by campus and cut-off.
    const delayed = (await queue().getDelayed()).map((job) => job.id).sort();
    const next = (slot: TDeliverySlot) =>
      nextRound([slot], new Date(), KARACHI)?.cutoffAt.getTime();
    expect(delayed).toEqual(
      [
        `repeat:batch-close-${campusId}-mon-1230:${next(MONDAY)}`,
        `repeat:batch-close-${campusId}-thu-1800:${next(THURSDAY)}`,
      ].sort(),
    );

    // Saving the same slots again changes nothing; removing Thursday's removes its scheduler.
    await syncBatchSchedulers(producer, campusId, [MONDAY, THURSDAY], KARACHI);
    expect(await queue().getDelayedCount()).toBe(2);
    await syncBatchSchedulers(producer, campusId, [MONDAY], KARACHI);
    expect((await schedulers()).map((s) => s.key)).toEqual([`batch-close-${campusId}-mon-1230`]);
    expect((await queue().getDelayed()).map((job) => job.id)).toEqual([
      `repeat:batch-close-${campusId}-mon-1230:${next(MONDAY)}`,
    ]);
  });

  it("a campus's move to another time zone moves its schedulers; another campus's are left alone", async () => {
    const mine = newId();
    const theirs = newId();
    await syncBatchSchedulers(producer, mine, [MONDAY], KARACHI);
    await syncBatchSchedulers(producer, theirs, [THURSDAY], KARACHI);

    await syncBatchSchedulers(producer, mine, [MONDAY], 'Asia/Dubai');

    expect((await schedulers()).sort((a, b) => a.key.localeCompare(b.key))).toMatchObject(
      [
        { key: `batch-close-${mine}-mon-1230`, tz: 'Asia/Dubai' },
        { key: `batch-close-${theirs}-thu-1800`, tz: KARACHI },
      ].sort((a, b) => a.key.localeCompare(b.key)),
    );
    expect(await queue().getDelayedCount()).toBe(2);
  });

  it('the reconcile follows every campus: its slots, none for a campus without slots or one deleted', async () => {
    const withSlots = await buildCampusTree(db(), {
      campus: { deliverySlots: [MONDAY], timeZone: KARACHI },
    });
    const emptied = await buildCampusTree(db());
    const deleted = await buildCampusTree(db());
    // The api's syncs of before: the emptied campus had a round, the deleted campus had one.
    await syncBatchSchedulers(producer, emptied.campus.id, [THURSDAY], KARACHI);
    await syncBatchSchedulers(producer, deleted.campus.id, [THURSDAY], KARACHI);
    await db().delete(campuses).where(eq(campuses.id, deleted.campus.id));

    await reconcileBatchSchedulers(db(), producer);

    expect((await schedulers()).map((s) => s.key)).toEqual([
      `batch-close-${withSlots.campus.id}-mon-1230`,
    ]);
    expect(await queue().getDelayedCount()).toBe(1);
  });

  it("a scheduler's job closes the campus's batch whose cut-off passed", async () => {
    const tree = await buildCampusTree(db(), {
      campus: { deliverySlots: [MONDAY], timeZone: KARACHI },
    });
    const [batch] = await db()
      .insert(deliveryBatches)
      .values({
        id: newId(),
        campusId: tree.campus.id,
        cutoffAt: new Date(Date.now() - 60_000),
        deliveryAt: new Date(Date.now() + 3_600_000),
      })
      .returning();
    await syncBatchSchedulers(producer, tree.campus.id, [MONDAY], KARACHI);
    const workerRedis = await openCheckedRedis(testRedisUrl(), 'worker', testLog);
    // Its cut-off has come (the job is made due now rather than on Monday).
    const [scheduled] = await queue().getDelayed();
    await scheduled?.promote();
    // The processors alone, without the upkeep's sweep that would close the batch too.
    const deps = testWorkerDeps({ database, redis: workerRedis, prefix });
    const workers = startWorkers({ connection: workerRedis, prefix, registry: processors, deps });
    try {
      // Done, and the scheduler's next job (next Monday's) waits in its place.
      await expect
        .poll(async () => (await queue().getJob(scheduled?.id as string))?.getState(), {
          timeout: 10_000,
          interval: 100,
        })
        .toBe('completed');
      const [closed] = await db()
        .select({ closedAt: deliveryBatches.closedAt, closedBy: deliveryBatches.closedBy })
        .from(deliveryBatches)
        .where(eq(deliveryBatches.id, batch?.id as string));
      expect(closed).toMatchObject({ closedAt: expect.any(Date), closedBy: 'schedule' });
      const job = await queue().getJob(scheduled?.id as string);
      expect(job?.returnvalue).toEqual({ closed: [batch?.id] });
    } finally {
      await workers.close();
      workerRedis.disconnect();
    }
  });
});
