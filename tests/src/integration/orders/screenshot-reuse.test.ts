import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { placeAndAnnounce } from '@campus/api/orders/check-out';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { screenshotCheckOf } from '@campus/shared/domain/order-status';
import type { Database } from '@campus/shared/server/db/client';
import { orders } from '@campus/shared/server/db/schema';
import { orderEventKeys } from '@campus/shared/server/events/order-events';
import { createMailer } from '@campus/shared/server/mail/mailer';
import { openCheckedRedis } from '@campus/shared/server/redis';
import { checkOrderScreenshot } from '@campus/shared/server/screenshots/screenshot-match';
import { startPipeline } from '@campus/worker/start-pipeline';
import { eq, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildBankReceipts, drawBankReceipt } from '../../support/bank-receipts';
import { buildCampusTree } from '../../support/builders';
import { engine } from '../../support/database';
import { testLog } from '../../support/logger';
import { type OrderServices, openOrderServices } from '../../support/order-services';
import {
  buildOrderingStudent,
  menuLine,
  paymentsQueueOf,
  placeOrderInput,
  storeScreenshot,
} from '../../support/orders';
import { createProfile } from '../../support/people';
import { testRedisUrl } from '../../support/redis';
import { testWorkerDeps } from '../../support/worker';

// Screenshots used before (decision 011): a payment screenshot used on an earlier order (the same
// file, or the same receipt re-encoded) places the order all the same, flagged with the earlier
// order by the worker's check-screenshot job, and the Payments queue shows both screenshots. The
// orders go through the real pipeline (outbox, BullMQ, the worker). The measurement of the
// threshold itself is in api/src/uploads/screenshot-fingerprint.test.ts.

let services: OrderServices;
let database: Database;
let dir: string;
let tree: Awaited<ReturnType<typeof buildCampusTree>>;
let otherTree: typeof tree;
let admin: TUserProfile;
let workerRedis: Redis;
let pipeline: ReturnType<typeof startPipeline>;

const deps = () => ({ ...services, db: database.db, log: testLog });

/**
 * The order's screenshot check, once the worker's job has run, and the earlier orders it matched.
 */
async function foundFor(orderId: string) {
  const row = await vi.waitFor(
    async () => {
      const [found] = await database.db
        .select({
          fingerprint: orders.screenshotSha256,
          duplicateOf: orders.duplicateOf,
          checkedAt: orders.screenshotCheckedAt,
        })
        .from(orders)
        .where(eq(orders.id, orderId));
      if (!found?.checkedAt) throw new Error(`the screenshot of ${orderId} is not checked yet`);
      return found;
    },
    { timeout: 15_000, interval: 50 },
  );
  const check = screenshotCheckOf({
    fingerprinted: row.fingerprint !== null,
    checked: true,
    duplicateOf: row.duplicateOf,
  });
  return { check, duplicateOf: row.duplicateOf };
}

/** The worker's pipeline on the test's queues: it runs each order's check-screenshot job. */
function startChecks() {
  const { prefix, producer } = services;
  const mailer = createMailer({
    outboxDir: join(dir, 'outbox'),
    from: 'CampusBucket <no-reply@campus.test>',
    log: testLog,
  });
  const workerDeps = testWorkerDeps({ database, redis: workerRedis, prefix, mailer });
  return startPipeline({ connection: workerRedis, producer, prefix, deps: workerDeps });
}

/** The live events published for an order, in order. */
async function eventsOf(orderId: string): Promise<string[]> {
  const entries = await services.redis.xrange(orderEventKeys(services.prefix).log, '-', '+');
  return entries
    .map(([, fields]) => JSON.parse(fields[1] as string) as { orderId: string; state: string })
    .filter((event) => event.orderId === orderId)
    .map((event) => event.state);
}

/** A student of `at` with the screenshot `bytes` uploaded. */
async function studentWith(bytes: Buffer, at = tree) {
  const { student } = await buildOrderingStudent(database.db, at);
  return { student, uploadId: await storeScreenshot(database.db, dir, student, bytes), at };
}

/** The student places an order paid with their uploaded screenshot; what its check found. */
async function place({ student, uploadId, at }: Awaited<ReturnType<typeof studentWith>>) {
  const cartItems = [menuLine(at, 1)];
  const { orderId } = await placeAndAnnounce(
    deps(),
    student,
    placeOrderInput(at, student, uploadId, { cartItems }),
  );
  return { orderId, ...(await foundFor(orderId)) };
}

/** A student of `at` places an order paid with the screenshot `bytes`. */
const orderPaidWith = async (bytes: Buffer, at = tree) => place(await studentWith(bytes, at));

beforeAll(async () => {
  services = await openOrderServices();
  ({ database } = services);
  dir = mkdtempSync(join(tmpdir(), 'campus-reuse-uploads-'));
  tree = await buildCampusTree(database.db, { restaurant: { is24x7: true } });
  otherTree = await buildCampusTree(database.db, { restaurant: { is24x7: true } });
  admin = await createProfile(database.db, 'campusAdmin', tree.campus);
  workerRedis = await openCheckedRedis(testRedisUrl(), 'worker', testLog);
  pipeline = startChecks();
});

afterAll(async () => {
  await pipeline?.close();
  workerRedis?.disconnect();
  await services?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe(`screenshots used before on ${engine}`, () => {
  it('flags the same file and the same receipt re-encoded, on any campus; a different receipt is clear', async () => {
    const [receipt, other] = buildBankReceipts(2, 7);
    const png = await drawBankReceipt(receipt as NonNullable<typeof receipt>);
    const first = await orderPaidWith(png);
    expect(first).toMatchObject({ check: 'clear', duplicateOf: [] });
    // Placed, checked, its receipt read (here: no picture to read): the pages showing the order
    // are told each time.
    await expect.poll(() => eventsOf(first.orderId)).toEqual(['placed', 'placed', 'placed']);

    const again = await orderPaidWith(png, otherTree);
    expect(again).toMatchObject({ check: 'duplicate', duplicateOf: [first.orderId] });

    const jpeg = await sharp(png).jpeg({ quality: 60 }).toBuffer();
    const reEncoded = await orderPaidWith(jpeg);
    expect(reEncoded.check).toBe('duplicate');
    expect(reEncoded.duplicateOf?.sort()).toEqual([first.orderId, again.orderId].sort());

    const different = await orderPaidWith(
      await drawBankReceipt(other as NonNullable<typeof other>),
    );
    expect(different).toMatchObject({ check: 'clear', duplicateOf: [] });

    // The campus's Payments queue shows the flag with its own campus's earlier order whole, and of
    // another campus's only when; a super admin sees both whole.
    const queueOf = (viewer: TUserProfile) =>
      paymentsQueueOf(database.db, viewer, tree).then((queue) =>
        queue.orders.find((order) => order.id === reEncoded.orderId),
      );
    const flagged = await queueOf(admin);
    expect(flagged?.screenshotCheck).toBe('duplicate');
    expect(flagged?.duplicates).toHaveLength(2);
    expect(flagged?.duplicates).toContainEqual(
      expect.objectContaining({
        seen: 'whole',
        id: first.orderId,
        campusName: tree.campus.name,
        screenshotUrl: expect.stringMatching(/^\/api\/screenshots\//),
      }),
    );
    const [againPlaced] = await database.db
      .select({ placedAt: orders.placedAt })
      .from(orders)
      .where(eq(orders.id, again.orderId));
    expect(flagged?.duplicates).toContainEqual({
      seen: 'anotherCampus',
      placedAt: againPlaced?.placedAt.toISOString(),
    });
    const seenBySuperAdmin = await queueOf(await createProfile(database.db, 'superAdmin'));
    expect(
      seenBySuperAdmin?.duplicates.find((d) => d.seen === 'whole' && d.id === again.orderId),
    ).toMatchObject({ campusName: otherTree.campus.name, status: 'placed' });
  });

  it('flags one of two orders placed at the same moment with the same file', async () => {
    const [receipt] = buildBankReceipts(1, 11);
    const png = await drawBankReceipt(receipt as NonNullable<typeof receipt>);
    const students = [await studentWith(png), await studentWith(png, otherTree)];
    const both = await Promise.all(students.map(place));
    // The one placed first may commit last: checked first and found clear, it is flagged once
    // the other's check finds it (the case below), so the two are read again until both are in.
    await vi.waitFor(
      async () => {
        const now = await Promise.all(both.map((order) => foundFor(order.orderId)));
        expect(now.map((order) => order.check).sort()).toEqual(['clear', 'duplicate']);
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  it('flags a later order checked before an earlier one had committed, once the earlier is checked', async () => {
    const [receipt] = buildBankReceipts(1, 17);
    const png = await drawBankReceipt(receipt as NonNullable<typeof receipt>);
    const later = await orderPaidWith(png);
    expect(later.check).toBe('clear');
    // The earlier order: placed before the later one, its transaction committed after the later
    // one's check (here: placed while no worker runs, then dated back).
    const paid = await studentWith(png, otherTree);
    await pipeline.close();
    const { orderId: earlier } = await placeAndAnnounce(
      deps(),
      paid.student,
      placeOrderInput(otherTree, paid.student, paid.uploadId, {
        cartItems: [menuLine(otherTree, 1)],
      }),
    );
    const [laterRow] = await database.db
      .select({ placedAt: orders.placedAt })
      .from(orders)
      .where(eq(orders.id, later.orderId));
    await database.db
      .update(orders)
      .set({ placedAt: new Date((laterRow?.placedAt.getTime() ?? 0) - 1_000) })
      .where(eq(orders.id, earlier));
    pipeline = startChecks();
    expect(await foundFor(earlier)).toMatchObject({ check: 'clear', duplicateOf: [] });
    expect((await foundFor(later.orderId)).duplicateOf).toEqual([earlier]);
    // The later order's pages hear of its placement, its check, its receipt's reading, and then
    // of its new flag.
    await expect
      .poll(() => eventsOf(later.orderId))
      .toEqual(['placed', 'placed', 'placed', 'placed']);
  });

  // PGlite has one connection: two transactions cannot be open at once there.
  it.skipIf(engine === 'pglite')(
    'flags a later order whose check overlapped the check of an earlier look-alike that committed late',
    async () => {
      const [receipt] = buildBankReceipts(1, 19);
      const png = await drawBankReceipt(receipt as NonNullable<typeof receipt>);
      const jpeg = await sharp(png).jpeg({ quality: 60 }).toBuffer();
      // The checks are run by hand here, in the order that used to let both orders through.
      await pipeline.close();
      let release = () => {};
      try {
        const place = async (bytes: Buffer, at: typeof tree) => {
          const paid = await studentWith(bytes, at);
          const input = placeOrderInput(at, paid.student, paid.uploadId, {
            cartItems: [menuLine(at, 1)],
          });
          return (await placeAndAnnounce(deps(), paid.student, input)).orderId;
        };
        const later = await place(png, tree);
        // The later order's check is held after its scan, before it marks the order checked.
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let locked = () => {};
        const rowLocked = new Promise<void>((resolve) => {
          locked = resolve;
        });
        const holder = database.db.transaction(async (tx) => {
          await tx.select().from(orders).where(eq(orders.id, later)).for('update');
          locked();
          await held;
        });
        await rowLocked;
        const laterCheck = checkOrderScreenshot(database.db, later);
        /**
         * Whether a connection to this test's database (other test files share the server) waits
         * for a lock of this kind ('transactionid': a row's).
         */
        const waiting = async (kind: string) => {
          const result = (await database.db.execute(
            sql`select 1 from pg_stat_activity where datname = current_database()
              and wait_event_type = 'Lock' and wait_event = ${kind}`,
          )) as unknown as { rows: unknown[] };
          return result.rows.length > 0;
        };
        const lockWait = { timeout: 10_000, interval: 50 };
        await vi.waitFor(async () => expect(await waiting('transactionid')).toBe(true), lockWait);
        // The earlier order (a re-encoded copy: another file) commits now, dated before the later
        // one.
        const earlier = await place(jpeg, otherTree);
        const [laterRow] = await database.db
          .select({ placedAt: orders.placedAt })
          .from(orders)
          .where(eq(orders.id, later));
        await database.db
          .update(orders)
          .set({ placedAt: new Date((laterRow?.placedAt.getTime() ?? 0) - 1_000) })
          .where(eq(orders.id, earlier));
        // Its check begins while the later order's check is still open: it waits for that one, or,
        // if nothing makes it wait, it finds the later order not checked yet and leaves it alone.
        let settled = false;
        const earlierCheck = checkOrderScreenshot(database.db, earlier).finally(() => {
          settled = true;
        });
        await vi.waitFor(async () => {
          if (!settled) expect(await waiting('advisory')).toBe(true);
        }, lockWait);
        release();
        await holder;
        expect(await laterCheck).toMatchObject({ checked: true, duplicateOf: [] });
        expect(await earlierCheck).toMatchObject({ checked: true, duplicateOf: [] });
        expect((await foundFor(later)).duplicateOf).toEqual([earlier]);
      } finally {
        release();
        pipeline = startChecks();
      }
    },
  );

  it("shows an order as 'checking' in the Payments queue until its job has run", async () => {
    const [receipt] = buildBankReceipts(1, 13);
    const paid = await studentWith(await drawBankReceipt(receipt as NonNullable<typeof receipt>));
    await pipeline.close();
    const { orderId } = await placeAndAnnounce(
      deps(),
      paid.student,
      placeOrderInput(tree, paid.student, paid.uploadId, { cartItems: [menuLine(tree, 1)] }),
    );
    const queue = await paymentsQueueOf(database.db, admin, tree);
    const queued = queue.orders.find((order) => order.id === orderId);
    expect(queued?.screenshotCheck).toBe('checking');
    expect(queued?.receipt).toEqual({ state: 'reading' });
    pipeline = startChecks();
    expect((await foundFor(orderId)).check).toBe('clear');
  });

  it('places an order whose screenshot has no fingerprint, marked not checked', async () => {
    const { student, screenshotId } = await buildOrderingStudent(database.db, tree);
    const cartItems = [menuLine(tree, 1)];
    // Its screenshot was recorded without a fingerprint, as an upload from before fingerprints was.
    const input = placeOrderInput(tree, student, screenshotId, { cartItems });
    const { orderId } = await placeAndAnnounce(deps(), student, input);
    expect((await foundFor(orderId)).check).toBe('not_checked');
  });
});
