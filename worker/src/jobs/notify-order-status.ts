import { formatRs } from '@campus/shared/domain/money';
import {
  ORDER_ACTIONS,
  ORDER_STATUS_MESSAGES,
  type TOrderAction,
} from '@campus/shared/domain/order-status';
import { orders, orderTransitions } from '@campus/shared/server/db/schema';
import type { MailMessage } from '@campus/shared/server/mail/mailer';
import { UnrecoverableError } from 'bullmq';
import { eq } from 'drizzle-orm';
import type { JobProcessor } from '../job-context';
import { campusAdminEmails } from './campus-admins';

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
      // 'Pay the difference': what the next screenshot is to show.
      ...(transition.action === 'reject' && order.balanceDuePaisa !== null
        ? ['', ORDER_STATUS_MESSAGES.payDifference(order.balanceDuePaisa, order.paymentReference)]
        : []),
      '',
      `Order: ${order.paymentReference}`,
      `Placed: ${order.timestampText}`,
      `Grand total: ${formatRs(order.grandTotalPaisa)}`,
      '',
      `Follow your order: ${orderPageUrl(publicUrl, order.id)}`,
    ].join('\n'),
  };
}

/** A campus admin's notice that a student cancelled their order: unpack it, refund a payment. */
export function orderCancelledNoticeMail(order: Order, to: string, publicUrl: string): MailMessage {
  return {
    to,
    subject: `Order ${order.paymentReference} was cancelled by the student`,
    text: [
      `${order.firstName} ${order.lastName} cancelled their order at ${order.universityName} - ${order.campusName} before its payment was checked.`,
      '',
      `Order: ${order.paymentReference}`,
      `Placed: ${order.timestampText}`,
      `Grand total: ${formatRs(order.grandTotalPaisa)}`,
      `Paid by: ${order.accountTitle} (${order.bankName}); if the money arrived, it is to be sent back.`,
      `Customer: ${order.phone}, ${order.email}`,
      '',
      `Order dashboard: ${publicUrl}/admin`,
    ].join('\n'),
  };
}

/** The admins' mail of each action whose rule mails them. */
const ADMIN_NOTICES: Partial<
  Record<TOrderAction, (order: Order, to: string, publicUrl: string) => MailMessage>
> = { cancel: orderCancelledNoticeMail };

/**
 * `order-<id>-status-<transition>-mail`: the mails about one transition, the student's and, where
 * the rule sends them, the campus admins'; each part is marked once sent, so a retry (or a second
 * job for it) never sends it twice. A failure part-way through the admins' may repeat one to an
 * admin already mailed, never the student's.
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
  const { transition, order } = row;
  const rule = ORDER_ACTIONS[transition.action];
  const student = rule.mailsStudent && !transition.studentNotifiedAt;
  if (student) {
    await context.mailer.send(orderStatusMail(order, transition, context.publicUrl));
    await db
      .update(orderTransitions)
      .set({ studentNotifiedAt: new Date() })
      .where(eq(orderTransitions.id, transitionId));
  }
  let admins = 0;
  if (rule.mailsAdmins && !transition.adminsNotifiedAt) {
    const notice = ADMIN_NOTICES[transition.action];
    if (!notice)
      throw new UnrecoverableError(`No admins' mail for the action ${transition.action}`);
    const recipients = await campusAdminEmails(db, order.campusId);
    for (const email of recipients) {
      await context.mailer.send(notice(order, email, context.publicUrl));
    }
    admins = recipients.length;
    await db
      .update(orderTransitions)
      .set({ adminsNotifiedAt: new Date() })
      .where(eq(orderTransitions.id, transitionId));
  }
  return { sent: student, admins };
};
