import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { changeOrderStatus } from '@campus/api/orders/change-order-status';
import { placeAndAnnounce } from '@campus/api/orders/check-out';
import { markRefundSent, recordRefund } from '@campus/api/refunds/refunds';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { formatOrderTimestamp, ORDER_SHEET_HEADER } from '@campus/shared/domain/order';
import type { TOrderAction } from '@campus/shared/domain/order-status';
import { sheetTabName } from '@campus/shared/domain/sheet-tab';
import { CatalogueCache } from '@campus/shared/server/catalogue/cache';
import { databaseCatalogueSource } from '@campus/shared/server/catalogue/queries';
import type { Database } from '@campus/shared/server/db/client';
import {
  orders,
  orderTransitions,
  refunds,
  statementCredits,
} from '@campus/shared/server/db/schema';
import { createOrderEventPublisher } from '@campus/shared/server/events/order-events';
import { orderStatusSheetJob } from '@campus/shared/server/jobs';
import { createMailer } from '@campus/shared/server/mail/mailer';
import { relayOutboxOnce } from '@campus/shared/server/outbox';
import { createProducer, type Producer } from '@campus/shared/server/queue';
import { connectRedis, openCheckedRedis } from '@campus/shared/server/redis';
import { createGoogleSheetStore } from '@campus/shared/server/sheets/google-sheet-store';
import { createLocalSheetStore } from '@campus/shared/server/sheets/local-sheet-store';
import type { SheetStore } from '@campus/shared/server/sheets/sheet-store';
import { reviveStaleOrderJobs } from '@campus/worker/revive-order-jobs';
import { startPipeline } from '@campus/worker/start-pipeline';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_PAY_TO } from '../../support/app';
import { buildCampusTree } from '../../support/builders';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import {
  buildOrderingStudent,
  martLine,
  menuLine,
  placeOrderInput,
  screenshotUploadOf,
} from '../../support/orders';
import { createProfile } from '../../support/people';
import { waitForDrainedQueue } from '../../support/queues';
import { testQueuePrefix, testRedisUrl } from '../../support/redis';
import { removeKeysOf } from '../../support/redis-keys';
import { type SheetsStandIn, startSheetsStandIn } from '../../support/sheets-stand-in';
import { testWorkerDeps } from '../../support/worker';

// The sheet follows (docs/architecture.md §8, decision 012): an order's row gets 'Status',
// 'Status Time' and 'Payment Reference' cells after its append, found by their header text, kept
// up to date by the worker in both sheet stores, batched per tab, inside the tab lock and the
// shared write budget.

type Tree = Awaited<ReturnType<typeof buildCampusTree>>;
type StoreKind = 'local' | 'google';

const TOKEN = 'stand-in-token';
const STATUS_HEADER = [...ORDER_SHEET_HEADER, 'Status', 'Status Time', 'Payment Reference'];
const STATUS = ORDER_SHEET_HEADER.length;

let database: Database;
let catalogue: CatalogueCache;
const db = () => database.db;

beforeAll(async () => {
  database = await openTestDatabase();
  catalogue = new CatalogueCache(databaseCatalogueSource(database.db));
});

afterAll(async () => {
  await database?.close();
});

/** A worker and an api producer on one queue prefix, over the store of this kind. */
async function startHarness(kind: StoreKind) {
  const closers: Array<() => Promise<unknown>> = [];
  const standIn =
    kind === 'google' ? await startSheetsStandIn({ accessToken: TOKEN, holdMs: 800 }) : null;
  if (standIn) closers.push(() => standIn.close());
  const raw: SheetStore = standIn
    ? createGoogleSheetStore({
        spreadsheetId: standIn.spreadsheetId,
        accessToken: TOKEN,
        rootUrl: standIn.url,
        timeoutMs: 400,
      })
    : createLocalSheetStore(database.db);
  // Counts the cell writes of either store (the stand-in counts Google's calls on its own too).
  const counts = { cellWrites: 0 };
  const sheets: SheetStore = {
    ...raw,
    updateCells: (tab, cells) => {
      counts.cellWrites += 1;
      return raw.updateCells(tab, cells);
    },
  };
  const prefix = testQueuePrefix();
  const producerRedis: Redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  const workerRedis: Redis = await openCheckedRedis(testRedisUrl(), 'worker', testLog);
  const producer = createProducer(producerRedis, prefix, testLog);
  // The students' mails of the transitions go to a folder of the harness's own, removed with it.
  const outboxDir = mkdtempSync(join(tmpdir(), 'campus-sheet-status-outbox-'));
  closers.push(async () => rmSync(outboxDir, { recursive: true, force: true }));
  const deps = testWorkerDeps({
    database,
    redis: workerRedis,
    prefix,
    sheets,
    sheetWritesPerMinute: 10_000,
    mailer: createMailer({ outboxDir, from: 'CampusBucket <no-reply@campus.test>', log: testLog }),
  });
  const pipeline = startPipeline({ connection: workerRedis, producer, prefix, deps });
  const events = createOrderEventPublisher({ redis: producerRedis, prefix, log: testLog });
  closers.push(async () => {
    await pipeline.close();
    await producer.close();
    await removeKeysOf(producerRedis, prefix);
    producerRedis.disconnect();
    workerRedis.disconnect();
  });
  const local = createLocalSheetStore(database.db);
  return {
    standIn,
    raw,
    producer,
    events,
    deps,
    counts,
    queue: () => producer.queue('sheets'),
    drained: () => waitForDrainedQueue(producer.queue('sheets'), 30_000),
    /** The tab as people see it: the header row, then the rows, every cell as text. */
    async tab(name: string): Promise<string[][]> {
      if (standIn) return (standIn.tab(name) ?? []).map((row) => row.map(String));
      const contents = await local.readTab(name);
      if (!contents) return [];
      return [contents.header, ...contents.rows].map((row) => row.map(String));
    },
    async close() {
      for (const close of closers.splice(0).reverse()) await close();
    },
  };
}

const adminOf = (tree: Tree) => createProfile(db(), 'campusAdmin', tree.campus);

describe.each<StoreKind>(['local', 'google'])(
  `order status cells, %s store, on ${engine}`,
  (kind) => {
    let harness: Awaited<ReturnType<typeof startHarness>>;
    let tree: Tree;
    let tab: string;
    let admin: TUserProfile;

    beforeEach(async () => {
      harness = await startHarness(kind);
      // A campus (and so a tab) of each test's own.
      tree = await buildCampusTree(db(), { martItem: { stock: 1_000 } });
      tab = sheetTabName(tree.university.name, tree.campus.name);
      admin = await adminOf(tree);
    });

    afterEach(async () => {
      await harness.close();
    });

    const apiDeps = (producer: Producer = harness.producer) => ({
      db: db(),
      producer,
      catalogue,
      events: harness.events,
      payToDefault: TEST_PAY_TO,
      log: testLog,
    });

    /** A student's order, placed as checkout places it; its row follows unless Redis is away. */
    async function place(producer?: Producer): Promise<string> {
      const { student, screenshotId } = await buildOrderingStudent(db(), tree);
      const cartItems = [menuLine(tree, 1), martLine(tree, 1)];
      const { orderId } = await placeAndAnnounce(
        apiDeps(producer),
        student,
        placeOrderInput(tree, student, screenshotId, { cartItems }),
      );
      return orderId;
    }

    const act = (orderId: string, action: TOrderAction, producer?: Producer, now?: Date) =>
      changeOrderStatus(apiDeps(producer), admin, orderId, { action, reason: '' }, now);

    /** The Status and Status Time cells of the order's row, found by its order id. */
    async function statusCells(orderId: string) {
      const [header = [], ...rows] = await harness.tab(tab);
      const row = rows.find((cells) => cells[header.indexOf('Order ID')] === orderId);
      return {
        status: row?.[header.indexOf('Status')] ?? null,
        time: row?.[header.indexOf('Status Time')] ?? null,
      };
    }

    async function statusTimeOf(orderId: string): Promise<string> {
      const [order] = await db()
        .select({ at: orders.statusChangedAt })
        .from(orders)
        .where(eq(orders.id, orderId));
      if (!order?.at) throw new Error('the order never changed state');
      return formatOrderTimestamp(order.at, tree.campus.timeZone);
    }

    /** A producer whose Redis is away: what it is given waits in the outbox. */
    function parkedProducer() {
      const deadRedis = connectRedis('redis://127.0.0.1:1', 'producer');
      deadRedis.on('error', () => {});
      const parked = createProducer(deadRedis, testQueuePrefix(), testLog);
      return {
        parked,
        async close() {
          await parked.close();
          deadRedis.disconnect();
        },
      };
    }

    it("verify, then dispatch: the row's Status reads verified, then 'out for delivery', with its time; a person's column after 'Order ID' keeps its place", async () => {
      // A person added a column of their own right after 'Order ID', and fills it in.
      await harness.raw.ensureTab(tab, ORDER_SHEET_HEADER);
      await harness.raw.updateCells(tab, [{ row: 0, column: STATUS, value: 'Rider' }]);
      const orderId = await place();
      await harness.drained();
      await harness.raw.updateCells(tab, [{ row: 1, column: STATUS, value: 'Ali' }]);

      await act(orderId, 'verify');
      await harness.drained();
      expect(await statusCells(orderId)).toEqual({
        status: 'verified',
        time: await statusTimeOf(orderId),
      });

      await act(orderId, 'dispatch');
      await harness.drained();
      expect(await statusCells(orderId)).toEqual({
        status: 'out for delivery',
        time: await statusTimeOf(orderId),
      });
      expect(await statusTimeOf(orderId)).toMatch(/^\w+day, \w+ \d{1,2}, \d{4} at .* GMT\+5$/);
      const [header, row] = await harness.tab(tab);
      expect(header).toEqual([
        ...ORDER_SHEET_HEADER,
        'Rider',
        'Status',
        'Status Time',
        'Payment Reference',
      ]);
      expect(row?.[STATUS]).toBe('Ali');
      expect(row?.[STATUS - 1]).toBe(orderId);
    });

    it('adds the Status columns once when two jobs of the tab run at once', async () => {
      const first = await place();
      const second = await place();
      await harness.drained();

      await Promise.all([act(first, 'verify'), act(second, 'reject')]);
      await harness.drained();

      const [header] = await harness.tab(tab);
      expect(header).toEqual(STATUS_HEADER);
      expect((await statusCells(first)).status).toBe('verified');
      expect((await statusCells(second)).status).toBe('rejected');
    });

    it('a retry of a job that did its work writes nothing and changes nothing', async () => {
      const orderId = await place();
      await harness.drained();
      const { transitionId } = await act(orderId, 'verify');
      await harness.drained();
      const before = await harness.tab(tab);
      const writes = harness.counts.cellWrites;

      const job = await harness.queue().getJob(orderStatusSheetJob(orderId, transitionId).jobId);
      expect(job?.returnvalue).toEqual({ written: 1 });
      await job?.retry('completed');
      await harness.drained();

      expect(await harness.tab(tab)).toEqual(before);
      expect(harness.counts.cellWrites).toBe(writes);
      const again = await harness.queue().getJob(orderStatusSheetJob(orderId, transitionId).jobId);
      expect(again?.returnvalue).toEqual({ written: 0 });
    });

    it('a status that changed before the row was appended waits for the row, spending no attempt, and lands once it is in', async () => {
      // Redis is away at checkout: the order's sheet job waits in the outbox.
      const away = parkedProducer();
      let orderId: string;
      try {
        orderId = await place(away.parked);
      } finally {
        await away.close();
      }
      const { transitionId } = await act(orderId, 'verify');
      await act(orderId, 'dispatch');
      const jobId = orderStatusSheetJob(orderId, transitionId).jobId;
      await expect
        .poll(
          async () =>
            harness
              .queue()
              .getJob(jobId)
              .then((job) => job?.getState()),
          {
            timeout: 10_000,
            interval: 100,
          },
        )
        .toBe('delayed');
      expect((await harness.queue().getJob(jobId))?.attemptsMade).toBe(0);
      expect(await harness.tab(tab)).toEqual([]);

      await relayOutboxOnce(db(), harness.producer, testLog, { minAgeMs: 0 });
      // The status jobs look again 5 s after they were put back.
      const expected = { status: 'out for delivery', time: await statusTimeOf(orderId) };
      await expect
        .poll(() => statusCells(orderId), { timeout: 20_000, interval: 200 })
        .toEqual(expected);
      await harness.drained();

      expect(await statusCells(orderId)).toEqual(expected);
      const job = await harness.queue().getJob(jobId);
      expect(await job?.isCompleted()).toBe(true);
    });

    it("many status changes in a tab are one write of the tab's cells", async () => {
      const placed: string[] = [];
      for (let n = 0; n < 8; n++) placed.push(await place());
      await harness.drained();
      // The worker takes no job while the admins work through the payments queue.
      await harness.queue().pause();
      const writes = harness.counts.cellWrites;
      harness.standIn?.resetCounts();
      for (const orderId of placed) await act(orderId, 'verify');

      await harness.queue().resume();
      await harness.drained();

      expect(harness.counts.cellWrites - writes).toBe(1);
      if (harness.standIn) {
        expect(harness.standIn.calls).toMatchObject({ cellUpdates: 1, writes: 1, appends: 0 });
      }
      const [header, ...rows] = await harness.tab(tab);
      expect(header).toEqual(STATUS_HEADER);
      expect(rows.map((row) => row[STATUS])).toEqual(placed.map(() => 'verified'));
    });

    it('the upkeep brings back the status jobs that a crashed Redis lost: the cells and the mail', async () => {
      const orderId = await place();
      await harness.drained();
      // Enqueued into queues that are then lost: another prefix, which no worker serves.
      const lostRedis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
      const lost = createProducer(lostRedis, testQueuePrefix(), testLog);
      try {
        await act(orderId, 'verify', lost, new Date(Date.now() - 11 * 60_000));
      } finally {
        await lost.close();
        lostRedis.disconnect();
      }
      await harness.drained();
      // The row shows the order as placed, as written after its append.
      expect((await statusCells(orderId)).status).toBe('placed');

      // The Status cells' job, and the student's mail about the verification, lost with it.
      expect(await reviveStaleOrderJobs(harness.deps, harness.producer)).toBe(2);
      await harness.drained();
      await waitForDrainedQueue(harness.producer.queue('mail'), 30_000);

      expect((await statusCells(orderId)).status).toBe('verified');
      const [transition] = await db()
        .select({ mailed: orderTransitions.studentNotifiedAt })
        .from(orderTransitions)
        .where(eq(orderTransitions.orderId, orderId));
      expect(transition?.mailed).toBeInstanceOf(Date);
      expect(await reviveStaleOrderJobs(harness.deps, harness.producer)).toBe(0);
    });

    it("a paid order cancelled shows its refund in the row's Status: due, then sent", async () => {
      const { student, screenshotId } = await buildOrderingStudent(db(), tree);
      const { orderId } = await placeAndAnnounce(
        apiDeps(),
        student,
        placeOrderInput(tree, student, screenshotId, { cartItems: [menuLine(tree, 1)] }),
      );
      await harness.drained();
      const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
      if (!order) throw new Error('no order');
      // Its credit is in the imported statement: the money arrived.
      await db()
        .insert(statementCredits)
        .values({
          id: randomUUID(),
          campusId: tree.campus.id,
          rowKey: randomUUID(),
          creditedOn: '2026-12-01',
          creditedAt: null,
          amountPaisa: order.grandTotalPaisa,
          description: `IBFT ${order.paymentReference}`,
          transactionId: '',
          references: [order.paymentReference],
          orderId,
          matchedBy: 'reference',
        });
      await changeOrderStatus(apiDeps(), student, orderId, { action: 'cancel', reason: '' });
      await harness.drained();
      await expect
        .poll(async () => (await statusCells(orderId)).status)
        .toBe('cancelled; refund due');
      const [refund] = await db()
        .select({ id: refunds.id })
        .from(refunds)
        .where(eq(refunds.orderId, orderId));
      await markRefundSent(
        { db: db(), producer: harness.producer, log: testLog },
        admin,
        refund?.id ?? '',
        'IBFT-RETURN-1',
      );
      await harness.drained();
      await expect
        .poll(async () => (await statusCells(orderId)).status)
        .toBe('cancelled; refund sent');
    });

    it.runIf(kind === 'local')(
      'the upkeep brings back what a crashed Redis lost after checkout: a new screenshot’s check and a refund’s mail',
      async () => {
        const { student, screenshotId } = await buildOrderingStudent(db(), tree);
        const { orderId } = await placeAndAnnounce(
          apiDeps(),
          student,
          placeOrderInput(tree, student, screenshotId, { cartItems: [menuLine(tree, 1)] }),
        );
        await harness.drained();
        await waitForDrainedQueue(harness.producer.queue('checks'), 30_000);
        await changeOrderStatus(apiDeps(), admin, orderId, {
          action: 'reject',
          reason: 'The screenshot is unreadable.',
        });
        const lostRedis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
        const lost = createProducer(lostRedis, testQueuePrefix(), testLog);
        let refundId: string;
        try {
          const screenshot = await screenshotUploadOf(db(), student.uid);
          await changeOrderStatus(apiDeps(lost), student, orderId, {
            action: 'resubmit',
            reason: '',
            screenshot,
          });
          const refund = await recordRefund(
            { db: db(), producer: lost, log: testLog },
            admin,
            orderId,
            {
              amountPaisa: 1_000,
              reason: 'Paid twice',
            },
          );
          refundId = refund.id;
          await markRefundSent(
            { db: db(), producer: lost, log: testLog },
            admin,
            refundId,
            'IBFT-77',
          );
        } finally {
          await lost.close();
          lostRedis.disconnect();
        }
        const checked = async () => {
          const [order] = await db()
            .select({ at: orders.screenshotCheckedAt })
            .from(orders)
            .where(eq(orders.id, orderId));
          return order?.at ?? null;
        };
        expect(await checked()).toBeNull();
        // Eleven minutes on, both are stale.
        const later = new Date(Date.now() + 11 * 60_000);
        expect(
          await reviveStaleOrderJobs(harness.deps, harness.producer, later),
        ).toBeGreaterThanOrEqual(2);
        await waitForDrainedQueue(harness.producer.queue('checks'), 30_000);
        await waitForDrainedQueue(harness.producer.queue('mail'), 30_000);
        expect(await checked()).toBeInstanceOf(Date);
        const [refund] = await db()
          .select({ mailed: refunds.studentNotifiedAt })
          .from(refunds)
          .where(eq(refunds.id, refundId));
        expect(refund?.mailed).toBeInstanceOf(Date);
      },
    );

    it.runIf(kind === 'google')(
      "Google's 429 pauses the queue without spending an attempt; an answer lost after the write is written again, harmlessly",
      async () => {
        const standIn = harness.standIn as SheetsStandIn;
        const orderId = await place();
        await harness.drained();
        standIn.failNext('429', { retryAfterSeconds: 1 });
        standIn.failNext('lost-response');

        const { transitionId } = await act(orderId, 'verify');
        await harness.drained();

        expect(await statusCells(orderId)).toEqual({
          status: 'verified',
          time: await statusTimeOf(orderId),
        });
        const [header] = await harness.tab(tab);
        expect(header).toEqual(STATUS_HEADER);
        expect(standIn.calls.faults).toMatchObject({ '429': 1, 'lost-response': 1 });
        const job = await harness.queue().getJob(orderStatusSheetJob(orderId, transitionId).jobId);
        // The 429 cost no attempt; the lost answer cost one.
        expect(job?.attemptsMade).toBe(2);
      },
    );
  },
);
