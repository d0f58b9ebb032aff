import { CHECKOUT_MESSAGES } from '@campus/shared/domain/checkout';
import { deliveryAddress } from '@campus/shared/domain/delivery-places';
import { type Round, roundName, roundPromise } from '@campus/shared/domain/delivery-rounds';
import { formatRs } from '@campus/shared/domain/money';
import { absoluteImageUrl } from '@campus/shared/domain/uploads';
import type { Db } from '@campus/shared/server/db/client';
import { campuses, deliveryBatches, orders } from '@campus/shared/server/db/schema';
import {
  orderBatch,
  orderCampus,
  orderRoundColumns,
  roundOf,
} from '@campus/shared/server/delivery/order-round';
import type { MailMessage } from '@campus/shared/server/mail/mailer';
import { UnrecoverableError } from 'bullmq';
import { eq } from 'drizzle-orm';
import type { JobProcessor } from '../job-context';
import { campusAdminEmails } from './campus-admins';
import { orderPageUrl } from './notify-order-status';

/** An order as its mails tell it: with the round it goes with (null: none) and its time zone. */
type Order = typeof orders.$inferSelect & { round: Round | null; timeZone: string };

/** The order with its round, or undefined when there is no such order. */
async function loadOrder(db: Db, orderId: string): Promise<Order | undefined> {
  const [row] = await db
    .select({ order: orders, ...orderRoundColumns })
    .from(orders)
    .leftJoin(campuses, orderCampus)
    .leftJoin(deliveryBatches, orderBatch)
    .where(eq(orders.id, orderId));
  if (!row) return undefined;
  return { ...row.order, round: roundOf(row), timeZone: row.timeZone };
}

function summary(order: Order): string[] {
  return [
    `Order: ${order.paymentReference}`,
    `Placed: ${order.timestampText}`,
    `Campus: ${order.universityName} - ${order.campusName}`,
    '',
    order.cartItemsText,
    '',
    `Item total: ${formatRs(order.itemTotalPaisa)}`,
    `Delivery charge (${order.persons} ${order.persons === 1 ? 'person' : 'persons'}): ${formatRs(order.deliveryChargePaisa)}`,
    `Grand total: ${formatRs(order.grandTotalPaisa)}`,
  ];
}

/** The student's confirmation. */
export function orderConfirmationMail(order: Order, publicUrl: string): MailMessage {
  return {
    to: order.email,
    subject: 'Your CampusBucket order has been placed',
    text: [
      `Dear ${order.firstName},`,
      '',
      `${CHECKOUT_MESSAGES.thankYou} ${CHECKOUT_MESSAGES.orderPlaced}`,
      '',
      ...summary(order),
      '',
      ...(order.round ? [`${roundPromise(order.round, order.placedAt, order.timeZone)}.`, ''] : []),
      `Paid by: ${order.accountTitle} (${order.bankName})`,
      ...(deliveryAddress(order) ? [`Deliver to: ${deliveryAddress(order)}`] : []),
      '',
      `Follow your order: ${orderPageUrl(publicUrl, order.id)}`,
    ].join('\n'),
  };
}

/** A campus admin's notice of a new order, with what they need to act on it. */
export function newOrderNoticeMail(order: Order, to: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: `New order from ${order.firstName} ${order.lastName}`,
    text: [
      `A new order was placed at ${order.universityName} - ${order.campusName}.`,
      '',
      ...summary(order),
      '',
      `Customer: ${order.firstName} ${order.lastName}, ${order.phone}, ${order.email}`,
      `Deliver to: ${deliveryAddress(order) || '-'}`,
      ...(order.round ? [`Round: ${roundName(order.round, order.timeZone)}`] : []),
      `Payment: ${order.accountTitle} (${order.bankName}), screenshot: ${absoluteImageUrl(publicUrl, order.screenshotUrl)}`,
      ...(order.specialInstruction ? [`Special instruction: ${order.specialInstruction}`] : []),
      '',
      `Order dashboard: ${publicUrl}/admin`,
    ].join('\n'),
  };
}

/**
 * `order-<id>-notify`: the student's confirmation and the campus admins' notice. Each part is
 * marked once sent, so a retry skips it; a failure part-way through the admins' notices may repeat
 * one to an admin already mailed, never the student's confirmation.
 */
export const notifyOrderJob: JobProcessor<'notify-order'> = async ({ orderId }, context) => {
  const { db } = context.database;
  const order = await loadOrder(db, orderId);
  if (!order) throw new UnrecoverableError(`Order ${orderId} does not exist`);

  if (!order.studentNotifiedAt) {
    await context.mailer.send(orderConfirmationMail(order, context.publicUrl));
    await db.update(orders).set({ studentNotifiedAt: new Date() }).where(eq(orders.id, orderId));
  }
  let admins = 0;
  if (!order.adminsNotifiedAt) {
    const recipients = await campusAdminEmails(db, order.campusId);
    for (const email of recipients) {
      await context.mailer.send(newOrderNoticeMail(order, email, context.publicUrl));
    }
    admins = recipients.length;
    await db.update(orders).set({ adminsNotifiedAt: new Date() }).where(eq(orders.id, orderId));
  }
  return { student: !order.studentNotifiedAt, admins };
};
