import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { changeOrderStatus } from '@campus/api/orders/change-order-status';
import { placeAndAnnounce } from '@campus/api/orders/check-out';
import { getCheckoutContext } from '@campus/api/orders/get-checkout-context';
import { getOrder } from '@campus/api/orders/get-order';
import type { TUserProfile } from '@campus/shared/domain/entities';
import type { TQueuedOrder } from '@campus/shared/domain/order-api';
import {
  differencesToConfirm,
  PAYMENT_EVIDENCE_MESSAGES,
} from '@campus/shared/domain/payment-evidence';
import { calendarDay, wallTime } from '@campus/shared/domain/time-zone';
import type { Database } from '@campus/shared/server/db/client';
import {
  auditLog,
  campuses,
  orders,
  paymentReferences,
  receiptReadings,
  statementCredits,
} from '@campus/shared/server/db/schema';
import { orderEventKeys } from '@campus/shared/server/events/order-events';
import { createMetrics, type Metrics } from '@campus/shared/server/metrics/metrics';
import { openCheckedRedis } from '@campus/shared/server/redis';
import { createReceiptReader, type ReceiptReader } from '@campus/worker/receipts/receipt-reader';
import { createScreenshotSource } from '@campus/worker/receipts/screenshot-source';
import { startPipeline } from '@campus/worker/start-pipeline';
import { and, eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_PAY_TO } from '../../support/app';
import { type BankReceipt, buildBankReceipts, drawBankReceipt } from '../../support/bank-receipts';
import { buildCampusTree } from '../../support/builders';
import { engine } from '../../support/database';
import { testLog } from '../../support/logger';
import { type OrderServices, openOrderServices } from '../../support/order-services';
import {
  buildOrderingStudent,
  menuLine,
  paymentsQueueOf,
  placeOrderInput,
  shownGrandTotal,
  storeScreenshot,
} from '../../support/orders';
import { createProfile } from '../../support/people';
import { testRedisUrl } from '../../support/redis';
import { testWorkerDeps } from '../../support/worker';

// What the receipt says (decision 022): the worker's check-screenshot job reads each order's
// payment screenshot from the local store with the real OCR engine, and the Payments queue shows
// what it read beside the order, every difference in words. The orders go through the real
// pipeline (outbox, BullMQ, the worker).

let services: OrderServices;
let database: Database;
let dir: string;
let tree: Awaited<ReturnType<typeof buildCampusTree>>;
let admin: TUserProfile;
let workerRedis: Redis;
let reader: ReceiptReader;
let pipeline: ReturnType<typeof startPipeline>;
const metrics = createMetrics();

/** A counter's value for these labels (0 when never counted). */
async function counted(
  counter: Metrics['receiptsRead' | 'receiptDifferences' | 'receiptFields'],
  labels: Record<string, string>,
) {
  const { values } = await counter.get();
  const found = values.find((value) =>
    Object.entries(labels).every(
      ([name, label]) => (value.labels as Record<string, unknown>)[name] === label,
    ),
  );
  return found?.value ?? 0;
}

const deps = () => ({ ...services, db: database.db, log: testLog });
const cartItems = () => [menuLine(tree, 1)];

/** A receipt of a transfer made five minutes ago, as the bank prints it in the campus's time. */
function receiptOf(overrides: Partial<BankReceipt>): BankReceipt {
  const [template] = buildBankReceipts(1, 7);
  if (!template) throw new Error('no receipt');
  const printed = wallTime(new Date(Date.now() - 5 * 60_000), tree.campus.timeZone);
  return { ...template, at: new Date(`${printed}:00Z`), ...overrides };
}

/**
 * References the OCR reads right on the drawn receipts (measured: tesseract reads some letters of
 * random ones wrong, an X as 'AX'; the corpus measures how often): the test's orders get these.
 */
const WELL_READ = ['CB-7K3QM', 'CB-K3QMH', 'CB-3QMHJ', 'CB-QMHJK'];

/** A student pays with `receipt` (its note: their payment reference, unless left out), and orders. */
async function orderPaidWith(receipt: (reference: string) => BankReceipt) {
  const { student } = await buildOrderingStudent(database.db, tree);
  const context = await getCheckoutContext(
    { db: database.db, payToDefault: TEST_PAY_TO },
    student,
    tree.campus.id,
  );
  const reference = WELL_READ.shift() ?? '';
  await database.db
    .update(paymentReferences)
    .set({ code: reference })
    .where(
      and(
        eq(paymentReferences.campusId, tree.campus.id),
        eq(paymentReferences.code, context.paymentReference ?? ''),
      ),
    );
  const bytes = await drawBankReceipt(receipt(reference));
  const uploadId = await storeScreenshot(database.db, dir, student, bytes);
  const placed = await placeAndAnnounce(
    deps(),
    student,
    placeOrderInput(tree, student, uploadId, { cartItems: cartItems() }),
  );
  return { ...placed, student };
}

/** The order in the campus's Payments queue, once its receipt is read. */
async function queuedOnceRead(orderId: string): Promise<TQueuedOrder> {
  return vi.waitFor(
    async () => {
      const queue = await paymentsQueueOf(database.db, admin, tree);
      const order = queue.orders.find((queued) => queued.id === orderId);
      if (order?.receipt.state !== 'read')
        throw new Error(`the receipt of ${orderId} is not read yet`);
      return order;
    },
    { timeout: 60_000, interval: 100 },
  );
}

beforeAll(async () => {
  services = await openOrderServices();
  ({ database } = services);
  dir = mkdtempSync(join(tmpdir(), 'campus-receipt-uploads-'));
  tree = await buildCampusTree(database.db, { restaurant: { is24x7: true } });
  // The campus is paid to the drawn receipts' payee, whose account ends in 0042.
  await database.db
    .update(campuses)
    .set({
      payToAccountTitle: 'CampusBucket Foods',
      payToBankName: 'Crescent Bank',
      payToAccountNumber: 'PK36 CRES 0000 1122 3344 0042',
    })
    .where(eq(campuses.id, tree.campus.id));
  admin = await createProfile(database.db, 'campusAdmin', tree.campus);
  workerRedis = await openCheckedRedis(testRedisUrl(), 'worker', testLog);
  reader = createReceiptReader({ timeLimitMs: 60_000 });
  const { prefix, producer } = services;
  const receipts = {
    reader,
    screenshot: createScreenshotSource({ uploadsDir: dir }),
    counted: { metrics, payToDefault: TEST_PAY_TO },
  };
  const workerDeps = testWorkerDeps({ database, redis: workerRedis, prefix, receipts });
  pipeline = startPipeline({ connection: workerRedis, producer, prefix, deps: workerDeps });
});

afterAll(async () => {
  await pipeline?.close();
  await reader?.close();
  workerRedis?.disconnect();
  await services?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe(`what the receipt says on ${engine}`, { timeout: 120_000 }, () => {
  it('reads an agreeing receipt, then names every difference of a short one with a used id', async () => {
    const total = shownGrandTotal(cartItems(), 1) * 100;
    const first = await orderPaidWith((reference) =>
      receiptOf({ amountPaisa: total, reference: '405716237029', note: reference }),
    );
    const agreeing = await queuedOnceRead(first.orderId);
    expect(agreeing.grandTotalPaisa).toBe(total);
    expect(agreeing.receipt).toEqual({
      state: 'read',
      says: {
        amountPaisa: total,
        transactionId: '405716237029',
        paidAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/),
      },
      differences: [],
    });
    // The open Payments queues heard of the reading.
    const events = await services.redis.xrange(orderEventKeys(services.prefix).log, '-', '+');
    expect(
      events.filter(([, fields]) => fields[1]?.includes(first.orderId)).length,
    ).toBeGreaterThan(1);

    // Rs 100 short, the reference left out, and the first order's transaction id again.
    const second = await orderPaidWith(() =>
      receiptOf({ amountPaisa: total - 10_000, reference: '405716237029', note: undefined }),
    );
    const short = await queuedOnceRead(second.orderId);
    expect(short.receipt.state === 'read' && short.receipt.differences.map((d) => d.kind)).toEqual([
      'amount_short',
      'reference_missing',
      'transaction_id_used',
    ]);
    const texts =
      short.receipt.state === 'read' ? short.receipt.differences.map((d) => d.text) : [];
    expect(texts[0]).toMatch(
      /^Receipt says Rs [\d,]+\.\d{2}; order is Rs [\d,]+\.\d{2} \(Rs 100\.00 short\)\.$/,
    );
    expect(texts[1]).toBe(`The payment reference ${short.paymentReference} is not on the receipt.`);
    expect(texts[2]).toBe(
      `Transaction id 405716237029 is also on the receipt of ${agreeing.paymentReference}.`,
    );
    // Counted as they were read (just after each reading is kept): the first agreeing, the second
    // with its three differences.
    const figures = async () => ({
      read: await counted(metrics.receiptsRead, { outcome: 'read' }),
      transactionIds: await counted(metrics.receiptFields, { field: 'transaction_id' }),
      short: await counted(metrics.receiptDifferences, { kind: 'amount_short' }),
      noReference: await counted(metrics.receiptDifferences, { kind: 'reference_missing' }),
      usedId: await counted(metrics.receiptDifferences, { kind: 'transaction_id_used' }),
      delays: (await metrics.receiptDelay.get()).values.find((value) =>
        value.metricName?.endsWith('_count'),
      )?.value,
    });
    await expect
      .poll(figures)
      .toEqual({ read: 2, transactionIds: 2, short: 1, noReference: 1, usedId: 1, delays: 2 });
    // The first order now shares its id too: its card says so.
    const firstAgain = await queuedOnceRead(first.orderId);
    expect(firstAgain.receipt.state === 'read' && firstAgain.receipt.differences).toEqual([
      {
        kind: 'transaction_id_used',
        text: `Transaction id 405716237029 is also on the receipt of ${short.paymentReference}.`,
      },
    ]);
  });

  it('verifying an order whose receipt differs asks first, and keeps what the admin confirmed', async () => {
    const total = shownGrandTotal(cartItems(), 1) * 100;
    const placed = await orderPaidWith((reference) =>
      receiptOf({ amountPaisa: total - 5_000, reference: '918273645501', note: reference }),
    );
    const short = await queuedOnceRead(placed.orderId);
    const differences = differencesToConfirm(short);
    expect(differences).toEqual([expect.stringMatching(/\(Rs 50\.00 short\)\.$/)]);
    const verify = (confirmed: string[]) =>
      changeOrderStatus(deps(), admin, placed.orderId, { action: 'verify', reason: '', confirmed });

    // Not seen: refused, naming the difference; the order stays as it was.
    await expect(verify([])).rejects.toMatchObject({
      status: 409,
      userMessage: PAYMENT_EVIDENCE_MESSAGES.unconfirmed(differences),
    });
    // Confirming another text is no confirmation of this one.
    await expect(
      verify(['The receipt is dated after the order was placed.']),
    ).rejects.toMatchObject({ status: 409 });
    const [still] = await database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(still?.status).toBe('placed');

    await verify(differences);
    const detail = await getOrder(database.db, admin, placed.orderId, 'admin');
    expect(detail.status).toBe('verified');
    expect(detail.transitions.map((t) => t.confirmedDifferences)).toEqual([differences]);
    const [audited] = await database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, placed.orderId), eq(auditLog.action, 'verify')));
    expect(audited?.details).toMatchObject({ confirmedDifferences: differences });
    // The student's own page shows the change, not what the campus team weighed.
    const seen = await getOrder(database.db, placed.student, placed.orderId, 'student');
    expect(seen.transitions.map((t) => t.confirmedDifferences)).toEqual([[]]);
  });

  it('finds the credit of an order placed after the statement holding it was imported', async () => {
    const total = shownGrandTotal(cartItems(), 1) * 100;
    // The statement was exported after the transfer, before the student placed the order.
    const reference = WELL_READ[0] ?? '';
    await database.db.insert(statementCredits).values({
      id: crypto.randomUUID(),
      campusId: tree.campus.id,
      rowKey: `test-${reference}`,
      creditedOn: calendarDay(new Date(), tree.campus.timeZone),
      amountPaisa: total,
      description: `IBFT ${reference}`,
      transactionId: '',
      references: [reference],
    });
    const placed = await orderPaidWith((note) => receiptOf({ amountPaisa: total, note }));
    expect(placed.paymentReference).toBe(reference);
    await queuedOnceRead(placed.orderId);
    // The worker matches the campus's open credits just after it keeps the reading.
    await vi.waitFor(
      async () => {
        const queue = await paymentsQueueOf(database.db, admin, tree);
        const order = queue.orders.find((queued) => queued.id === placed.orderId);
        expect(order?.statement).toMatchObject({
          state: 'found',
          amountPaisa: total,
          by: 'reference',
        });
      },
      { timeout: 30_000, interval: 100 },
    );
  });

  it('keeps one reading per order, the lines with their confidence', async () => {
    const total = shownGrandTotal(cartItems(), 1) * 100;
    const placed = await orderPaidWith((reference) =>
      receiptOf({ amountPaisa: total, note: reference }),
    );
    await queuedOnceRead(placed.orderId);
    const rows = await database.db
      .select()
      .from(receiptReadings)
      .where(eq(receiptReadings.orderId, placed.orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.outcome).toBe('read');
    expect(
      rows[0]?.lines.some((line) => line.text === 'Transfer successful' && line.confidence > 50),
    ).toBe(true);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order?.status).toBe('placed');
  });
});
