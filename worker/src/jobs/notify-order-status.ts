import { formatRs } from '@campus/shared/domain/money';
import { ORDER_ACTIONS, type TOrderAction } from '@campus/shared/domain/order-status';
import { orders, orderTransitions } from '@campus/shared/server/db/schema';
import type { MailMessage } from '@campus/shared/server/mail/mailer';
import { UnrecoverableError } from 'bullmq';
import { eq } from 'drizzle-orm';
import type { JobProcessor } from '../job-context';

type Order = typeof orders.$inferSelect;
type Transition = typeof orderTransitions.$inferSelect;

const NEWS: Partial<Record<TOrderAction, { subject: string; line: string }>> = {
  verify: {
    subject: 'Your CampusBucket payment is verified',
    line: 'We checked your payment: your order is verified and will be on its way soon.',
  },
  reject: {
    subject: 'Your CampusBucket order was rejected',
    line: 'We could not accept the payment of your order, so it was rejected.',
  },
  dispatch: {
    subject: 'Your CampusBucket order is out for delivery',
    line: 'Your order is out for delivery.',
  },
};

/** The link to the order's page, where the student follows it. */
export const orderPageUrl = (publicUrl: string, orderId: string) =>
  `${publicUrl}/orders/${orderId}`;

/** The student's mail about one change of their order's state. */
export function orderStatusMail(
  order: Order,
  transition: Transition,
  publicUrl: string,
): MailMessage {
  const news = NEWS[transition.action];
  if (!news) throw new UnrecoverableError(`No mail for the action ${transition.action}`);
  return {
    to: order.email,
    subject: news.subject,
    text: [
      `Dear ${order.firstName},`,
      '',
      news.line,
      ...(transition.reason ? ['', `Reason: ${transition.reason}`] : []),
      '',
      `Order: ${order.paymentReference}`,
      `Placed: ${order.timestampText}`,
      `Grand total: ${formatRs(order.grandTotalPaisa)}`,
      '',
      `Follow your order: ${orderPageUrl(publicUrl, order.id)}`,
    ].join('\n'),
  };
}

/**
 * `order-<id>-status-<transition>-mail`: the student's mail about one transition, marked once
 * sent, so a retry (or a second job for it) never sends it twice.
 */
export const notifyOrderStatusJob: JobProcessor<'notify-order-status'> = async (
  { transitionId },
  context,
) => {
  const { db } = context.database;
  const [row] = await db
    .select({ transition: orderTransitions, order: orders })
    .from(orderTransitions)
    .innerJoin(orders, eq(orders.id, orderTransitions.orderId))
    .where(eq(orderTransitions.id, transitionId));
  if (!row) throw new UnrecoverableError(`Order transition ${transitionId} does not exist`);
  if (row.transition.studentNotifiedAt || !ORDER_ACTIONS[row.transition.action].mailsStudent) {
    return { sent: false };
  }
  await context.mailer.send(orderStatusMail(row.order, row.transition, context.publicUrl));
  await db
    .update(orderTransitions)
    .set({ studentNotifiedAt: new Date() })
    .where(eq(orderTransitions.id, transitionId));
  return { sent: true };
};
