import { rmSync } from 'node:fs';
import { changeOrderStatus } from '@campus/api/orders/change-order-status';
import { getOrder } from '@campus/api/orders/get-order';
import { listRefunds, markRefundSent, recordRefund } from '@campus/api/refunds/refunds';
import { findUser } from '@campus/api/users/find-user';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { formatRs } from '@campus/shared/domain/money';
import { REFUND_MESSAGES, refundText } from '@campus/shared/domain/refunds';
import { CatalogueCache } from '@campus/shared/server/catalogue/cache';
import { databaseCatalogueSource } from '@campus/shared/server/catalogue/queries';
import type { Database } from '@campus/shared/server/db/client';
import { orderTransitions, statementCredits } from '@campus/shared/server/db/schema';
import {
  createOrderEventPublisher,
  type OrderEventPublisher,
} from '@campus/shared/server/events/order-events';
import { listOutbox } from '@campus/shared/server/mail/eml';
import { createProducer, type Producer } from '@campus/shared/server/queue';
import { openCheckedRedis } from '@campus/shared/server/redis';
import { matchOpenCredits } from '@campus/shared/server/statements/match-credits';
import { startPipeline } from '@campus/worker/start-pipeline';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PAY_TO, TEST_PUBLIC_URL } from '../../support/app';
import { buildCampusTree, buildOrder, buildUser } from '../../support/builders';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import { createProfile } from '../../support/people';
import { waitForDrainedQueue } from '../../support/queues';
import { testQueuePrefix, testRedisUrl } from '../../support/redis';
import { removeKeysOf } from '../../support/redis-keys';
import { testWorkerDeps } from '../../support/worker';

// Mail on change (decision 010): the student hears of a verification, a rejection (with its reason)
// and the order going out for delivery, and the campus admins of a student's cancellation, once
// per transition, whatever the retries.

let database: Database;
let producerRedis: Redis;
let workerRedis: Redis;
let producer: Producer;
let events: OrderEventPublisher;
let prefix: string;
let pipeline: ReturnType<typeof startPipeline>;
let outboxDir: string;
let admin: TUserProfile;
let tree: Awaited<ReturnType<typeof buildCampusTree>>;

const deps = () => ({
  db: database.db,
  producer,
  catalogue: new CatalogueCache(databaseCatalogueSource(database.db)),
  events,
  payToDefault: TEST_PAY_TO,
  log: testLog,
});

async function mailsTo(email: string) {
  await waitForDrainedQueue(producer.queue('mail'));
  return (await listOutbox(outboxDir)).filter((mail) => mail.to.includes(email));
}

/** A student of the campus: their account's row and their profile, to act as them. */
async function studentOfCampus() {
  const student = await buildUser(database.db, {
    universityId: tree.university.id,
    campusId: tree.campus.id,
  });
  const profile = await findUser(database.db, student.id);
  if (!profile) throw new Error('no profile');
  return { student, profile };
}

/** The order's credit in a statement the campus imported (matched to it, where told). */
function creditOf(
  order: { id: string; paymentReference: string; grandTotalPaisa: number },
  matched: { orderId?: string; matchedBy?: 'reference' } = {},
) {
  return database.db.insert(statementCredits).values({
    id: crypto.randomUUID(),
    campusId: tree.campus.id,
    rowKey: `refund-test-${order.id}`,
    creditedOn: '2026-12-01',
    amountPaisa: order.grandTotalPaisa,
    description: order.paymentReference,
    transactionId: '',
    references: [order.paymentReference],
    ...matched,
  });
}

beforeAll(async () => {
  database = await openTestDatabase();
  producerRedis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  workerRedis = await openCheckedRedis(testRedisUrl(), 'worker', testLog);
  prefix = testQueuePrefix();
  producer = createProducer(producerRedis, prefix, testLog);
  events = createOrderEventPublisher({ redis: producerRedis, prefix, log: testLog });
  const workerDeps = testWorkerDeps({ database, redis: workerRedis, prefix });
  outboxDir = workerDeps.mailer.outboxDir ?? '';
  pipeline = startPipeline({ connection: workerRedis, producer, prefix, deps: workerDeps });
  tree = await buildCampusTree(database.db);
  admin = await createProfile(database.db, 'campusAdmin', tree.campus);
});

afterAll(async () => {
  await pipeline?.close();
  await producer?.close();
  if (producerRedis) await removeKeysOf(producerRedis, prefix);
  producerRedis?.disconnect();
  workerRedis?.disconnect();
  await database?.close();
  if (outboxDir) rmSync(outboxDir, { recursive: true, force: true });
});

describe(`the student's mails about their order on ${engine}`, () => {
  it('sends one mail per verify, dispatch and reject, with the reason and the order’s link', async () => {
    const student = await buildUser(database.db, {
      universityId: tree.university.id,
      campusId: tree.campus.id,
    });
    const order = await buildOrder(database.db, tree, student);
    await changeOrderStatus(deps(), admin, order.id, { action: 'verify', reason: '' });
    await changeOrderStatus(deps(), admin, order.id, { action: 'dispatch', reason: '' });
    await changeOrderStatus(deps(), admin, order.id, { action: 'deliver', reason: '' });
    const mails = await mailsTo(student.email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Your CampusBucket order is out for delivery',
      'Your CampusBucket payment is verified',
    ]);
    for (const mail of mails) expect(mail.links).toEqual([`${TEST_PUBLIC_URL}/orders/${order.id}`]);

    const other = await buildOrder(database.db, tree, student);
    const reason = 'The amount does not match the order total.';
    await changeOrderStatus(deps(), admin, other.id, { action: 'reject', reason });
    const rejected = (await mailsTo(student.email)).filter((m) => m.subject.includes('rejected'));
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.text).toContain(`Reason: ${reason}`);
  });

  it('mails each admin of the campus, and nobody else, when a student cancels', async () => {
    const { student, profile } = await studentOfCampus();
    const second = await createProfile(database.db, 'campusAdmin', tree.campus);
    const elsewhere = await createProfile(
      database.db,
      'campusAdmin',
      (await buildCampusTree(database.db)).campus,
    );
    const order = await buildOrder(database.db, tree, student);
    const { transitionId } = await changeOrderStatus(deps(), profile, order.id, {
      action: 'cancel',
      reason: '',
    });
    const notices = async () => {
      await waitForDrainedQueue(producer.queue('mail'));
      return (await listOutbox(outboxDir)).filter((mail) =>
        mail.subject.startsWith(`Order ${order.paymentReference} was cancelled`),
      );
    };
    const sent = await notices();
    expect(sent.map((mail) => mail.to).sort()).toEqual([admin.email, second.email].sort());
    expect(sent[0]?.text).toContain('if the money arrived, it is to be sent back');
    expect(sent.some((mail) => mail.to.includes(elsewhere.email))).toBe(false);
    // The student cancelled it themselves: no mail tells them so.
    expect(await mailsTo(student.email)).toEqual([]);
    // Its job again: nobody is mailed twice.
    await producer.enqueue(
      'notify-order-status',
      { transitionId },
      { jobId: `replay-${transitionId}` },
    );
    expect(await notices()).toHaveLength(2);
  });

  it('owes a paid order cancelled its money back; sent once, with one mail, whoever presses twice', async () => {
    const { student, profile } = await studentOfCampus();
    const unpaid = await buildOrder(database.db, tree, student);
    const paid = await buildOrder(database.db, tree, student);
    // The statement the admin imported holds the paid one's credit.
    await creditOf(paid, { orderId: paid.id, matchedBy: 'reference' });
    for (const order of [unpaid, paid]) {
      await changeOrderStatus(deps(), profile, order.id, { action: 'cancel', reason: '' });
    }
    expect((await getOrder(database.db, profile, unpaid.id, 'student')).refund).toBeNull();
    const owed = (await getOrder(database.db, profile, paid.id, 'student')).refund;
    expect(owed).toMatchObject({ amountPaisa: paid.grandTotalPaisa, state: 'due' });
    expect(refundText(owed as NonNullable<typeof owed>)).toBe(
      `Refund of ${formatRs(paid.grandTotalPaisa)}: due`,
    );
    const listed = await listRefunds(database.db, admin, {
      universityId: tree.university.id,
      campusId: tree.campus.id,
    });
    expect(listed.map((refund) => refund.orderId)).toContain(paid.id);
    expect(listed.find((refund) => refund.orderId === paid.id)).toMatchObject({
      campusName: tree.campus.name,
      timeZone: tree.campus.timeZone,
    });
    // Every campus's, for a super admin who names none; a campus admin must name theirs.
    const superAdmin = await createProfile(database.db, 'superAdmin', null);
    const everyCampus = await listRefunds(database.db, superAdmin, {});
    expect(everyCampus.map((refund) => refund.orderId)).toContain(paid.id);
    await expect(listRefunds(database.db, admin, {})).rejects.toMatchObject({ status: 403 });

    const refundDeps = { db: database.db, producer, log: testLog };
    const at = new Date('2026-12-02T10:15:00Z');
    const sent = await markRefundSent(refundDeps, admin, owed?.id ?? '', 'FT25336XYZ901', at);
    expect(sent).toMatchObject({ state: 'sent', sentReference: 'FT25336XYZ901' });
    await expect(
      markRefundSent(refundDeps, admin, owed?.id ?? '', 'FT-other', new Date()),
    ).rejects.toMatchObject({
      status: 409,
      userMessage: REFUND_MESSAGES.alreadySent(at, 'FT25336XYZ901', tree.campus.timeZone),
    });
    const mails = (await mailsTo(student.email)).filter((mail) => mail.subject.includes('refund'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Transfer reference: FT25336XYZ901');
    expect(refundText(sent, tree.campus.timeZone)).toMatch(
      new RegExp(
        `^Refund of ${formatRs(paid.grandTotalPaisa).replace('.', '\\.')}: sent on .+, ref FT25336XYZ901$`,
      ),
    );
  });

  it('owes a refund for a credit found after the cancel, grows an admin’s one, and keeps a refunded order from coming back', async () => {
    const { student, profile } = await studentOfCampus();
    // Paid, cancelled, and only then the statement imported.
    const cancelled = await buildOrder(database.db, tree, student);
    await changeOrderStatus(deps(), profile, cancelled.id, { action: 'cancel', reason: '' });
    await creditOf(cancelled);
    expect(await matchOpenCredits(database.db, tree.campus.id)).toBeGreaterThanOrEqual(1);
    expect((await getOrder(database.db, profile, cancelled.id, 'student')).refund).toMatchObject({
      amountPaisa: cancelled.grandTotalPaisa,
      state: 'due',
    });

    // An admin recorded Rs 50 paid over; rejected, the whole credit is owed.
    const over = await buildOrder(database.db, tree, student);
    await recordRefund({ db: database.db, producer, log: testLog }, admin, over.id, {
      amountPaisa: 5_000,
      reason: 'Paid Rs 50 over.',
    });
    await creditOf(over);
    await matchOpenCredits(database.db, tree.campus.id);
    await changeOrderStatus(deps(), admin, over.id, {
      action: 'reject',
      reason: 'No transfer was received.',
    });
    const owed = (await getOrder(database.db, profile, over.id, 'student')).refund;
    expect(owed?.amountPaisa).toBe(over.grandTotalPaisa);

    // Sent back: the order cannot wait for a payment check again.
    await markRefundSent(
      { db: database.db, producer, log: testLog },
      admin,
      owed?.id ?? '',
      'FT-BACK-1',
    );
    await expect(
      changeOrderStatus(deps(), admin, over.id, { action: 'reopen', reason: 'Found it' }),
    ).rejects.toMatchObject({
      status: 409,
      userMessage: expect.stringMatching(/was sent back on .+ \(ref FT-BACK-1\)/),
    });
    // An over-payment sent back is no obstacle: the order itself was paid.
    const verified = await buildOrder(database.db, tree, student, { status: 'verified' });
    const small = await recordRefund(
      { db: database.db, producer, log: testLog },
      admin,
      verified.id,
      {
        amountPaisa: 2_000,
        reason: 'Paid Rs 20 over.',
      },
    );
    await markRefundSent({ db: database.db, producer, log: testLog }, admin, small.id, 'FT-OVER-1');
    await expect(
      changeOrderStatus(deps(), admin, verified.id, { action: 'reopen', reason: 'Recheck' }),
    ).resolves.toMatchObject({ state: 'placed' });
  });

  it('never sends a transition’s mail twice, even when its job runs again', async () => {
    const student = await buildUser(database.db, {
      universityId: tree.university.id,
      campusId: tree.campus.id,
    });
    const order = await buildOrder(database.db, tree, student);
    const { transitionId } = await changeOrderStatus(deps(), admin, order.id, {
      action: 'verify',
      reason: '',
    });
    expect(await mailsTo(student.email)).toHaveLength(1);
    // A second job for the same transition (an operator's replay, a relay's repeat).
    await producer.enqueue(
      'notify-order-status',
      { transitionId },
      { jobId: `replay-${transitionId}` },
    );
    expect(await mailsTo(student.email)).toHaveLength(1);
    const [row] = await database.db
      .select({ sent: orderTransitions.studentNotifiedAt })
      .from(orderTransitions)
      .where(eq(orderTransitions.id, transitionId));
    expect(row?.sent).toBeInstanceOf(Date);
  });
});
