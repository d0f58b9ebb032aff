import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { placeAndAnnounce } from '@campus/api/orders/check-out';
import { getCheckoutContext } from '@campus/api/orders/get-checkout-context';
import type { PlaceOrderInput } from '@campus/api/orders/place-order';
import { submitOrder } from '@campus/api/orders/submit-order';
import { createLocalImageStore } from '@campus/api/uploads/local-image-store';
import { saveUpload } from '@campus/api/uploads/save-upload';
import { findUser } from '@campus/api/users/find-user';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { normalisePaymentReference } from '@campus/shared/domain/payment-reference';
import { UPLOAD_MESSAGES } from '@campus/shared/domain/uploads';
import type { CatalogueCache } from '@campus/shared/server/catalogue/cache';
import type { Database } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import {
  campuses,
  orders,
  outbox,
  paymentReferences,
  uploads,
} from '@campus/shared/server/db/schema';
import {
  type OrderEventPublisher,
  readOrderEventsSince,
} from '@campus/shared/server/events/order-events';
import { orderJobId, placedOrderJobs } from '@campus/shared/server/jobs';
import type { Producer } from '@campus/shared/server/queue';
import { eq, inArray, like } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PAY_TO } from '../../support/app';
import { buildCampusTree } from '../../support/builders';
import { engine } from '../../support/database';
import { testLog } from '../../support/logger';
import { type OrderServices, openOrderServices } from '../../support/order-services';
import {
  buildOrderingStudent,
  menuLine,
  placeOrderInput,
  screenshotPng,
  screenshotUploadOf,
} from '../../support/orders';
import { createPerson } from '../../support/people';

// Checkout's use cases, called directly (the routes' tests go through HTTP, captcha and all):
// placing an order queues its jobs and refreshes the mart's stock; /submit-order queues the
// notify job of one's own order; a payment screenshot is stored and recorded as the person's.

type Tree = Awaited<ReturnType<typeof buildCampusTree>>;

let services: OrderServices;
let database: Database;
let redis: Redis;
let producer: Producer;
let events: OrderEventPublisher;
let prefix: string;
let catalogue: CatalogueCache;
let tree: Tree;

const db = () => database.db;
const deps = () => ({ db: db(), producer, catalogue, events, log: testLog });

function checkoutOf(student: TUserProfile, screenshot: string): PlaceOrderInput {
  return placeOrderInput(tree, student, screenshot);
}

/** The stock the storefront shows for the tree's mart item. */
async function martStockShown(): Promise<number | undefined> {
  const { body } = await catalogue.martItems(tree.campus.id);
  const { martItems } = JSON.parse(body) as { martItems: { id: string; stock: number }[] };
  return martItems.find((item) => item.id === tree.martItem.id)?.stock;
}

/** `count` students check out at once, each their own order of one menu line. */
async function placeRush(count: number) {
  const students = await Promise.all(
    Array.from({ length: count }, () => buildOrderingStudent(db(), tree)),
  );
  return Promise.all(
    students.map(({ student, screenshotId }) =>
      // Menu lines only: the tree's mart item has stock for a few orders.
      placeAndAnnounce(
        deps(),
        student,
        placeOrderInput(tree, student, screenshotId, { cartItems: [menuLine(tree, 1)] }),
      ),
    ),
  );
}

beforeAll(async () => {
  services = await openOrderServices();
  ({ database, redis, prefix, producer, events, catalogue } = services);
  tree = await buildCampusTree(database.db);
});

afterAll(async () => {
  await services?.close();
});

describe(`checkout on ${engine}`, () => {
  it('places an order, queues its jobs, and the storefront shows the stock it took', async () => {
    const { student, screenshotId } = await buildOrderingStudent(db(), tree);
    const before = await martStockShown();
    const input = checkoutOf(student, screenshotId);
    const { tip } = await readOrderEventsSince(redis, prefix, undefined);
    const order = await placeAndAnnounce(deps(), student, input);
    expect(order.created).toBe(true);
    // The campus's open Payments queues hear of it.
    expect(await readOrderEventsSince(redis, prefix, tip)).toMatchObject({
      kind: 'events',
      events: [{ orderId: order.orderId, state: 'placed', campusId: tree.campus.id }],
    });
    expect(await martStockShown()).toBe((before ?? 0) - 1);
    const jobs = await db()
      .select({ jobId: outbox.jobId, enqueuedAt: outbox.enqueuedAt })
      .from(outbox)
      .where(like(outbox.jobId, `order-${order.orderId}-%`));
    expect(jobs.map((job) => job.jobId).sort()).toEqual(
      placedOrderJobs(order.orderId, null)
        .map((job) => job.jobId)
        .sort(),
    );
    // The row, the mails, the screenshot's check, and the row's cells after it (its reference).
    expect(jobs.map((job) => job.jobId)).toContain(orderJobId(order.orderId, 'sheet'));
    expect(jobs).toHaveLength(4);
    expect(jobs.every((job) => job.enqueuedAt !== null)).toBe(true);
    // The same submission again is the same order, not a second one.
    expect(await placeAndAnnounce(deps(), student, input)).toEqual({
      orderId: order.orderId,
      paymentReference: order.paymentReference,
      created: false,
    });
    expect(await db().select().from(orders).where(eq(orders.userId, student.uid))).toHaveLength(1);
  });

  it('marks the jobs of every checkout of a rush enqueued, however their marks are shared', async () => {
    const placed = await placeRush(12);
    for (const order of placed) {
      const jobs = await db()
        .select({ enqueuedAt: outbox.enqueuedAt })
        .from(outbox)
        .where(like(outbox.jobId, `order-${order.orderId}-%`));
      expect(jobs, order.orderId).toHaveLength(placedOrderJobs(order.orderId, null).length);
      expect(
        jobs.every((job) => job.enqueuedAt !== null),
        order.orderId,
      ).toBe(true);
    }
  });

  it('shows the campus’s own pay-to account only when it is complete', async () => {
    const { student } = await buildOrderingStudent(db(), tree);
    const context = () =>
      getCheckoutContext({ db: db(), payToDefault: TEST_PAY_TO }, student, tree.campus.id);
    expect(await context()).toEqual({
      payTo: TEST_PAY_TO,
      paymentReference: expect.stringMatching(/^CB-/),
      allowedDomains: ['@uni.edu.pk'],
      places: [],
      lastDetails: null,
    });
    const account = { accountTitle: 'Canteen', bankName: 'HBL', accountNumber: 'PK12' };
    await db()
      .update(campuses)
      .set({ payToAccountTitle: account.accountTitle, payToBankName: account.bankName })
      .where(eq(campuses.id, tree.campus.id));
    expect((await context()).payTo).toEqual(TEST_PAY_TO);
    await db()
      .update(campuses)
      .set({ payToAccountNumber: account.accountNumber })
      .where(eq(campuses.id, tree.campus.id));
    expect((await context()).payTo).toEqual(account);
  });
});

describe(`the details offered at checkout on ${engine}`, () => {
  it('offers the phone, room and bank details of the person’s last order, and nobody else’s', async () => {
    const { student, screenshotId } = await buildOrderingStudent(db(), tree);
    const offered = async (person: TUserProfile) =>
      (await getCheckoutContext({ db: db(), payToDefault: TEST_PAY_TO }, person, tree.campus.id))
        .lastDetails;
    expect(await offered(student)).toBeNull();
    // Menu lines only: the tree's mart item has stock for a few orders.
    const cartItems = [menuLine(tree, 1)];
    await placeAndAnnounce(
      deps(),
      student,
      placeOrderInput(tree, student, screenshotId, { cartItems }),
    );
    const other = await buildOrderingStudent(db(), tree);
    expect(await offered(other.student)).toBeNull();
    const later = await screenshotUploadOf(db(), student.uid);
    await placeAndAnnounce(deps(), student, {
      ...placeOrderInput(tree, student, later, { cartItems }),
      room: 'Hall 9, room 12',
      phone: '0321-7654321',
      bankName: 'Meezan Bank',
    });
    expect(await offered(student)).toEqual({
      placeId: null,
      phone: '0321-7654321',
      room: 'Hall 9, room 12',
      accountTitle: 'Ayesha Khan',
      bankName: 'Meezan Bank',
    });
  });
});

describe(`payment references on ${engine}`, () => {
  const referenceShown = (student: TUserProfile) =>
    getCheckoutContext({ db: db(), payToDefault: TEST_PAY_TO }, student, tree.campus.id).then(
      (context) => context.paymentReference,
    );

  it('shows one reference on every visit until the order placed takes it, then a new one', async () => {
    const { student, screenshotId } = await buildOrderingStudent(db(), tree);
    const shown = await referenceShown(student);
    expect(shown).toMatch(/^CB-[2-9A-HJKMNP-Z]{5}$/);
    expect(normalisePaymentReference(shown ?? '')).toBe(shown);
    expect(await referenceShown(student)).toBe(shown);
    const order = await placeAndAnnounce(deps(), student, checkoutOf(student, screenshotId));
    expect(order.paymentReference).toBe(shown);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    expect(row?.paymentReference).toBe(shown);
    const next = await referenceShown(student);
    expect(next).not.toBe(shown);
    expect(await referenceShown(student)).toBe(next);
    // Another campus of the same person has its own.
    const other = await buildCampusTree(db());
    const elsewhere = await getCheckoutContext(
      { db: db(), payToDefault: TEST_PAY_TO },
      student,
      other.campus.id,
    );
    expect(elsewhere.paymentReference).not.toBe(next);
    expect(await referenceShown(student)).toBe(next);
  });

  it('gives an order placed without a visit its own, never one another order holds', async () => {
    const placed = await placeRush(8);
    const held = await db()
      .select({ reference: orders.paymentReference })
      .from(orders)
      .where(eq(orders.campusId, tree.campus.id));
    const references = held.map((row) => row.reference);
    expect(new Set(references).size).toBe(references.length);
    for (const order of placed) expect(references).toContain(order.paymentReference);
    const taken = await db()
      .select({ orderId: paymentReferences.orderId })
      .from(paymentReferences)
      .where(
        inArray(
          paymentReferences.code,
          placed.map((order) => order.paymentReference),
        ),
      );
    expect(taken.map((row) => row.orderId).sort()).toEqual(
      placed.map((order) => order.orderId).sort(),
    );
  });

  it('has no reference for a campus that does not exist', async () => {
    const { student } = await buildOrderingStudent(db(), tree);
    const context = await getCheckoutContext(
      { db: db(), payToDefault: TEST_PAY_TO },
      student,
      newId(),
    );
    expect(context.paymentReference).toBeNull();
  });
});

describe(`/submit-order on ${engine}`, () => {
  it('queues the notify job of one’s own order, and of any order for a super admin', async () => {
    const { student, screenshotId } = await buildOrderingStudent(db(), tree);
    const { orderId } = await placeAndAnnounce(deps(), student, checkoutOf(student, screenshotId));
    const notify = orderJobId(orderId, 'notify');
    expect(await submitOrder(deps(), student, orderId)).toBe(notify);
    const superAdmin = await findUser(db(), (await createPerson(db(), 'superAdmin')).id);
    if (!superAdmin) throw new Error('no super admin');
    expect(await submitOrder(deps(), superAdmin, orderId)).toBe(notify);
    expect((await producer.queue('mail').getJob(notify))?.data).toEqual({ orderId });
  });

  it('knows no order of someone else', async () => {
    const { student, screenshotId } = await buildOrderingStudent(db(), tree);
    const { orderId } = await placeAndAnnounce(deps(), student, checkoutOf(student, screenshotId));
    const { student: other } = await buildOrderingStudent(db(), tree);
    await expect(submitOrder(deps(), other, orderId)).rejects.toMatchObject({ status: 404 });
  });
});

describe(`payment screenshots on ${engine}`, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'campus-uploads-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const uploadDeps = () => ({
    db: db(),
    images: createLocalImageStore({ dir }),
    log: testLog,
  });

  it('stores a cleaned image and records it as the person’s screenshot', async () => {
    const { student } = await buildOrderingStudent(db(), tree);
    const upload = await saveUpload(uploadDeps(), student, await screenshotPng(), 'screenshot');
    expect(upload.url).toBe(`/api/screenshots/${upload.id}.png`);
    expect(existsSync(join(dir, 'screenshots', `${upload.id}.png`))).toBe(true);
    const [row] = await db().select().from(uploads).where(eq(uploads.id, upload.id));
    expect(row).toMatchObject({ purpose: 'screenshot', uploadedBy: student.uid, url: upload.url });
  });

  it('refuses what is not an image, and records nothing', async () => {
    const { student } = await buildOrderingStudent(db(), tree);
    const text = Buffer.from('not a picture at all');
    await expect(saveUpload(uploadDeps(), student, text, 'screenshot')).rejects.toMatchObject({
      status: 400,
      userMessage: UPLOAD_MESSAGES.notAnImage,
    });
    const mine = await db().select().from(uploads).where(eq(uploads.uploadedBy, student.uid));
    // Only the screenshot buildOrderingStudent recorded.
    expect(mine).toHaveLength(1);
  });
});
