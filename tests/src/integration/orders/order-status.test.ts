import { changeOrderStatus } from '@campus/api/orders/change-order-status';
import { placeAndAnnounce } from '@campus/api/orders/check-out';
import { getOrder } from '@campus/api/orders/get-order';
import type { TUserProfile } from '@campus/shared/domain/entities';
import {
  ORDER_ACTIONS,
  ORDER_STATUS_MESSAGES,
  RESUBMIT_WINDOW_HOURS,
  type TOrderAction,
} from '@campus/shared/domain/order-status';
import type { CatalogueCache } from '@campus/shared/server/catalogue/cache';
import type { Database } from '@campus/shared/server/db/client';
import {
  auditLog,
  martItems,
  orders,
  orderTransitions,
  outbox,
  receiptReadings,
  statementCredits,
} from '@campus/shared/server/db/schema';
import {
  type OrderEventPublisher,
  readOrderEventsSince,
} from '@campus/shared/server/events/order-events';
import type { Producer } from '@campus/shared/server/queue';
import { and, eq, like } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PAY_TO } from '../../support/app';
import { buildCampusTree } from '../../support/builders';
import { engine } from '../../support/database';
import { testLog } from '../../support/logger';
import { type OrderServices, openOrderServices } from '../../support/order-services';
import {
  buildOrderingStudent,
  martLine,
  menuLine,
  paymentsQueueOf,
  placeOrderInput,
  screenshotUploadOf,
} from '../../support/orders';
import { createProfile } from '../../support/people';

// The order's life after checkout (docs/architecture.md §8), through the use case the routes call:
// who may move it, that of two people acting at once exactly one wins, and that mart stock comes
// back once.

type Tree = Awaited<ReturnType<typeof buildCampusTree>>;

let services: OrderServices;
let database: Database;
let redis: Redis;
let producer: Producer;
let events: OrderEventPublisher;
let prefix: string;
let catalogue: CatalogueCache;
let tree: Tree;
let otherTree: Tree;
let admin: TUserProfile;
let otherAdmin: TUserProfile;
let superAdmin: TUserProfile;

const db = () => database.db;
const deps = () => ({
  db: db(),
  producer,
  catalogue,
  events,
  payToDefault: TEST_PAY_TO,
  log: testLog,
});

const profileOf = (role: 'campusAdmin' | 'superAdmin', campus: Tree['campus'] | null) =>
  createProfile(db(), role, campus);

/** A student's order of two teas and `mart` mart items. */
async function placeOrder(mart = 1) {
  const { student, screenshotId } = await buildOrderingStudent(db(), tree);
  const cartItems = [menuLine(tree, 2), ...(mart > 0 ? [martLine(tree, mart)] : [])];
  const input = placeOrderInput(tree, student, screenshotId, { cartItems });
  const { orderId } = await placeAndAnnounce(deps(), student, input);
  return { orderId, student };
}

const act = (actor: TUserProfile, orderId: string, action: TOrderAction, reason = '') =>
  changeOrderStatus(deps(), actor, orderId, { action, reason });

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e as { status: number; userMessage: string },
  );
  expect(error, 'the transition was refused').not.toBeNull();
  return { status: error?.status, message: error?.userMessage };
}

async function stateOf(orderId: string) {
  const [order] = await db()
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order?.status;
}

/** The order's receipt as read to show `amountPaisa`, in place of any reading before. */
async function receiptReadAs(orderId: string, amountPaisa: number) {
  await db().delete(receiptReadings).where(eq(receiptReadings.orderId, orderId));
  await db()
    .insert(receiptReadings)
    .values({
      orderId,
      outcome: 'read',
      lines: [],
      transactionId: null,
      reading: {
        amount: { value: amountPaisa, confidence: 95 },
        transactionId: null,
        paidAt: null,
        recipientAccountEnding: null,
        references: [],
        characters: 200,
      },
    });
}

async function martStock() {
  const [item] = await db()
    .select({ stock: martItems.stock })
    .from(martItems)
    .where(eq(martItems.id, tree.martItem.id));
  return item?.stock ?? Number.NaN;
}

beforeAll(async () => {
  services = await openOrderServices();
  ({ database, redis, prefix, producer, events, catalogue } = services);
  tree = await buildCampusTree(database.db, { martItem: { stock: 1_000 } });
  otherTree = await buildCampusTree(database.db);
  admin = await profileOf('campusAdmin', tree.campus);
  otherAdmin = await profileOf('campusAdmin', otherTree.campus);
  superAdmin = await profileOf('superAdmin', null);
});

afterAll(async () => {
  await services?.close();
});

describe(`order transitions on ${engine}`, () => {
  it('verifies an order: the state, the timeline row, the audit row, the student’s mail job and the sheet’s status job', async () => {
    const { orderId, student } = await placeOrder();
    const { tip } = await readOrderEventsSince(redis, prefix, undefined);
    expect(await act(admin, orderId, 'verify')).toMatchObject({ orderId, state: 'verified' });
    // The open pages of the people who follow the order hear of it.
    expect(await readOrderEventsSince(redis, prefix, tip)).toMatchObject({
      kind: 'events',
      events: [
        {
          orderId,
          state: 'verified',
          userId: student.uid,
          universityId: tree.university.id,
          campusId: tree.campus.id,
        },
      ],
    });
    expect(await stateOf(orderId)).toBe('verified');
    const timeline = await db()
      .select()
      .from(orderTransitions)
      .where(eq(orderTransitions.orderId, orderId));
    expect(timeline).toEqual([
      expect.objectContaining({
        action: 'verify',
        fromState: 'placed',
        toState: 'verified',
        actorId: admin.uid,
        actorName: 'Test campusAdmin',
      }),
    ]);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, orderId)));
    expect(audits).toEqual([
      expect.objectContaining({ action: 'verify', actorId: admin.uid, actorRole: 'campusAdmin' }),
    ]);
    const jobs = await db()
      .select({ jobId: outbox.jobId, enqueuedAt: outbox.enqueuedAt })
      .from(outbox)
      .where(like(outbox.jobId, `order-${orderId}-status-%`));
    expect(jobs.sort((a, b) => a.jobId.localeCompare(b.jobId))).toEqual([
      { jobId: `order-${orderId}-status-${timeline[0]?.id}-mail`, enqueuedAt: expect.any(Date) },
      { jobId: `order-${orderId}-status-${timeline[0]?.id}-sheet`, enqueuedAt: expect.any(Date) },
    ]);
  });

  it('lets exactly one of two admins acting at once win; the other learns who did it', async () => {
    const { orderId } = await placeOrder();
    const results = await Promise.allSettled([
      act(admin, orderId, 'verify'),
      act(superAdmin, orderId, 'reject', 'No transfer was received.'),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const [winner] = await db()
      .select()
      .from(orderTransitions)
      .where(eq(orderTransitions.orderId, orderId));
    const reason = (lost[0] as PromiseRejectedResult).reason as {
      status: number;
      userMessage: string;
    };
    expect(reason.status).toBe(409);
    expect(reason.userMessage).toMatch(
      new RegExp(
        `^This order was already ${ORDER_ACTIONS[winner?.action ?? 'verify'].done} by ${winner?.actorName} at [A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2} [AP]M\\.$`,
      ),
    );
    expect(
      await db().select().from(orderTransitions).where(eq(orderTransitions.orderId, orderId)),
    ).toHaveLength(1);
  });

  it('gives mart stock back once when the student cancels, and a second cancel changes nothing', async () => {
    const before = await martStock();
    const { orderId, student } = await placeOrder(3);
    expect(await martStock()).toBe(before - 3);
    await act(student, orderId, 'cancel');
    expect(await martStock()).toBe(before);
    expect(await refusal(act(student, orderId, 'cancel'))).toEqual({
      status: 409,
      message: expect.stringMatching(/^This order was already cancelled at [A-Z]/),
    });
    expect(await martStock()).toBe(before);
  });

  it('gives stock back on rejection and takes it again when a rejection is reopened', async () => {
    const before = await martStock();
    const { orderId } = await placeOrder(2);
    await act(admin, orderId, 'reject', 'The amount does not match the order total.');
    expect(await martStock()).toBe(before);
    await act(admin, orderId, 'reopen', 'The transfer arrived late.');
    expect(await stateOf(orderId)).toBe('placed');
    expect(await martStock()).toBe(before - 2);
  });

  it('refuses to reopen a rejection whose mart items sold out since, and changes nothing', async () => {
    const { orderId } = await placeOrder(2);
    await act(admin, orderId, 'reject', 'No transfer was received.');
    const stock = await martStock();
    await db().update(martItems).set({ stock: 1 }).where(eq(martItems.id, tree.martItem.id));
    expect(await refusal(act(admin, orderId, 'reopen', 'It did arrive.'))).toEqual({
      status: 409,
      message: expect.stringContaining(tree.martItem.name),
    });
    expect(await stateOf(orderId)).toBe('rejected');
    expect(await martStock()).toBe(1);
    await db().update(martItems).set({ stock }).where(eq(martItems.id, tree.martItem.id));
  });

  it('answers a step the rule does not allow with the rule’s message', async () => {
    const { orderId, student } = await placeOrder(0);
    expect(await refusal(act(admin, orderId, 'dispatch'))).toEqual({
      status: 409,
      message: ORDER_ACTIONS.dispatch.refused,
    });
    await act(admin, orderId, 'verify');
    await act(admin, orderId, 'dispatch');
    await act(admin, orderId, 'deliver');
    expect(await stateOf(orderId)).toBe('delivered');
    expect(await refusal(act(student, orderId, 'cancel'))).toEqual({
      status: 409,
      message: ORDER_ACTIONS.cancel.refused,
    });
  });

  it('keeps each order to its people: another student 404, another campus’s admin 403', async () => {
    const { orderId } = await placeOrder(0);
    const { student: stranger } = await buildOrderingStudent(db(), tree);
    expect(await refusal(act(stranger, orderId, 'cancel'))).toMatchObject({ status: 404 });
    expect(await refusal(act(stranger, orderId, 'verify'))).toMatchObject({ status: 403 });
    expect(await refusal(act(otherAdmin, orderId, 'verify'))).toMatchObject({ status: 403 });
    expect(await refusal(act(admin, orderId, 'cancel'))).toMatchObject({ status: 404 });
    expect(await stateOf(orderId)).toBe('placed');
    expect((await act(superAdmin, orderId, 'verify')).state).toBe('verified');
  });
});

describe(`a new payment screenshot after a rejection on ${engine}`, () => {
  const resubmit = (student: TUserProfile, orderId: string, screenshot?: string, now?: Date) =>
    changeOrderStatus(
      deps(),
      student,
      orderId,
      { action: 'resubmit', reason: 'Paid again from my other account', screenshot },
      now,
    );

  it('takes the order back to its payment check with the new screenshot, checked and read again', async () => {
    const before = await martStock();
    const { orderId, student } = await placeOrder(2);
    await act(admin, orderId, 'reject', 'The screenshot is unreadable.');
    expect(await martStock()).toBe(before);
    const seen = await getOrder(db(), student, orderId, 'student');
    expect(seen.actions).toEqual(['resubmit']);
    expect(Date.parse(seen.resubmitUntil ?? '') - Date.now()).toBeGreaterThan(
      (RESUBMIT_WINDOW_HOURS - 1) * 3_600_000,
    );
    // As if the first one had been read and checked already.
    await db()
      .update(orders)
      .set({ screenshotCheckedAt: new Date() })
      .where(eq(orders.id, orderId));
    await db()
      .insert(receiptReadings)
      .values({ orderId, outcome: 'read', lines: [], reading: null, transactionId: null });

    const screenshot = await screenshotUploadOf(db(), student.uid);
    const { transitionId, state } = await resubmit(student, orderId, screenshot);
    expect(state).toBe('placed');
    // The mart items are its own again.
    expect(await martStock()).toBe(before - 2);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order?.screenshotUrl).toBe(`http://campus.test/uploads/${screenshot}.png`);
    expect(order?.screenshotCheckedAt).toBeNull();
    expect(await db().$count(receiptReadings, eq(receiptReadings.orderId, orderId))).toBe(0);
    const jobs = await db()
      .select({ jobName: outbox.jobName, jobId: outbox.jobId })
      .from(outbox)
      .where(like(outbox.jobId, `%status-${transitionId}-%`));
    expect(jobs.map((job) => job.jobName).sort()).toEqual([
      'check-screenshot',
      'sync-order-status',
    ]);
    const detail = await getOrder(db(), student, orderId, 'student');
    expect(detail.transitions.at(-1)).toMatchObject({
      action: 'resubmit',
      toState: 'placed',
      reason: 'Paid again from my other account',
    });
    expect(detail.resubmitUntil).toBeNull();
    // The campus admin sees it as a second try.
    const queue = await paymentsQueueOf(db(), admin, tree);
    expect(queue.orders.find((queued) => queued.id === orderId)?.screenshotsSent).toBe(2);
  });

  it('pays the difference: a short payment’s rejection asks for the missing amount, and the new screenshot is checked against it', async () => {
    const { orderId, student } = await placeOrder(0);
    const [placed] = await db().select().from(orders).where(eq(orders.id, orderId));
    const total = placed?.grandTotalPaisa ?? 0;
    const readAs = (amountPaisa: number) => receiptReadAs(orderId, amountPaisa);
    const rejectShort = () =>
      changeOrderStatus(deps(), admin, orderId, {
        action: 'reject',
        reason: 'The amount does not match the order total.',
        askDifference: true,
      });
    // A receipt for the whole total leaves nothing short to ask for.
    await readAs(total);
    expect(await refusal(rejectShort())).toEqual({
      status: 409,
      message: ORDER_STATUS_MESSAGES.nothingShort,
    });
    await readAs(total - 4_000);
    // The statement holds what arrived: the order keeps it, no refund is owed while the rest comes.
    await db()
      .insert(statementCredits)
      .values({
        id: `credit-${orderId}`,
        campusId: tree.campus.id,
        rowKey: `row-${orderId}`,
        creditedOn: '2026-12-01',
        creditedAt: null,
        amountPaisa: total - 4_000,
        description: 'IBFT',
        transactionId: '',
        references: [],
        orderId,
        matchedBy: 'amount',
      });
    await rejectShort();
    const seen = await getOrder(db(), student, orderId, 'student');
    expect(seen.balanceDuePaisa).toBe(4_000);
    expect(seen.refund).toBeNull();

    const screenshot = await screenshotUploadOf(db(), student.uid);
    await resubmit(student, orderId, screenshot);
    // The new screenshot shows the Rs 40 sent: no amount differs.
    await readAs(4_000);
    const queue = await paymentsQueueOf(db(), admin, tree);
    const receipt = queue.orders.find((queued) => queued.id === orderId)?.receipt;
    expect(receipt?.state).toBe('read');
    const kinds = receipt?.state === 'read' ? receipt.differences.map((d) => d.kind) : [];
    expect(kinds).not.toContain('amount_short');
    expect(kinds).not.toContain('amount_over');
    // A rejection that asks for the whole total again says so.
    await act(admin, orderId, 'reject', 'The screenshot is unreadable.');
    const rejected = await getOrder(db(), student, orderId, 'student');
    expect(rejected.balanceDuePaisa).toBeNull();
    // Rejected for good: what arrived is owed back.
    expect(rejected.refund).toMatchObject({ amountPaisa: total - 4_000, state: 'due' });
  });

  it('checks a reopened order against its total again after a rejection that asked for the rest', async () => {
    const { orderId, student } = await placeOrder(0);
    const [placed] = await db().select().from(orders).where(eq(orders.id, orderId));
    await receiptReadAs(orderId, (placed?.grandTotalPaisa ?? 0) - 1_000);
    await changeOrderStatus(deps(), admin, orderId, {
      action: 'reject',
      reason: 'The amount does not match the order total.',
      askDifference: true,
    });
    expect((await getOrder(db(), student, orderId, 'student')).balanceDuePaisa).toBe(1_000);
    await act(admin, orderId, 'reopen', 'The rest arrived in cash.');
    expect((await getOrder(db(), student, orderId, 'student')).balanceDuePaisa).toBeNull();
  });

  it('refuses one without a screenshot, with another person’s, on an order not rejected, or too late', async () => {
    const { orderId, student } = await placeOrder(0);
    const own = await screenshotUploadOf(db(), student.uid);
    expect(await refusal(resubmit(student, orderId, own))).toEqual({
      status: 409,
      message: ORDER_ACTIONS.resubmit.refused,
    });
    await act(admin, orderId, 'reject', 'No transfer was received.');
    expect(await refusal(resubmit(student, orderId))).toEqual({
      status: 400,
      message: ORDER_STATUS_MESSAGES.screenshotMissing,
    });
    const other = await buildOrderingStudent(db(), tree);
    expect(await refusal(resubmit(student, orderId, other.screenshotId))).toMatchObject({
      status: 400,
    });
    expect(await refusal(resubmit(other.student, orderId, other.screenshotId))).toMatchObject({
      status: 404,
    });
    const later = new Date(Date.now() + (RESUBMIT_WINDOW_HOURS + 1) * 3_600_000);
    expect(await refusal(resubmit(student, orderId, own, later))).toEqual({
      status: 409,
      message: ORDER_STATUS_MESSAGES.resubmitTooLate,
    });
    expect(await stateOf(orderId)).toBe('rejected');
  });
});
