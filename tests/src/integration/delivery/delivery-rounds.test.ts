import { findCampus } from '@campus/api/admin/campus-lookup';
import { runBatchStep } from '@campus/api/delivery/batch-actions';
import { saveDeliverySlots, upcomingRound } from '@campus/api/delivery/delivery-slots';
import { getBatch } from '@campus/api/delivery/get-batch';
import { changeOrderStatus } from '@campus/api/orders/change-order-status';
import { getOrder } from '@campus/api/orders/get-order';
import { placeOrder } from '@campus/api/orders/place-order';
import { BATCH_MESSAGES } from '@campus/shared/domain/batch-api';
import { NO_PLACE } from '@campus/shared/domain/delivery-places';
import type { TDeliverySlot } from '@campus/shared/domain/delivery-rounds';
import type { TUserProfile } from '@campus/shared/domain/entities';
import type { Database } from '@campus/shared/server/db/client';
import { deliveryBatches, orders, outbox, restaurants } from '@campus/shared/server/db/schema';
import { batchSchedulerId } from '@campus/shared/server/delivery/batch-schedulers';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCampusTree } from '../../support/builders';
import { engine } from '../../support/database';
import { testLog } from '../../support/logger';
import { type OrderServices, openOrderServices } from '../../support/order-services';
import { buildOrderingStudent, menuLine, placeOrderInput } from '../../support/orders';
import { createProfile } from '../../support/people';

// Delivery rounds (decision 013) through the use cases the routes call, with the clock driven
// across cut-offs: which batch an order joins, a round closed early, a slot removed, the batch
// steps.

type Tree = Awaited<ReturnType<typeof buildCampusTree>>;

let services: OrderServices;
let database: Database;
let tree: Tree;
let admin: TUserProfile;

const db = () => database.db;
const deps = () => ({ ...services, db: db(), log: testLog });

// Karachi is UTC+5 all year. Monday, November 23, 2026.
const karachi = (time: string, day = 23) => new Date(`2026-11-${day}T${time}+05:00`);

const WEEK: TDeliverySlot[] = [
  { weekday: 'mon', cutoff: '12:30 PM', delivery: '1:30 PM' },
  { weekday: 'mon', cutoff: '6:00 PM', delivery: '7:00 PM' },
  // A round after midnight: Monday night's orders arrive early on Tuesday.
  { weekday: 'tue', cutoff: '12:30 AM', delivery: '1:00 AM' },
  { weekday: 'tue', cutoff: '12:30 PM', delivery: '1:30 PM' },
];

async function setSlots(slots: TDeliverySlot[], now: Date) {
  const campus = await findCampus(db(), tree.university.id, tree.campus.id);
  if (!campus) throw new Error('no campus');
  return saveDeliverySlots(deps(), admin, campus, { slots }, now);
}

/** A student's order of one tea, placed at `now`. */
async function orderAt(now: Date, room = 'Hall 3, Room 12') {
  const { student, screenshotId } = await buildOrderingStudent(db(), tree);
  const input = placeOrderInput(tree, student, screenshotId, {
    cartItems: [menuLine(tree, 1)],
    room,
  });
  const placed = await placeOrder(db(), student, input, now);
  return { ...placed, student };
}

/** The campus admin checks the order's payment at `now`. */
const verify = (orderId: string, now: Date) =>
  changeOrderStatus(deps(), admin, orderId, { action: 'verify', reason: '' }, now);

async function batchOf(orderId: string) {
  const [row] = await db()
    .select({ id: deliveryBatches.id, cutoffAt: deliveryBatches.cutoffAt })
    .from(orders)
    .leftJoin(deliveryBatches, eq(deliveryBatches.id, orders.batchId))
    .where(eq(orders.id, orderId));
  return row?.id ? { id: row.id, cutoffAt: row.cutoffAt } : null;
}

beforeAll(async () => {
  services = await openOrderServices();
  database = services.database;
});

afterAll(async () => {
  await services?.close();
});

beforeEach(async () => {
  tree = await buildCampusTree(db());
  admin = await createProfile(db(), 'campusAdmin', tree.campus);
  await setSlots(WEEK, karachi('08:00:00'));
});

describe(`delivery rounds on ${engine}`, () => {
  it('puts an order one second before the cut-off and one at it into different rounds', async () => {
    const before = await orderAt(karachi('12:29:59'));
    const at = await orderAt(karachi('12:30:00'));
    expect((await batchOf(before.orderId))?.cutoffAt).toEqual(karachi('12:30:00'));
    expect((await batchOf(at.orderId))?.cutoffAt).toEqual(karachi('18:00:00'));
    // Each order's sheet row gets its Batch cell.
    const jobs = await db()
      .select()
      .from(outbox)
      .where(like(outbox.jobId, `order-${at.orderId}-batch-%`));
    expect(jobs).toHaveLength(1);
  });

  it('puts a late-night order into the round after midnight, and the next week finds Monday again', async () => {
    const night = await orderAt(karachi('23:59:59'));
    expect((await batchOf(night.orderId))?.cutoffAt).toEqual(karachi('00:30:00', 24));
    // After Tuesday's last round the next is Monday's first, six days on.
    const weekend = await orderAt(karachi('15:00:00', 28));
    expect((await batchOf(weekend.orderId))?.cutoffAt).toEqual(karachi('12:30:00', 30));
  });

  it('tells a student the round before they pay, and the order keeps it', async () => {
    const promised = await upcomingRound(db(), tree.campus.id, karachi('11:00:00'));
    expect(promised.round?.cutoffAt).toBe(karachi('12:30:00').toISOString());
    const placed = await orderAt(karachi('11:00:00'));
    const order = await getOrder(db(), placed.student, placed.orderId, 'student');
    expect(order.round).toEqual({
      cutoffAt: karachi('12:30:00').toISOString(),
      deliveryAt: karachi('13:30:00').toISOString(),
    });
    // Checkout answers with the round it joined, without reading the order back.
    expect(placed.created && placed.round).toEqual({
      cutoffAt: karachi('12:30:00'),
      deliveryAt: karachi('13:30:00'),
    });
    expect(placed.created && placed.timeZone).toBe(tree.campus.timeZone);
  });

  it('schedules the close of each slot at its cut-off, and no more once the slots go', async () => {
    const schedulers = async () =>
      (await services.producer.queue('system').getJobSchedulers(0, -1, true))
        .map((scheduler) => scheduler.key)
        .filter((key) => key.includes(tree.campus.id))
        .sort();
    expect(await schedulers()).toEqual(
      WEEK.map((slot) => batchSchedulerId(tree.campus.id, slot)).sort(),
    );
    await setSlots([], karachi('08:00:00'));
    expect(await schedulers()).toEqual([]);
  });

  it('a campus without slots places orders outside any batch', async () => {
    await setSlots([], karachi('08:00:00'));
    const placed = await orderAt(karachi('11:00:00'));
    expect(await batchOf(placed.orderId)).toBeNull();
    expect((await upcomingRound(db(), tree.campus.id, karachi('11:00:00'))).round).toBeNull();
  });

  it('an order promised a round an admin closed early joins the next, with a note', async () => {
    const first = await orderAt(karachi('11:00:00'));
    const batch = await batchOf(first.orderId);
    if (!batch) throw new Error('no batch');
    // It closes with the one order it has.
    expect(await runBatchStep(deps(), admin, batch.id, 'close', karachi('12:00:00'))).toBe(1);
    // The checkout already says the next round.
    const promised = await upcomingRound(db(), tree.campus.id, karachi('12:05:00'));
    expect(promised.round?.cutoffAt).toBe(karachi('18:00:00').toISOString());
    const late = await orderAt(karachi('12:10:00'));
    expect((await batchOf(late.orderId))?.cutoffAt).toEqual(karachi('18:00:00'));
    const order = await getOrder(db(), late.student, late.orderId, 'student');
    expect(order.notes.map((n) => n.text)).toEqual([
      'The Monday, Nov 23, 1:30 PM round closed early; this order goes with the Monday, Nov 23, 7:00 PM round.',
    ]);
    // Closing twice is refused and changes nothing.
    await expect(
      runBatchStep(deps(), admin, batch.id, 'close', karachi('12:20:00')),
    ).rejects.toMatchObject({
      status: 409,
      userMessage: 'This round is already closed.',
    });
  });

  it('moves the orders of a removed slot to the next round, and out of batches when none is left', async () => {
    const evening = await orderAt(karachi('13:00:00'));
    const removed = await batchOf(evening.orderId);
    const withoutEvening = WEEK.filter((slot) => slot.cutoff !== '6:00 PM');
    const saved = await setSlots(withoutEvening, karachi('14:00:00'));
    expect(saved.movedOrders).toBe(1);
    expect((await batchOf(evening.orderId))?.cutoffAt).toEqual(karachi('00:30:00', 24));
    const [gone] = await db()
      .select()
      .from(deliveryBatches)
      .where(eq(deliveryBatches.id, removed?.id ?? ''));
    expect(gone).toBeUndefined();
    await setSlots([], karachi('14:30:00'));
    expect(await batchOf(evening.orderId)).toBeNull();
    const order = await getOrder(db(), evening.student, evening.orderId, 'student');
    expect(order.notes.map((n) => n.text)).toEqual([
      'The Monday, Nov 23, 7:00 PM round was removed; this order goes with the Tuesday, Nov 24, 1:00 AM round.',
      'The Tuesday, Nov 24, 1:00 AM round was removed; the campus runs no rounds now, so this order is delivered outside a batch.',
    ]);
  });

  it('keeps a round whose delivery time changed, with the new time', async () => {
    const placed = await orderAt(karachi('11:00:00'));
    const later = WEEK.map((slot) =>
      slot.cutoff === '12:30 PM' && slot.weekday === 'mon'
        ? { ...slot, delivery: '2:00 PM' }
        : slot,
    );
    // Its row's Batch cell was written.
    await db()
      .update(orders)
      .set({ sheetBatchId: sql`${orders.batchId}` })
      .where(eq(orders.id, placed.orderId));
    await setSlots(later, karachi('11:30:00'));
    const order = await getOrder(db(), placed.student, placed.orderId, 'student');
    expect(order.round?.deliveryAt).toBe(karachi('14:00:00').toISOString());
    expect(order.notes).toEqual([]);
    // Its sheet row's Batch cell is behind until its job writes the new time.
    const [row] = await db().select().from(orders).where(eq(orders.id, placed.orderId));
    expect(row?.sheetBatchId).toBeNull();
    const rewrite = await db()
      .select()
      .from(outbox)
      .where(
        like(
          outbox.jobId,
          `order-${placed.orderId}-batch-%-${karachi('14:00:00').getTime()}-sheet`,
        ),
      );
    expect(rewrite).toHaveLength(1);
  });

  it('dispatches the verified orders of a batch and delivers them, leaving the rest', async () => {
    const paid = await orderAt(karachi('10:00:00'), 'Iqbal Hall 204');
    const unpaid = await orderAt(karachi('10:05:00'), 'Hall 3, Room 12');
    await verify(paid.orderId, karachi('10:10:00'));
    const batch = await batchOf(paid.orderId);
    if (!batch) throw new Error('no batch');
    const detail = await getBatch(db(), admin, batch.id);
    expect(detail.batch).toMatchObject({ orderCount: 2, verifiedCount: 1, waitingCount: 1 });
    expect(detail.dropList).toEqual([
      {
        place: NO_PLACE,
        orders: [expect.objectContaining({ orderId: paid.orderId, room: 'Iqbal Hall 204' })],
      },
    ]);
    expect(await runBatchStep(deps(), admin, batch.id, 'dispatch', karachi('12:40:00'))).toBe(1);
    const statuses = await db()
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(and(eq(orders.batchId, batch.id)));
    expect(new Map(statuses.map((o) => [o.id, o.status]))).toEqual(
      new Map([
        [paid.orderId, 'out_for_delivery'],
        [unpaid.orderId, 'placed'],
      ]),
    );
    // Dispatching closed the round.
    expect((await getBatch(db(), admin, batch.id)).batch.closedAt).not.toBeNull();
    await expect(
      runBatchStep(deps(), admin, batch.id, 'dispatch', karachi('12:41:00')),
    ).rejects.toMatchObject({
      status: 409,
    });
    expect(await runBatchStep(deps(), admin, batch.id, 'deliver', karachi('13:30:00'))).toBe(1);
    const order = await getOrder(db(), paid.student, paid.orderId, 'student');
    expect(order.status).toBe('delivered');
  });

  it('refuses to dispatch a round whose cut-off is still ahead, and moves nothing', async () => {
    const paid = await orderAt(karachi('10:00:00'));
    await verify(paid.orderId, karachi('10:10:00'));
    const batch = await batchOf(paid.orderId);
    await expect(
      runBatchStep(deps(), admin, batch?.id ?? '', 'dispatch', karachi('11:00:00')),
    ).rejects.toMatchObject({ status: 409, userMessage: BATCH_MESSAGES.stillOpen('12:30 PM') });
    const order = await getOrder(db(), paid.student, paid.orderId, 'student');
    expect(order.status).toBe('verified');
    // Closed early by the admin, it goes.
    await runBatchStep(deps(), admin, batch?.id ?? '', 'close', karachi('11:01:00'));
    expect(
      await runBatchStep(deps(), admin, batch?.id ?? '', 'dispatch', karachi('11:02:00')),
    ).toBe(1);
  });

  it("keeps a deleted restaurant's pick list apart from the mart's", async () => {
    const placed = await orderAt(karachi('10:00:00'));
    await verify(placed.orderId, karachi('10:05:00'));
    await db().delete(restaurants).where(eq(restaurants.id, tree.restaurant.id));
    const batch = await batchOf(placed.orderId);
    const detail = await getBatch(db(), admin, batch?.id ?? '');
    expect(detail.pickLists).toEqual([
      {
        isMart: false,
        restaurantId: null,
        restaurantName: tree.restaurant.name,
        items: [
          {
            name: tree.menuItem.name,
            quantity: 1,
            added: 0,
            bags: [{ paymentReference: placed.paymentReference, quantity: 1 }],
          },
        ],
        waitingOrders: 0,
      },
    ]);
  });

  it("refuses another campus's batch to a campus admin", async () => {
    const placed = await orderAt(karachi('11:00:00'));
    const batch = await batchOf(placed.orderId);
    const other = await buildCampusTree(db());
    const otherAdmin = await createProfile(db(), 'campusAdmin', other.campus);
    await expect(getBatch(db(), otherAdmin, batch?.id ?? '')).rejects.toMatchObject({
      status: 403,
    });
    await expect(runBatchStep(deps(), otherAdmin, batch?.id ?? '', 'close')).rejects.toMatchObject({
      status: 403,
    });
    expect((await getBatch(db(), admin, batch?.id ?? '')).batch.closedAt).toBeNull();
  });
});
