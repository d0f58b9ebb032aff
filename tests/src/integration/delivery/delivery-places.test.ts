import { findCampus } from '@campus/api/admin/campus-lookup';
import { bagLabels } from '@campus/api/delivery/bag-labels';
import { saveDeliveryPlaces } from '@campus/api/delivery/delivery-places';
import { saveDeliverySlots } from '@campus/api/delivery/delivery-slots';
import { getBatch } from '@campus/api/delivery/get-batch';
import { changeOrderStatus } from '@campus/api/orders/change-order-status';
import { getCheckoutContext } from '@campus/api/orders/get-checkout-context';
import { getOrder } from '@campus/api/orders/get-order';
import { placeOrder } from '@campus/api/orders/place-order';
import {
  NO_PLACE,
  PLACE_MESSAGES,
  type TDeliveryPlace,
  ZDeliveryPlacesRequest,
} from '@campus/shared/domain/delivery-places';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { orderSheetRow } from '@campus/shared/domain/order-sheet-row';
import type { Database } from '@campus/shared/server/db/client';
import { orders } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCampusTree } from '../../support/builders';
import { engine } from '../../support/database';
import { testLog } from '../../support/logger';
import { type OrderServices, openOrderServices } from '../../support/order-services';
import { buildOrderingStudent, martLine, menuLine, placeOrderInput } from '../../support/orders';
import { createProfile } from '../../support/people';

// Delivery places (decision 026) through the use cases the routes call: the campus's list as its
// admin saves it, the place an order takes at checkout, and the drop list grouped by place.

type Tree = Awaited<ReturnType<typeof buildCampusTree>>;

let services: OrderServices;
let database: Database;
let tree: Tree;
let admin: TUserProfile;

const db = () => database.db;
const deps = () => ({ ...services, db: db(), log: testLog });
// Karachi is UTC+5 all year. Monday, November 23, 2026.
const karachi = (time: string) => new Date(`2026-11-23T${time}+05:00`);

async function campusOf(of: Tree) {
  const campus = await findCampus(db(), of.university.id, of.campus.id);
  if (!campus) throw new Error('no campus');
  return campus;
}

const place = (name: string, code: string, id?: string) => ({ id, name, code, note: '' });

async function savePlaces(list: ReturnType<typeof place>[], of: Tree = tree) {
  const request = ZDeliveryPlacesRequest.parse({ places: list });
  const saved = await saveDeliveryPlaces(db(), admin, await campusOf(of), request);
  return saved.places;
}

/** A student's order of one tea at `now`, to the place and room given. */
async function orderTo(
  placeId: string | undefined,
  room: string,
  cartItems = [menuLine(tree, 1)],
  now = karachi('10:00:00'),
) {
  const { student, screenshotId } = await buildOrderingStudent(db(), tree);
  const input = placeOrderInput(tree, student, screenshotId, {
    cartItems,
    placeId,
    room,
    specialInstruction: 'Call on arrival',
  });
  const placed = await placeOrder(db(), student, input, now);
  return { ...placed, student };
}

const byCode = (places: TDeliveryPlace[], code: string) => {
  const found = places.find((p) => p.code === code);
  if (!found) throw new Error(`no place ${code}`);
  return found;
};

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
});

describe(`delivery places on ${engine}`, () => {
  it('keeps a campus list in its order, with swapped codes and a removal', async () => {
    const first = await savePlaces([place('Iqbal Hall', 'iqh'), place('Main Gate', 'GATE')]);
    expect(first.map((p) => [p.name, p.code])).toEqual([
      ['Iqbal Hall', 'IQH'],
      ['Main Gate', 'GATE'],
    ]);
    const iqbal = byCode(first, 'IQH');
    const gate = byCode(first, 'GATE');
    // The two swap codes and order; a new place joins.
    const second = await savePlaces([
      place('Main Gate', 'IQH', gate.id),
      place('Iqbal Hall', 'GATE', iqbal.id),
      place('Library', 'LIB'),
    ]);
    expect(second.map((p) => [p.id, p.code])).toEqual([
      [gate.id, 'IQH'],
      [iqbal.id, 'GATE'],
      [expect.any(String), 'LIB'],
    ]);
    // A place of another campus is not this campus's to keep.
    const other = await buildCampusTree(db());
    const [theirs] = await savePlaces([place('Their Hall', 'TH')], other);
    await expect(savePlaces([place('Their Hall', 'TH', theirs?.id)])).rejects.toMatchObject({
      status: 400,
      fields: { 'places.0.name': PLACE_MESSAGES.removedMeanwhile },
    });
    expect((await savePlaces([])).length).toBe(0);
  });

  it('asks a campus with places for one of them at checkout, and takes none elsewhere', async () => {
    const places = await savePlaces([place('Iqbal Hall', 'IQH')]);
    await expect(orderTo(undefined, 'Room 12')).rejects.toMatchObject({
      status: 400,
      fields: { placeId: PLACE_MESSAGES.choose },
    });
    const other = await buildCampusTree(db());
    const [theirs] = await savePlaces([place('Their Hall', 'TH')], other);
    await expect(orderTo(theirs?.id, 'Room 12')).rejects.toMatchObject({
      status: 400,
      userMessage: PLACE_MESSAGES.notOfCampus,
    });
    expect(await db().select().from(orders).where(eq(orders.campusId, tree.campus.id))).toEqual([]);
    const iqbal = byCode(places, 'IQH');
    const placed = await orderTo(iqbal.id, 'Room 214');
    const order = await getOrder(db(), placed.student, placed.orderId, 'student');
    expect(order).toMatchObject({ placeName: 'Iqbal Hall', room: 'Room 214' });
    // The sheet row's Room cell says both.
    const [row] = await db().select().from(orders).where(eq(orders.id, placed.orderId));
    if (!row) throw new Error('no order');
    expect(orderSheetRow(row, 'https://campusbucket.example')[4]).toBe('Iqbal Hall, Room 214');
    // The next checkout offers the list and the place of this order.
    const context = await getCheckoutContext(
      { db: db(), payToDefault: { accountTitle: 'A', bankName: 'B', accountNumber: '1' } },
      placed.student,
      tree.campus.id,
    );
    expect(context.places.map((p) => p.id)).toEqual([iqbal.id]);
    expect(context.lastDetails?.placeId).toBe(iqbal.id);
    // Without a list, an order names no place (the room alone says where).
    await savePlaces([]);
    const plain = await orderTo(undefined, 'Hall 3, Room 12');
    expect(await getOrder(db(), plain.student, plain.orderId, 'student')).toMatchObject({
      placeName: '',
      room: 'Hall 3, Room 12',
    });
  });

  it("groups the drop list by the campus's places and sorts rooms; a removed place keeps its orders", async () => {
    await saveDeliverySlots(
      deps(),
      admin,
      await campusOf(tree),
      { slots: [{ weekday: 'mon', cutoff: '12:30 PM', delivery: '1:30 PM' }] },
      karachi('08:00:00'),
    );
    const places = await savePlaces([
      place('Main Gate', 'GATE'),
      place('Iqbal Hall', 'IQH'),
      place('Library', 'LIB'),
    ]);
    const gate = byCode(places, 'GATE');
    const iqbal = byCode(places, 'IQH');
    const library = byCode(places, 'LIB');
    const placed = [
      await orderTo(iqbal.id, 'Room 20'),
      await orderTo(iqbal.id, 'Room 3'),
      await orderTo(library.id, ''),
      // Tea and water: a bag from the restaurant and one from the mart.
      await orderTo(gate.id, '', [menuLine(tree, 2), martLine(tree, 1)]),
    ];
    // An order from before the campus kept places.
    const old = await orderTo(gate.id, 'Hall 3, Room 12');
    await db()
      .update(orders)
      .set({ placeId: null, placeName: '' })
      .where(eq(orders.id, old.orderId));
    for (const { orderId } of [...placed, old]) {
      await changeOrderStatus(
        deps(),
        admin,
        orderId,
        { action: 'verify', reason: '' },
        karachi('10:30:00'),
      );
    }
    // The library goes from the list; its order keeps the name it was placed with.
    await savePlaces([place('Main Gate', 'GATE', gate.id), place('Iqbal Hall', 'IQH', iqbal.id)]);
    const [row] = await db()
      .select()
      .from(orders)
      .where(eq(orders.id, placed[2]?.orderId ?? ''));
    expect(row).toMatchObject({ placeId: null, placeName: 'Library' });

    const [batchRow] = await db()
      .select({ batchId: orders.batchId })
      .from(orders)
      .where(eq(orders.id, old.orderId));
    const detail = await getBatch(db(), admin, batchRow?.batchId ?? '');
    expect(
      detail.dropList.map((group) => [group.place, group.orders.map((order) => order.room)]),
    ).toEqual([
      ['Main Gate', ['']],
      ['Iqbal Hall', ['Room 3', 'Room 20']],
      ['Library', ['']],
      [NO_PLACE, ['Hall 3, Room 12']],
    ]);
    expect(detail.dropList[0]?.orders[0]).toMatchObject({
      instruction: 'Call on arrival',
      paymentReference: placed[3]?.paymentReference,
    });

    // A bag label per order and restaurant part, in the drop list's order.
    const { labels } = await bagLabels(db(), admin, detail.batch.id);
    expect(
      labels.map((label) => [label.place, label.room, label.restaurantName, label.bag, label.bags]),
    ).toEqual([
      ['Main Gate', '', tree.restaurant.name, 1, 2],
      ['Main Gate', '', 'Mart', 2, 2],
      ['Iqbal Hall', 'Room 3', tree.restaurant.name, 1, 1],
      ['Iqbal Hall', 'Room 20', tree.restaurant.name, 1, 1],
      ['Library', '', tree.restaurant.name, 1, 1],
      [NO_PLACE, 'Hall 3, Room 12', tree.restaurant.name, 1, 1],
    ]);
    expect(labels[0]).toMatchObject({
      paymentReference: placed[3]?.paymentReference,
      firstName: 'Ayesha',
      lines: [{ name: tree.menuItem.name, quantity: 2 }],
    });
  });
});
