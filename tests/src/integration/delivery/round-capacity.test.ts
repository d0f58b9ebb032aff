import { findCampus } from '@campus/api/admin/campus-lookup';
import { saveDeliverySlots, upcomingRound } from '@campus/api/delivery/delivery-slots';
import { getOrder } from '@campus/api/orders/get-order';
import { placeOrder } from '@campus/api/orders/place-order';
import { roundFullNote, roundFullText } from '@campus/shared/domain/delivery-rounds';
import type { Database } from '@campus/shared/server/db/client';
import { deliveryBatches, orders, restaurants } from '@campus/shared/server/db/schema';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCampusTree } from '../../support/builders';
import { engine } from '../../support/database';
import { testLog } from '../../support/logger';
import { type OrderServices, openOrderServices } from '../../support/order-services';
import { buildOrderingStudent, martLine, menuLine, placeOrderInput } from '../../support/orders';
import { createProfile } from '../../support/people';

// A restaurant's round capacity (decision 026): a burst of checkouts at once never puts more of
// its orders in a round than it takes; the rest go with the next round with room, each with a
// note saying why.

type Tree = Awaited<ReturnType<typeof buildCampusTree>>;

let services: OrderServices;
let database: Database;
let tree: Tree;

const db = () => database.db;
// Karachi is UTC+5 all year. Monday, November 23, 2026, before the lunch round's cut-off.
const NOW = new Date('2026-11-23T10:00:00+05:00');
const SLOTS = [
  { weekday: 'mon', cutoff: '12:30 PM', delivery: '1:30 PM' },
  { weekday: 'mon', cutoff: '6:00 PM', delivery: '7:00 PM' },
] as const;

/** Students ready to order, made before the burst so that only the placements run at once. */
async function students(count: number) {
  return Promise.all(Array.from({ length: count }, () => buildOrderingStudent(db(), tree)));
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
  const admin = await createProfile(db(), 'campusAdmin', tree.campus);
  const campus = await findCampus(db(), tree.university.id, tree.campus.id);
  if (!campus) throw new Error('no campus');
  await saveDeliverySlots(
    { ...services, db: db(), log: testLog },
    admin,
    campus,
    { slots: [...SLOTS] },
    NOW,
  );
  await db()
    .update(restaurants)
    .set({ roundCapacity: 3 })
    .where(eq(restaurants.id, tree.restaurant.id));
});

describe(`round capacity on ${engine}`, () => {
  it('takes at most the capacity into a round during a burst, and sends the rest to the next round with a note', async () => {
    const ready = await students(8);
    const placed = await Promise.all(
      ready.map(({ student, screenshotId }) =>
        placeOrder(
          db(),
          student,
          placeOrderInput(tree, student, screenshotId, { cartItems: [menuLine(tree, 1)] }),
          NOW,
        ),
      ),
    );
    const rows = await db()
      .select({ id: orders.id, cutoffAt: deliveryBatches.cutoffAt })
      .from(orders)
      .innerJoin(deliveryBatches, eq(deliveryBatches.id, orders.batchId))
      .where(eq(orders.campusId, tree.campus.id))
      .orderBy(asc(deliveryBatches.cutoffAt));
    const perRound = new Map<number, number>();
    for (const row of rows)
      perRound.set(row.cutoffAt.getTime(), (perRound.get(row.cutoffAt.getTime()) ?? 0) + 1);
    const lunch = new Date('2026-11-23T12:30:00+05:00');
    const dinner = new Date('2026-11-23T18:00:00+05:00');
    const next = new Date('2026-11-30T12:30:00+05:00');
    expect([...perRound]).toEqual([
      [lunch.getTime(), 3],
      [dinner.getTime(), 3],
      [next.getTime(), 2],
    ]);
    // Checkout promises the next round with room before the student pays, and says why.
    expect(await upcomingRound(db(), tree.campus.id, NOW, [tree.restaurant.id])).toEqual({
      round: {
        cutoffAt: next.toISOString(),
        deliveryAt: new Date('2026-11-30T13:30:00+05:00').toISOString(),
      },
      timeZone: tree.campus.timeZone,
      fullNote: `${roundFullText(
        tree.restaurant.name,
        { cutoffAt: lunch, deliveryAt: new Date('2026-11-23T13:30:00+05:00') },
        tree.campus.timeZone,
      )}.`,
    });
    // A bucket from the mart alone joins the lunch round.
    expect((await upcomingRound(db(), tree.campus.id, NOW)).round?.cutoffAt).toBe(
      lunch.toISOString(),
    );
    // Each order passed on says why, in its timeline.
    const moved = rows.filter((row) => row.cutoffAt.getTime() === dinner.getTime());
    const student = ready[placed.findIndex((p) => p.orderId === moved[0]?.id)]?.student;
    if (!student || !moved[0]) throw new Error('no moved order');
    const order = await getOrder(db(), student, moved[0].id, 'student');
    expect(order.notes.map((note) => note.text)).toEqual([
      roundFullNote(
        tree.restaurant.name,
        { cutoffAt: lunch, deliveryAt: new Date('2026-11-23T13:30:00+05:00') },
        { cutoffAt: dinner, deliveryAt: new Date('2026-11-23T19:00:00+05:00') },
        tree.campus.timeZone,
      ),
    ]);
  });

  it('leaves orders without the capped restaurant alone, and a rejected order frees its place', async () => {
    const ready = await students(4);
    const place = ({ student, screenshotId }: (typeof ready)[number], menu: boolean) =>
      placeOrder(
        db(),
        student,
        placeOrderInput(tree, student, screenshotId, {
          cartItems: [menu ? menuLine(tree, 1) : martLine(tree, 1)],
        }),
        NOW,
      );
    const batchOf = async (orderId: string) =>
      (
        await db()
          .select({ cutoffAt: deliveryBatches.cutoffAt })
          .from(orders)
          .innerJoin(deliveryBatches, eq(deliveryBatches.id, orders.batchId))
          .where(eq(orders.id, orderId))
      )[0]?.cutoffAt.getTime();
    const lunch = new Date('2026-11-23T12:30:00+05:00').getTime();
    const [a, b, c, d] = ready as [
      (typeof ready)[number],
      (typeof ready)[number],
      (typeof ready)[number],
      (typeof ready)[number],
    ];
    const menus = [await place(a, true), await place(b, true), await place(c, true)];
    for (const { orderId } of menus) expect(await batchOf(orderId)).toBe(lunch);
    // The mart has no capacity: its order joins the full round.
    const mart = await place(d, false);
    expect(await batchOf(mart.orderId)).toBe(lunch);
    await db()
      .update(orders)
      .set({ status: 'rejected' })
      .where(eq(orders.id, menus[0]?.orderId ?? ''));
    const more = await buildOrderingStudent(db(), tree);
    expect(await batchOf((await place(more, true)).orderId)).toBe(lunch);
  });
});
