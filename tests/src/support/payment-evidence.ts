import { randomBytes, randomUUID } from 'node:crypto';
import { calendarDay, wallTime } from '@campus/shared/domain/time-zone';
import type { Db } from '@campus/shared/server/db/client';
import { orders, receiptReadings, statementCredits } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import type { AdminTree } from './admin';
import { buildOrder, buildUser } from './builders';

type Order = typeof orders.$inferSelect;

/**
 * What the worker's check of the order's screenshot would have left when it was used nowhere
 * else and its receipt agrees with the order (amount, reference, a transfer five minutes before).
 */
export async function agreeingReceipt(db: Db, order: Order, timeZone: string): Promise<void> {
  await db
    .update(orders)
    .set({ screenshotSha256: randomBytes(32).toString('hex'), screenshotCheckedAt: new Date() })
    .where(eq(orders.id, order.id));
  const transactionId = randomBytes(6).toString('hex').toUpperCase();
  const paidAt = wallTime(new Date(order.placedAt.getTime() - 5 * 60_000), timeZone);
  await db.insert(receiptReadings).values({
    orderId: order.id,
    outcome: 'read',
    lines: [{ text: 'Transfer successful', confidence: 95 }],
    transactionId,
    reading: {
      amount: { value: order.grandTotalPaisa, confidence: 95 },
      transactionId: { value: transactionId, confidence: 95 },
      paidAt: { value: paidAt, confidence: 95 },
      recipientAccountEnding: null,
      references: [order.paymentReference],
      characters: 240,
    },
  });
}

/** The order's credit in the campus's imported statement, matched by its reference. */
async function creditOf(db: Db, order: Order, timeZone: string): Promise<void> {
  await db.insert(statementCredits).values({
    id: randomUUID(),
    campusId: order.campusId as string,
    rowKey: randomUUID(),
    creditedOn: calendarDay(order.placedAt, timeZone),
    creditedAt: null,
    amountPaisa: order.grandTotalPaisa,
    description: `IBFT ${order.paymentReference}`,
    transactionId: '',
    references: [order.paymentReference],
    orderId: order.id,
    matchedBy: 'reference',
  });
}

/** A placed order of the campus whose credit was found and whose payment shows no difference. */
export async function allClearOrder(db: Db, tree: AdminTree): Promise<Order> {
  const student = await buildUser(db, {
    universityId: tree.university.id,
    campusId: tree.campus.id,
  });
  const order = await buildOrder(db, tree, student);
  await agreeingReceipt(db, order, tree.campus.timeZone);
  await creditOf(db, order, tree.campus.timeZone);
  return order;
}
