import { changeOrderStatus } from '@campus/api/orders/change-order-status';
import { placeAndAnnounce } from '@campus/api/orders/check-out';
import { roundName } from '@campus/shared/domain/delivery-rounds';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { formatOrderTimestamp, ORDER_SHEET_HEADER } from '@campus/shared/domain/order';
import { sheetTabName } from '@campus/shared/domain/sheet-tab';
import { newId } from '@campus/shared/server/db/ids';
import { deliveryBatches, orderNotes, orders } from '@campus/shared/server/db/schema';
import { orderBatchSheetJob, orderStatusSheetJob } from '@campus/shared/server/jobs';
import { writeOutbox } from '@campus/shared/server/outbox';
import { openCheckedRedis } from '@campus/shared/server/redis';
import { createLocalSheetStore } from '@campus/shared/server/sheets/local-sheet-store';
import { reviveStaleOrderJobs } from '@campus/worker/revive-order-jobs';
import { startPipeline } from '@campus/worker/start-pipeline';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_PAY_TO } from '../../support/app';
import { buildCampusTree } from '../../support/builders';
import { engine } from '../../support/database';
import { testLog } from '../../support/logger';
import { type OrderServices, openOrderServices } from '../../support/order-services';
import { buildOrderingStudent, martLine, menuLine, placeOrderInput } from '../../support/orders';
import { createProfile } from '../../support/people';
import { waitForDrainedQueue } from '../../support/queues';
import { testRedisUrl } from '../../support/redis';
import { testWorkerDeps } from '../../support/worker';

// Delivery rounds in the sheet (docs/architecture.md §8, decision 012): an order's sheet row gets a
// 'Batch' cell, after Status and Status Time, naming its delivery round; a move to another round
// rewrites it.

type Tree = Awaited<ReturnType<typeof buildCampusTree>>;
const HOUR = 3_600_000;

let services: OrderServices;
let workerRedis: Redis;
let pipeline: ReturnType<typeof startPipeline>;
let deps: ReturnType<typeof testWorkerDeps>;
const db = () => services.database.db;
const drained = () => waitForDrainedQueue(services.producer.queue('sheets'), 30_000);

beforeAll(async () => {
  services = await openOrderServices();
  workerRedis = await openCheckedRedis(testRedisUrl(), 'worker', testLog);
  deps = testWorkerDeps({
    database: services.database,
    redis: workerRedis,
    prefix: services.prefix,
    sheetWritesPerMinute: 10_000,
  });
  pipeline = startPipeline({
    connection: workerRedis,
    producer: services.producer,
    prefix: services.prefix,
    deps,
  });
});

afterAll(async () => {
  await pipeline?.close();
  workerRedis?.disconnect();
  await services?.close();
});

describe(`the Batch cell of an order's row on ${engine}`, () => {
  let tree: Tree;
  let tab: string;
  let admin: TUserProfile;

  beforeEach(async () => {
    tree = await buildCampusTree(db(), { martItem: { stock: 1_000 } });
    tab = sheetTabName(tree.university.name, tree.campus.name);
    admin = await createProfile(db(), 'campusAdmin', tree.campus);
  });

  const apiDeps = () => ({
    db: db(),
    producer: services.producer,
    catalogue: services.catalogue,
    events: services.events,
    payToDefault: TEST_PAY_TO,
    log: testLog,
  });

  async function place(): Promise<string> {
    const { student, screenshotId } = await buildOrderingStudent(db(), tree);
    const { orderId } = await placeAndAnnounce(
      apiDeps(),
      student,
      placeOrderInput(tree, student, screenshotId, {
        cartItems: [menuLine(tree, 1), martLine(tree, 1)],
      }),
    );
    return orderId;
  }

  async function insertBatch(cutoffFromNowMs: number) {
    const cutoffAt = new Date(Math.floor((Date.now() + cutoffFromNowMs) / 1000) * 1000);
    const [batch] = await db()
      .insert(deliveryBatches)
      .values({
        id: newId(),
        campusId: tree.campus.id,
        cutoffAt,
        deliveryAt: new Date(cutoffAt.getTime() + HOUR),
      })
      .returning();
    if (!batch) throw new Error('no batch inserted');
    return batch;
  }

  /** What the api does when an order joins or moves to a batch: the order, then its sheet job. */
  async function putInBatch(orderId: string, batchId: string, note?: string) {
    const job = orderBatchSheetJob(orderId, batchId);
    await db().transaction(async (tx) => {
      await tx.update(orders).set({ batchId }).where(eq(orders.id, orderId));
      if (note) await tx.insert(orderNotes).values({ orderId, at: new Date(), text: note });
      await writeOutbox(tx, [job]);
    });
    await services.producer.enqueue(job.jobName, job.payload, { jobId: job.jobId });
  }

  /** The row as people see it, by header text. */
  async function rowOf(orderId: string) {
    const contents = await createLocalSheetStore(db()).readTab(tab);
    const header = (contents?.header ?? []).map(String);
    const row = contents?.rows.find(
      (cells) => String(cells[header.indexOf('Order ID')]) === orderId,
    );
    // null: no such row, or no such column.
    const cell = (name: string) =>
      row && header.includes(name) ? String(row[header.indexOf(name)] ?? '') : null;
    return { header, status: cell('Status'), time: cell('Status Time'), batch: cell('Batch') };
  }

  it("shows the round's name after Status and Status Time, with 'placed' and the time it was placed; a move rewrites it", async () => {
    const orderId = await place();
    await drained();
    // Written after the append: 'placed' and the payment reference.
    expect((await rowOf(orderId)).header).toEqual([
      ...ORDER_SHEET_HEADER,
      'Status',
      'Status Time',
      'Payment Reference',
    ]);

    const first = await insertBatch(2 * HOUR);
    await putInBatch(orderId, first.id);
    await drained();
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(await rowOf(orderId)).toEqual({
      header: [...ORDER_SHEET_HEADER, 'Status', 'Status Time', 'Payment Reference', 'Batch'],
      status: 'placed',
      time: formatOrderTimestamp(order?.placedAt as Date, tree.campus.timeZone),
      batch: roundName(first, tree.campus.timeZone),
    });
    expect(order?.sheetBatchId).toBe(first.id);

    // The round closed early: the order goes with the next one.
    const second = await insertBatch(26 * HOUR);
    await putInBatch(orderId, second.id, 'moved to the next round');
    await drained();
    expect((await rowOf(orderId)).batch).toBe(roundName(second, tree.campus.timeZone));
    expect(roundName(second, tree.campus.timeZone)).not.toBe(
      roundName(first, tree.campus.timeZone),
    );

    // A change of state keeps the round in its cell.
    await changeOrderStatus(apiDeps(), admin, orderId, { action: 'verify', reason: '' });
    await drained();
    expect(await rowOf(orderId)).toMatchObject({
      status: 'verified',
      batch: roundName(second, tree.campus.timeZone),
    });
  });

  it('an order of a campus without rounds gets no Batch column', async () => {
    const orderId = await place();
    await drained();
    const { transitionId } = await changeOrderStatus(apiDeps(), admin, orderId, {
      action: 'verify',
      reason: '',
    });
    await drained();
    expect(await rowOf(orderId)).toEqual({
      header: [...ORDER_SHEET_HEADER, 'Status', 'Status Time', 'Payment Reference'],
      status: 'verified',
      time: expect.any(String),
      batch: null,
    });
    const job = await services.producer
      .queue('sheets')
      .getJob(orderStatusSheetJob(orderId, transitionId).jobId);
    expect(job?.returnvalue).toEqual({ written: 1 });
  });

  it('the upkeep brings back the Batch cell of a move whose job Redis lost', async () => {
    const orderId = await place();
    await drained();
    const batch = await insertBatch(3 * HOUR);
    // Moved, and its job written in the outbox, enqueued and then lost with Redis's data.
    await db().update(orders).set({ batchId: batch.id }).where(eq(orders.id, orderId));
    expect((await rowOf(orderId)).batch).toBe(null);

    const later = new Date(Date.now() + 11 * 60_000);
    expect(await reviveStaleOrderJobs(deps, services.producer, later)).toBeGreaterThanOrEqual(1);
    await drained();
    expect((await rowOf(orderId)).batch).toBe(roundName(batch, tree.campus.timeZone));
    const job = await services.producer
      .queue('sheets')
      .getJob(orderBatchSheetJob(orderId, batch.id).jobId);
    expect(await job?.isCompleted()).toBe(true);
  });

  it("a move back to a round the order was in before: the cell follows once the upkeep runs that round's job again", async () => {
    const orderId = await place();
    await drained();
    const first = await insertBatch(4 * HOUR);
    const second = await insertBatch(28 * HOUR);
    await putInBatch(orderId, first.id);
    await drained();
    await putInBatch(orderId, second.id);
    await drained();
    // The first round's job id ran already: this enqueue is taken as its duplicate.
    await putInBatch(orderId, first.id);
    await drained();
    expect((await rowOf(orderId)).batch).toBe(roundName(second, tree.campus.timeZone));

    await reviveStaleOrderJobs(deps, services.producer, new Date(Date.now() + 11 * 60_000));
    await drained();
    expect((await rowOf(orderId)).batch).toBe(roundName(first, tree.campus.timeZone));
  });
});
