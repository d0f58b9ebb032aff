import { deliveryAddress } from '@campus/shared/domain/delivery-places';
import { orderLines, orders } from '@campus/shared/server/db/schema';
import {
  type OrderPart,
  orderParts,
  PART_LINE_FIELDS,
} from '@campus/shared/server/delivery/order-parts';
import type { MailMessage } from '@campus/shared/server/mail/mailer';
import { UnrecoverableError } from 'bullmq';
import { and, asc, eq } from 'drizzle-orm';
import type { JobProcessor } from '../job-context';
import { campusAdminEmails } from './campus-admins';
import {
  batchMailLog,
  type ClosedBatch,
  loadClosedBatch,
  restaurantContacts,
} from './notify-batch-closed';

/** An order added to a closed round, as its mails name it. */
export interface AddedOrder {
  paymentReference: string;
  firstName: string;
  deliverTo: string;
}

const partLines = (part: OrderPart) =>
  part.lines.map((line) => `  ${line.name} x ${line.quantity}`);

const orderLine = (order: AddedOrder) =>
  `Order ${order.paymentReference} for ${order.firstName}${order.deliverTo ? `, ${order.deliverTo}` : ''}`;

/** A restaurant's addition: one more order to prepare for a round whose pick list it was sent. */
export function restaurantAdditionMail(
  batch: ClosedBatch,
  order: AddedOrder,
  part: OrderPart,
  to: string,
): MailMessage {
  return {
    to,
    subject: `Added to your pick list: ${batch.campusName} — ${batch.round}`,
    text: [
      `An order of the ${batch.round} of ${batch.campusName} was verified after its pick list went out.`,
      '',
      `Please also prepare for ${part.restaurantName}:`,
      ...partLines(part),
      '',
      orderLine(order),
    ].join('\n'),
  };
}

/** The campus admins' notice of an addition, with the parts no restaurant was sent. */
export function additionNoticeMail(
  batch: ClosedBatch,
  order: AddedOrder,
  unmailed: readonly OrderPart[],
  to: string,
  publicUrl: string,
): MailMessage {
  return {
    to,
    subject: `Added after the pick lists: ${batch.campusName} — ${batch.round}`,
    text: [
      `${orderLine(order)} was verified after the ${batch.round} closed.`,
      ...(unmailed.length > 0
        ? [
            '',
            'Not sent to anyone (the mart, or restaurants without a contact e-mail):',
            ...unmailed.flatMap((part) => ['', `${part.restaurantName}:`, ...partLines(part)]),
          ]
        : ['', 'Each restaurant of the order was sent its part.']),
      '',
      `Batches: ${publicUrl}/admin`,
    ].join('\n'),
  };
}

/**
 * `order-<id>-batch-<batch>-addition-mail` (decision 026): an order verified after its batch
 * closed goes to each of its restaurants with a contact e-mail as an addition to their pick list,
 * and the campus admins get a notice with the rest (the mart's part among it). Each recipient is
 * marked in batch_mails ('addition-<order>-...') once sent, so a retry skips what went.
 */
export const notifyBatchAdditionJob: JobProcessor<'notify-batch-addition'> = async (
  { orderId, batchId },
  context,
) => {
  const { db } = context.database;
  const { batch, closed } = await loadClosedBatch(db, batchId);
  const [order] = await db
    .select({
      paymentReference: orders.paymentReference,
      firstName: orders.firstName,
      placeName: orders.placeName,
      room: orders.room,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.batchId, batchId)));
  if (!order) throw new UnrecoverableError(`Order ${orderId} is not in batch ${batchId}`);
  const added: AddedOrder = { ...order, deliverTo: deliveryAddress(order) };

  const lines = await db
    .select(PART_LINE_FIELDS)
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  const parts = orderParts(lines);

  const contacts = await restaurantContacts(
    db,
    parts.flatMap((part) => (part.restaurantId ? [part.restaurantId] : [])),
  );
  const { sent, markSent } = await batchMailLog(db, batchId);

  let restaurantMails = 0;
  for (const part of parts) {
    const to = part.restaurantId ? contacts.get(part.restaurantId) : undefined;
    if (!part.restaurantId || !to) continue;
    const recipient = `addition-${orderId}-restaurant-${part.restaurantId}`;
    if (sent.has(recipient)) continue;
    await context.mailer.send(restaurantAdditionMail(closed, added, part, to));
    await markSent(recipient);
    restaurantMails += 1;
  }
  let admins = 0;
  if (!sent.has(`addition-${orderId}-admins`)) {
    const unmailed = parts.filter((part) => !part.restaurantId || !contacts.has(part.restaurantId));
    const recipients = await campusAdminEmails(db, batch.campusId);
    for (const email of recipients) {
      await context.mailer.send(
        additionNoticeMail(closed, added, unmailed, email, context.publicUrl),
      );
    }
    admins = recipients.length;
    await markSent(`addition-${orderId}-admins`);
  }
  context.log.info(
    { orderId, batchId, restaurants: restaurantMails, admins },
    'batch addition mailed',
  );
  return { restaurants: restaurantMails, admins };
};
