import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { changeOrderStatus } from '@campus/api/orders/change-order-status';
import { roundName } from '@campus/shared/domain/delivery-rounds';
import { ORDER_STATES, type TOrderState } from '@campus/shared/domain/order-status';
import { CatalogueCache } from '@campus/shared/server/catalogue/cache';
import { databaseCatalogueSource } from '@campus/shared/server/catalogue/queries';
import type { Database } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import {
  batchMails,
  deliveryBatches,
  orderLines,
  outbox,
  restaurants,
} from '@campus/shared/server/db/schema';
import { closeBatch, closeDueBatches } from '@campus/shared/server/delivery/close-batch';
import { PICKED_STATES, pickLists } from '@campus/shared/server/delivery/pick-lists';
import { createOrderEventPublisher } from '@campus/shared/server/events/order-events';
import { batchAdditionMailJob, batchClosedMailJob } from '@campus/shared/server/jobs';
import { listOutbox } from '@campus/shared/server/mail/eml';
import { createMailer } from '@campus/shared/server/mail/mailer';
import { createProducer, type Producer } from '@campus/shared/server/queue';
import { openCheckedRedis } from '@campus/shared/server/redis';
import { lateCloseJobId, reviveBatchCloses } from '@campus/worker/revive-batch-closes';
import { startPipeline } from '@campus/worker/start-pipeline';
import { eq, inArray, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_PAY_TO } from '../../support/app';
import { buildCampusTree, buildOrder, buildUser } from '../../support/builders';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import { createPerson, createProfile } from '../../support/people';
import { waitForDrainedQueue } from '../../support/queues';
import { testQueuePrefix, testRedisUrl } from '../../support/redis';
import { removeKeysOf } from '../../support/redis-keys';
import { testWorkerDeps } from '../../support/worker';

// Delivery batches (docs/architecture.md §8, decision 013): a batch closes at its cut-off (or late,
// when no worker ran then), exactly once however many workers try, and its restaurants get their
// pick lists and the campus admins a notice, once.

type Tree = Awaited<ReturnType<typeof buildCampusTree>>;
const MINUTE = 60_000;

let database: Database;
let redis: Redis;
const db = () => database.db;

beforeAll(async () => {
  database = await openTestDatabase();
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
});

afterAll(async () => {
  redis?.disconnect();
  await database?.close();
});

/** A batch of the campus whose cut-off is `fromNowMs` away (negative: passed). */
async function insertBatch(campusId: string, fromNowMs: number) {
  const cutoffAt = new Date(Math.floor((Date.now() + fromNowMs) / 1000) * 1000);
  const [batch] = await db()
    .insert(deliveryBatches)
    .values({
      id: newId(),
      campusId,
      cutoffAt,
      deliveryAt: new Date(cutoffAt.getTime() + 60 * MINUTE),
    })
    .returning();
  if (!batch) throw new Error('no batch inserted');
  return batch;
}

let student: Awaited<ReturnType<typeof buildUser>> | undefined;

type Line = { item: 'tea' | 'biryani' | 'water'; quantity: number };

/** An order of the batch in a state, with lines of the tree's restaurant and mart. */
async function insertBatchOrder(
  tree: Tree & { biryani: string },
  batchId: string,
  status: TOrderState,
  lines: readonly Line[],
) {
  student ??= await buildUser(db());
  const user = student;
  const order = await buildOrder(db(), tree, user, { batchId, status });
  if (lines.length === 0) return order;
  await db()
    .insert(orderLines)
    .values(
      lines.map((line, position) => {
        const mart = line.item === 'water';
        return {
          orderId: order.id,
          position,
          kind: mart ? ('mart' as const) : ('menu' as const),
          martItemId: mart ? tree.martItem.id : null,
          menuItemId: line.item === 'tea' ? tree.menuItem.id : null,
          restaurantId: mart ? null : tree.restaurant.id,
          restaurantName: mart ? 'Mart' : tree.restaurant.name,
          name: { tea: 'Tea', biryani: tree.biryani, water: 'Water' }[line.item],
          unitPricePaisa: 100,
          quantity: line.quantity,
          lineTotalPaisa: 100 * line.quantity,
        };
      }),
    );
  return order;
}

/** A campus whose restaurant takes pick lists at its contact e-mail, and its admin. */
async function buildBatchCampus() {
  const contactEmail = `kitchen-${newId().slice(0, 8)}@cafe.test`;
  const tree = await buildCampusTree(db(), { restaurant: { contactEmail } });
  const admin = await createPerson(db(), 'campusAdmin', tree.campus);
  return { tree: { ...tree, biryani: 'Biryani' }, contactEmail, admin };
}

/** One or more workers (startPipeline) on a queue prefix of their own, mailing into one folder. */
async function startWorkers(count: number) {
  const prefix = testQueuePrefix();
  const producer: Producer = createProducer(redis, prefix, testLog);
  // Replicas share DATA_DIR, so every worker's mails land in one outbox folder.
  const outboxDir = mkdtempSync(join(tmpdir(), 'campus-batch-outbox-'));
  const mailer = createMailer({
    outboxDir,
    from: 'CampusBucket <no-reply@campus.test>',
    log: testLog,
  });
  const workerRedis: Redis[] = [];
  const pipelines: ReturnType<typeof startPipeline>[] = [];
  for (let n = 0; n < count; n++) {
    const connection = await openCheckedRedis(testRedisUrl(), 'worker', testLog);
    workerRedis.push(connection);
    const deps = testWorkerDeps({ database, redis: connection, prefix, mailer });
    pipelines.push(startPipeline({ connection, producer, prefix, deps }));
  }
  return {
    producer,
    prefix,
    /** Every mail sent, once the closes and the mail jobs they made have run. */
    async mails() {
      await waitForDrainedQueue(producer.queue('system'));
      // The relay enqueues a close's mail job within about 2 s.
      await expect
        .poll(
          async () => db().select({ id: outbox.id }).from(outbox).where(isNull(outbox.enqueuedAt)),
          {
            timeout: 10_000,
            interval: 200,
          },
        )
        .toEqual([]);
      await waitForDrainedQueue(producer.queue('mail'));
      return listOutbox(outboxDir, 1000);
    },
    async close() {
      for (const pipeline of pipelines) await pipeline.close();
      await producer.close();
      await removeKeysOf(redis, prefix);
      for (const connection of workerRedis) connection.disconnect();
      rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}

const isOpen = async (batchId: string) => {
  const [batch] = await db()
    .select({ closedAt: deliveryBatches.closedAt, closedBy: deliveryBatches.closedBy })
    .from(deliveryBatches)
    .where(eq(deliveryBatches.id, batchId));
  return batch;
};

describe(`closing delivery batches on ${engine}`, () => {
  let workers: Awaited<ReturnType<typeof startWorkers>> | null = null;

  afterEach(async () => {
    await workers?.close();
    workers = null;
  });

  it('close-batches closes the batch whose cut-off passed, not the one still open for orders', async () => {
    const { tree } = await buildBatchCampus();
    const past = await insertBatch(tree.campus.id, -MINUTE);
    const future = await insertBatch(tree.campus.id, 30 * MINUTE);
    await insertBatchOrder(tree, past.id, 'verified', [{ item: 'tea', quantity: 1 }]);
    workers = await startWorkers(1);

    await workers.producer.enqueue('close-batches', { campusId: tree.campus.id });
    await waitForDrainedQueue(workers.producer.queue('system'));

    expect(await isOpen(past.id)).toMatchObject({
      closedAt: expect.any(Date),
      closedBy: 'schedule',
    });
    expect(await isOpen(future.id)).toEqual({ closedAt: null, closedBy: null });
  });

  it('a cut-off that passed while no worker ran is closed late by the starting worker, once, and its mails go once', async () => {
    const { tree, contactEmail, admin } = await buildBatchCampus();
    const late = await insertBatch(tree.campus.id, -90 * MINUTE);
    await insertBatchOrder(tree, late.id, 'verified', [{ item: 'tea', quantity: 2 }]);

    workers = await startWorkers(1);
    await expect
      .poll(async () => (await isOpen(late.id))?.closedAt, { timeout: 10_000 })
      .toBeInstanceOf(Date);
    const mails = await workers.mails();

    // The upkeep's next runs find it closed: nothing more to enqueue, nothing mailed again.
    const deps = { database, log: testLog };
    const now = new Date();
    expect(await reviveBatchCloses(deps, workers.producer, now)).toBe(0);
    const lateJob = await workers.producer
      .queue('system')
      .getJob(lateCloseJobId(tree.campus.id, late.cutoffAt));
    expect(lateJob?.returnvalue).toEqual({ closed: [late.id] });
    expect(mails.filter((mail) => mail.to.includes(contactEmail))).toHaveLength(1);
    expect(mails.filter((mail) => mail.to.includes(admin.email))).toHaveLength(1);
    expect(await workers.mails()).toHaveLength(mails.length);
  });

  it('two workers and a late sweep at once close each batch once, and its mails go once', async () => {
    const { tree, contactEmail, admin } = await buildBatchCampus();
    const batches = [
      await insertBatch(tree.campus.id, -3 * 60 * MINUTE),
      await insertBatch(tree.campus.id, -2 * 60 * MINUTE),
      await insertBatch(tree.campus.id, -MINUTE),
    ];
    for (const batch of batches) {
      await insertBatchOrder(tree, batch.id, 'verified', [{ item: 'tea', quantity: 1 }]);
    }
    workers = await startWorkers(2);
    const { producer } = workers;

    // The schedule's job, a second one (another scheduler's run), the sweep, and two closes run
    // by hand, all at the same moment.
    const now = new Date();
    const [, , , first, second] = await Promise.all([
      producer.enqueue('close-batches', { campusId: tree.campus.id }, { jobId: 'close-a' }),
      producer.enqueue('close-batches', { campusId: tree.campus.id }, { jobId: 'close-b' }),
      reviveBatchCloses({ database, log: testLog }, producer, now),
      closeDueBatches(db(), tree.campus.id, now),
      closeDueBatches(db(), tree.campus.id, now),
    ]);
    const mails = await workers.mails();

    // Every close that happened, by hand or by any worker's job (the starting workers' sweeps
    // too): each batch is in it once.
    const jobs = await producer.queue('system').getJobs(['completed']);
    const closedByJobs = jobs.flatMap(
      (job) => (job.returnvalue as { closed?: string[] } | null)?.closed ?? [],
    );
    const closes = [...first, ...second, ...closedByJobs];
    expect(closes.length).toBe(new Set(closes).size);
    for (const batch of batches) expect((await isOpen(batch.id))?.closedAt).toBeInstanceOf(Date);
    const mailJobs = await db()
      .select()
      .from(outbox)
      .where(
        inArray(
          outbox.jobId,
          batches.map((batch) => batchClosedMailJob(batch.id).jobId),
        ),
      );
    expect(mailJobs).toHaveLength(3);
    expect(mails.filter((mail) => mail.to.includes(contactEmail))).toHaveLength(3);
    expect(mails.filter((mail) => mail.to.includes(admin.email))).toHaveLength(3);
    const marked = await db()
      .select()
      .from(batchMails)
      .where(
        inArray(
          batchMails.batchId,
          batches.map((batch) => batch.id),
        ),
      );
    expect(marked).toHaveLength(6);
  });

  it('an order verified after its round closed goes to the restaurant as an addition, once, and its pick list marks it', async () => {
    const { tree, contactEmail, admin } = await buildBatchCampus();
    const batch = await insertBatch(tree.campus.id, 30 * MINUTE);
    const first = await insertBatchOrder(tree, batch.id, 'verified', [
      { item: 'tea', quantity: 2 },
    ]);
    const late = await insertBatchOrder(tree, batch.id, 'placed', [
      { item: 'tea', quantity: 1 },
      { item: 'water', quantity: 3 },
    ]);
    workers = await startWorkers(1);
    expect(await closeBatch(db(), batch.id, { adminName: 'Sana Admin' }, new Date())).toBe(true);
    // The pick lists went out first.
    await workers.mails();

    const deps = {
      db: db(),
      producer: workers.producer,
      payToDefault: TEST_PAY_TO,
      catalogue: new CatalogueCache(databaseCatalogueSource(db())),
      events: createOrderEventPublisher({ redis, prefix: workers.prefix, log: testLog }),
      log: testLog,
    };
    const checker = await createProfile(db(), 'campusAdmin', tree.campus);
    await changeOrderStatus(deps, checker, late.id, { action: 'verify', reason: '' });
    // Besides the student's mail that their payment was verified.
    const all = await workers.mails();
    const mails = all.filter((mail) => mail.subject.startsWith('Added'));
    const round = roundName(batch, tree.campus.timeZone);
    const toKitchen = mails.filter((mail) => mail.to.includes(contactEmail));
    expect(toKitchen.map((mail) => mail.subject)).toEqual([
      `Added to your pick list: ${tree.university.name} - Main Campus — ${round}`,
    ]);
    expect(toKitchen[0]?.text).toContain(
      `Please also prepare for ${tree.restaurant.name}:\n  Tea x 1`,
    );
    expect(toKitchen[0]?.text).toContain(`Order ${late.paymentReference} for Test`);
    expect(toKitchen[0]?.text).not.toContain('Water');
    // The mart's part goes to the admins.
    const toAdmin = mails.filter((mail) => mail.to.includes(admin.email));
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]?.text).toContain('Mart:\n  Water x 3');

    // The round's pick list counts it, marked as added after the list went out.
    const lists = await pickLists(db(), batch.id);
    expect(lists.find((list) => !list.isMart)?.items).toEqual([
      {
        name: 'Tea',
        quantity: 3,
        added: 1,
        bags: [
          { paymentReference: first.paymentReference, quantity: 2 },
          { paymentReference: late.paymentReference, quantity: 1 },
        ],
      },
    ]);
    expect(lists.find((list) => list.isMart)?.items).toEqual([
      {
        name: 'Water',
        quantity: 3,
        added: 3,
        bags: [{ paymentReference: late.paymentReference, quantity: 3 }],
      },
    ]);
    // A retry of the addition's job sends nothing again.
    const job = await workers.producer
      .queue('mail')
      .getJob(batchAdditionMailJob(late.id, batch.id).jobId);
    await job?.retry('completed');
    expect(await workers.mails()).toHaveLength(all.length);
  });

  it("the restaurant's pick list goes once to its contact e-mail, with the verified orders' quantities; the admins get the counts and the mart's list", async () => {
    const { tree, contactEmail, admin } = await buildBatchCampus();
    const other = await buildCampusTree(db());
    // Closed early by an admin, before its cut-off.
    const batch = await insertBatch(tree.campus.id, 30 * MINUTE);
    await insertBatchOrder(tree, batch.id, 'verified', [
      { item: 'tea', quantity: 2 },
      { item: 'water', quantity: 1 },
    ]);
    await insertBatchOrder(tree, batch.id, 'out_for_delivery', [
      { item: 'biryani', quantity: 1 },
      { item: 'tea', quantity: 1 },
    ]);
    await insertBatchOrder(tree, batch.id, 'placed', [{ item: 'tea', quantity: 5 }]);
    await insertBatchOrder(tree, batch.id, 'rejected', [{ item: 'tea', quantity: 7 }]);
    // Another campus's admin hears nothing of this round.
    const stranger = await createPerson(db(), 'campusAdmin', other.campus);
    workers = await startWorkers(1);

    expect(await closeBatch(db(), batch.id, { adminName: 'Sana Admin' }, new Date())).toBe(true);
    const mails = await workers.mails();

    const round = roundName(batch, tree.campus.timeZone);
    const toKitchen = mails.filter((mail) => mail.to.includes(contactEmail));
    expect(toKitchen).toHaveLength(1);
    expect(toKitchen[0]?.subject).toBe(
      `Pick list: ${tree.university.name} - Main Campus — ${round}`,
    );
    // Each item with its split into the orders' bags.
    expect(toKitchen[0]?.text).toMatch(
      /\n {2}Biryani x 1 \(CB-\w+ × 1\)\n {2}Tea x 3 \(CB-\w+ × [12], CB-\w+ × [12]\)/,
    );
    expect(toKitchen[0]?.text).toContain('1 order still waits for their payment check');
    expect(toKitchen[0]?.text).toContain('by Sana Admin');
    expect(toKitchen[0]?.text).not.toContain('Water');

    const toAdmin = mails.filter((mail) => mail.to.includes(admin.email));
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]?.text).toMatch(
      /Orders: 3\nVerified: 2 \(Rs[^)]*\)\nWaiting for their payment check: 1/,
    );
    expect(toAdmin[0]?.text).toContain('Water x 1');
    expect(toAdmin[0]?.text).not.toContain('Tea x');
    expect(mails.filter((mail) => mail.to.includes(stranger.email))).toEqual([]);

    // A retry of the mail job (a lost answer) sends nothing again.
    const job = await workers.producer.queue('mail').getJob(batchClosedMailJob(batch.id).jobId);
    await job?.retry('completed');
    expect(await workers.mails()).toHaveLength(mails.length);
  });

  it('a restaurant without a contact e-mail gets no mail; its list goes to the admins', async () => {
    const { tree, admin } = await buildBatchCampus();
    await db()
      .update(restaurants)
      .set({ contactEmail: null })
      .where(eq(restaurants.id, tree.restaurant.id));
    const batch = await insertBatch(tree.campus.id, 30 * MINUTE);
    await insertBatchOrder(tree, batch.id, 'verified', [{ item: 'tea', quantity: 4 }]);
    workers = await startWorkers(1);

    await closeBatch(db(), batch.id, 'schedule', new Date());
    const mails = await workers.mails();

    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toContain(admin.email);
    expect(mails[0]?.text).toContain('Restaurants without a contact e-mail');
    expect(mails[0]?.text).toContain('Cafe:\n  Tea x 4');
  });
});

describe(`pick lists on ${engine}`, () => {
  let tree: Tree & { biryani: string };

  beforeEach(async () => {
    tree = (await buildBatchCampus()).tree;
  });

  it("each item's quantity is the sum of its lines over the batch's verified orders, and waiting orders are counted apart", async () => {
    const zLine = fc.record({
      item: fc.constantFrom<Line['item']>('tea', 'biryani', 'water'),
      quantity: fc.integer({ min: 1, max: 9 }),
    });
    const zOrder = fc.record({
      status: fc.constantFrom(...ORDER_STATES),
      lines: fc.array(zLine, { minLength: 1, maxLength: 4 }),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(zOrder, { maxLength: 8 }), async (placed) => {
        // Each run's batches a minute apart from every other run's: one cut-off is one batch.
        run += 1;
        const batch = await insertBatch(tree.campus.id, (60 + run) * MINUTE);
        for (const order of placed) {
          await insertBatchOrder(tree, batch.id, order.status, order.lines);
        }
        // An order of another batch never counts.
        const elsewhere = await insertBatch(tree.campus.id, -(60 + run) * MINUTE);
        await insertBatchOrder(tree, elsewhere.id, 'verified', [{ item: 'tea', quantity: 3 }]);

        const verified = placed.filter((order) =>
          (PICKED_STATES as readonly string[]).includes(order.status),
        );
        const expected = (mart: boolean) => {
          const mine = (line: Line) => (line.item === 'water') === mart;
          const totals = new Map<string, number>();
          for (const line of verified.flatMap((order) => order.lines).filter(mine)) {
            const name = { tea: 'Tea', biryani: 'Biryani', water: 'Water' }[line.item];
            totals.set(name, (totals.get(name) ?? 0) + line.quantity);
          }
          const waiting = placed.filter(
            (order) => order.status === 'placed' && order.lines.some(mine),
          ).length;
          const listed = placed.some(
            (order) =>
              (order.status === 'placed' ||
                (PICKED_STATES as readonly string[]).includes(order.status)) &&
              order.lines.some(mine),
          );
          return listed
            ? [
                {
                  isMart: mart,
                  restaurantId: mart ? null : tree.restaurant.id,
                  restaurantName: mart ? 'Mart' : 'Cafe',
                  // An open batch: nothing was added after its pick lists went out.
                  items: [...totals]
                    .map(([name, quantity]) => ({ name, quantity, added: 0 }))
                    .sort((a, b) => a.name.localeCompare(b.name)),
                  waitingOrders: waiting,
                },
              ]
            : [];
        };
        const lists = await pickLists(db(), batch.id);
        // Each item's bags add up to its quantity; the totals are the property checked here.
        for (const item of lists.flatMap((list) => list.items)) {
          expect(item.bags.reduce((sum, bag) => sum + bag.quantity, 0)).toBe(item.quantity);
        }
        const withoutBags = lists.map((list) => ({
          ...list,
          items: list.items.map(({ bags: _bags, ...item }) => item),
        }));
        expect(withoutBags).toEqual([...expected(false), ...expected(true)]);
      }),
      { numRuns: 25 },
    );
  });
});
