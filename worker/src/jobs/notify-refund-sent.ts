import { formatRs } from '@campus/shared/domain/money';
import { formatShortTimestamp } from '@campus/shared/domain/time-zone';
import { campuses, orders, refunds } from '@campus/shared/server/db/schema';
import type { MailMessage } from '@campus/shared/server/mail/mailer';
import { UnrecoverableError } from 'bullmq';
import { eq } from 'drizzle-orm';
import type { JobProcessor } from '../job-context';
import { orderPageUrl } from './notify-order-status';

type RefundMail = {
  email: string;
  firstName: string;
  orderId: string;
  paymentReference: string;
  amountPaisa: number;
  sentAt: Date;
  sentReference: string;
  timeZone: string;
};

/** The student's mail that the campus sent their money back (decision 024). */
export function refundSentMail(refund: RefundMail, publicUrl: string): MailMessage {
  return {
    to: refund.email,
    subject: `Your CampusBucket refund of ${formatRs(refund.amountPaisa)} was sent`,
    text: [
      `Dear ${refund.firstName},`,
      '',
      `The campus sent your refund of ${formatRs(refund.amountPaisa)} for order ${refund.paymentReference} on ${formatShortTimestamp(refund.sentAt, refund.timeZone)}.`,
      `Transfer reference: ${refund.sentReference}`,
      '',
      `Your order: ${orderPageUrl(publicUrl, refund.orderId)}`,
    ].join('\n'),
  };
}

/** `refund-<id>-sent-mail`: the student's mail of a refund sent, marked once sent. */
export const notifyRefundSentJob: JobProcessor<'notify-refund-sent'> = async (
  { refundId },
  context,
) => {
  const { db } = context.database;
  const [row] = await db
    .select({
      email: orders.email,
      firstName: orders.firstName,
      orderId: orders.id,
      paymentReference: orders.paymentReference,
      amountPaisa: refunds.amountPaisa,
      sentAt: refunds.sentAt,
      sentReference: refunds.sentReference,
      notifiedAt: refunds.studentNotifiedAt,
      timeZone: campuses.timeZone,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(campuses, eq(campuses.id, refunds.campusId))
    .where(eq(refunds.id, refundId));
  if (!row) throw new UnrecoverableError(`Refund ${refundId} does not exist`);
  if (row.notifiedAt || !row.sentAt || !row.sentReference) return { sent: false };
  await context.mailer.send(
    refundSentMail(
      { ...row, sentAt: row.sentAt, sentReference: row.sentReference },
      context.publicUrl,
    ),
  );
  await db.update(refunds).set({ studentNotifiedAt: new Date() }).where(eq(refunds.id, refundId));
  return { sent: true };
};
