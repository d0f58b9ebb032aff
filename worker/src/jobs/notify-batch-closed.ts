import { bagsText, type TPickList, waitingText } from '@campus/shared/domain/batch-api';
import { roundName } from '@campus/shared/domain/delivery-rounds';
import { formatRs } from '@campus/shared/domain/money';
import type { Db } from '@campus/shared/server/db/client';
import {
  batchMails,
  campuses,
  deliveryBatches,
  restaurants,
  universities,
} from '@campus/shared/server/db/schema';
import { type BatchCounts, countsOfBatch } from '@campus/shared/server/delivery/batch-counts';
import { pickLists } from '@campus/shared/server/delivery/pick-lists';
import type { MailMessage } from '@campus/shared/server/mail/mailer';
import { UnrecoverableError } from 'bullmq';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { JobProcessor } from '../job-context';
import { campusAdminEmails } from './campus-admins';

/** A closed batch as its mails describe it. */
export interface ClosedBatch {
  campusName: string;
  round: string;
  /** 'at its cut-off', or 'early by <admin>'. */
  how: string;
}

const items = (list: TPickList) =>
  list.items.length > 0
    ? list.items.map((item) => `  ${item.name} x ${item.quantity} (${bagsText(item)})`)
    : ['  (nothing verified yet)'];

const waitingLine = (waiting: number) =>
  waiting === 0 ? [] : ['', `${waitingText(waiting)}: not in this list yet.`];

/** A restaurant's pick list: what to prepare for the round, over its verified orders. */
export function restaurantPickListMail(
  batch: ClosedBatch,
  list: TPickList,
  to: string,
): MailMessage {
  return {
    to,
    subject: `Pick list: ${batch.campusName} — ${batch.round}`,
    text: [
      `The ${batch.round} of ${batch.campusName} closed ${batch.how}.`,
      '',
      `Please prepare for ${list.restaurantName} (verified orders):`,
      ...items(list),
      ...waitingLine(list.waitingOrders),
    ].join('\n'),
  };
}

/** The campus admins' notice of a closed round: its counts and the lists nobody else was sent. */
export function batchClosedNoticeMail(
  batch: ClosedBatch,
  counts: BatchCounts,
  unmailed: readonly TPickList[],
  to: string,
  publicUrl: string,
): MailMessage {
  const mart = unmailed.filter((list) => list.isMart);
  const others = unmailed.filter((list) => !list.isMart);
  const section = (list: TPickList) => [
    '',
    `${list.restaurantName}:`,
    ...items(list),
    ...waitingLine(list.waitingOrders),
  ];
  return {
    to,
    subject: `Round closed: ${batch.campusName} — ${batch.round}`,
    text: [
      `The ${batch.round} of ${batch.campusName} closed ${batch.how}.`,
      '',
      `Orders: ${counts.orderCount}`,
      `Verified: ${counts.verifiedCount} (${formatRs(counts.verifiedTotalPaisa)})`,
      `Waiting for their payment check: ${counts.waitingCount}`,
      `Total: ${formatRs(counts.totalPaisa)}`,
      ...(mart.length > 0 ? ['', 'The mart’s pick list:', ...mart.flatMap(section).slice(1)] : []),
      ...(others.length > 0
        ? [
            '',
            'Restaurants without a contact e-mail (their lists were not sent):',
            ...others.flatMap(section),
          ]
        : []),
      '',
      `Batches: ${publicUrl}/admin`,
    ].join('\n'),
  };
}

/** A closed batch with how its mails describe it; the job cannot run without one. */
export async function loadClosedBatch(db: Db, batchId: string) {
  const [row] = await db
    .select({
      batch: deliveryBatches,
      campusName: campuses.name,
      universityName: universities.name,
      timeZone: campuses.timeZone,
    })
    .from(deliveryBatches)
    .innerJoin(campuses, eq(campuses.id, deliveryBatches.campusId))
    .innerJoin(universities, eq(universities.id, campuses.universityId))
    .where(eq(deliveryBatches.id, batchId));
  if (!row) throw new UnrecoverableError(`Batch ${batchId} does not exist`);
  const { batch, timeZone } = row;
  if (!batch.closedAt) throw new UnrecoverableError(`Batch ${batchId} is not closed`);

  const closedAtText = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
  }).format(batch.closedAt);
  const closed: ClosedBatch = {
    campusName: `${row.universityName} - ${row.campusName}`,
    round: roundName(batch, timeZone),
    how:
      batch.closedBy === 'schedule' || !batch.closedBy
        ? `at its cut-off, ${closedAtText}`
        : `early, at ${closedAtText}, by ${batch.closedBy}`,
  };
  return { batch, closed };
}

/**
 * The mails of a batch already sent (batch_mails, by recipient), and how to mark one sent: a
 * retry of a mail job skips what went.
 */
export async function batchMailLog(db: Db, batchId: string) {
  const rows = await db
    .select({ recipient: batchMails.recipient })
    .from(batchMails)
    .where(eq(batchMails.batchId, batchId));
  return {
    sent: new Set(rows.map((mail) => mail.recipient)),
    markSent: (recipient: string) =>
      db
        .insert(batchMails)
        .values({ batchId, recipient, sentAt: new Date() })
        .onConflictDoNothing(),
  };
}

/** The contact e-mail of each of these restaurants that has one. */
export async function restaurantContacts(
  db: Db,
  restaurantIds: readonly string[],
): Promise<Map<string, string>> {
  if (restaurantIds.length === 0) return new Map();
  const rows = await db
    .select({ id: restaurants.id, email: restaurants.contactEmail })
    .from(restaurants)
    .where(and(inArray(restaurants.id, [...restaurantIds]), isNotNull(restaurants.contactEmail)));
  return new Map(
    rows.flatMap(({ id, email }) => (email?.trim() ? [[id, email.trim()] as const] : [])),
  );
}

/**
 * `batch-<id>-closed-mail`: each restaurant with a contact e-mail gets its pick list, and the
 * campus admins a notice with the counts and the mart's list. Each recipient is marked in
 * batch_mails once sent, so a retry skips what went; a failure part-way through the admins'
 * notices may repeat one to an admin already mailed, never a restaurant's list.
 */
export const notifyBatchClosedJob: JobProcessor<'notify-batch-closed'> = async (
  { batchId },
  context,
) => {
  const { db } = context.database;
  const { batch, closed } = await loadClosedBatch(db, batchId);

  const { sent, markSent } = await batchMailLog(db, batchId);

  const lists = await pickLists(db, batchId);
  const contacts = await restaurantContacts(
    db,
    lists.flatMap((list) => (list.restaurantId ? [list.restaurantId] : [])),
  );

  let restaurantMails = 0;
  for (const list of lists) {
    const to = list.restaurantId ? contacts.get(list.restaurantId) : undefined;
    if (!list.restaurantId || !to) continue;
    const recipient = `restaurant-${list.restaurantId}`;
    if (sent.has(recipient)) continue;
    await context.mailer.send(restaurantPickListMail(closed, list, to));
    await markSent(recipient);
    restaurantMails += 1;
  }

  let admins = 0;
  if (!sent.has('admins')) {
    const unmailed = lists.filter((list) => !list.restaurantId || !contacts.has(list.restaurantId));
    const counts = await countsOfBatch(db, batchId);
    const recipients = await campusAdminEmails(db, batch.campusId);
    for (const email of recipients) {
      await context.mailer.send(
        batchClosedNoticeMail(closed, counts, unmailed, email, context.publicUrl),
      );
    }
    admins = recipients.length;
    await markSent('admins');
  }
  context.log.info({ batchId, restaurants: restaurantMails, admins }, 'closed batch mailed');
  return { restaurants: restaurantMails, admins };
};
