import { getOperationsOverview } from '@campus/api/overview/get-operations-overview';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { DELIVERY_CHARGE_PER_PERSON_PAISA } from '@campus/shared/domain/money';
import { QUEUE_NAMES } from '@campus/shared/server/jobs';
import { createProducer } from '@campus/shared/server/queue';
import { connectRedis } from '@campus/shared/server/redis';
import { UnrecoverableError, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCampusTree, buildOrder, buildUser } from '../../support/builders';
import { engine } from '../../support/database';
import { testLog } from '../../support/logger';
import { type OrderServices, openOrderServices } from '../../support/order-services';
import { createProfile } from '../../support/people';
import { testRedisUrl } from '../../support/redis';

// The overview an operator reads first (docs/product.md §10), against orders inserted at chosen
// instants: days are the campus's calendar days, the all-campus figure takes each order's own
// campus's days.

type Tree = Awaited<ReturnType<typeof buildCampusTree>>;

let services: OrderServices;
let karachi: Tree; // UTC+5
let newYork: Tree; // UTC-4 in May
let karachiAdmin: TUserProfile;
let superAdmin: TUserProfile;

const db = () => services.database.db;
const deps = () => ({ db: db(), producer: services.producer, log: testLog });
const ofKarachi = () => ({ universityId: karachi.university.id, campusId: karachi.campus.id });

// Friday 15 May 2026, 01:30 in Karachi; Thursday 14 May, 16:30 in New York.
const NOW = new Date('2026-05-14T20:30:00Z');
// A grand total of `paisa`: the items, and one person's delivery charge (Rs 130).
const paid = (paisa: number) => ({
  itemTotalPaisa: paisa - DELIVERY_CHARGE_PER_PERSON_PAISA,
  grandTotalPaisa: paisa,
});
const at = (iso: string, seconds = 0) => new Date(new Date(iso).getTime() + seconds * 1000);

async function orderOf(tree: Tree, placedAt: Date, overrides: Parameters<typeof buildOrder>[3]) {
  const student = await buildUser(db(), {
    universityId: tree.university.id,
    campusId: tree.campus.id,
  });
  return buildOrder(db(), tree, student, {
    placedAt,
    sheetAppendedAt: placedAt,
    status: 'verified',
    ...overrides,
  });
}

beforeAll(async () => {
  services = await openOrderServices();
  karachi = await buildCampusTree(db(), { campus: { timeZone: 'Asia/Karachi' } });
  newYork = await buildCampusTree(db(), { campus: { timeZone: 'America/New_York' } });
  karachiAdmin = await createProfile(db(), 'campusAdmin', karachi.campus);
  superAdmin = await createProfile(db(), 'superAdmin');

  // Karachi, today (Friday 15 May, from 2026-05-14T19:00Z): two orders, one rejected.
  await orderOf(karachi, at('2026-05-14T19:00:00Z'), { ...paid(20_000) });
  await orderOf(karachi, at('2026-05-14T20:00:00Z'), {
    ...paid(99_900),
    status: 'rejected',
  });
  // Thursday 14 May 23:59:59 in Karachi: yesterday there, not today.
  await orderOf(karachi, at('2026-05-14T18:59:59Z'), { ...paid(70_000) });
  // Friday 8 May in Karachi, its first and last second; 9 May's first is not.
  await orderOf(karachi, at('2026-05-07T19:00:00Z'), { ...paid(20_000) });
  await orderOf(karachi, at('2026-05-08T18:59:59Z'), {
    ...paid(30_000),
    status: 'cancelled',
  });
  await orderOf(karachi, at('2026-05-08T19:00:00Z'), { ...paid(40_000) });
  // Waiting for the payment check: the oldest placed an hour ago; one without its sheet row.
  await orderOf(karachi, at('2026-05-14T19:30:00Z'), {
    ...paid(15_000),
    status: 'placed',
    sheetAppendedAt: null,
  });
  await orderOf(karachi, at('2026-05-13T20:30:00Z'), { ...paid(14_000), status: 'placed' });

  // New York, today (Thursday 14 May, from 04:00Z): the Karachi 18:59:59Z order's instant is
  // today here. Its Thursday a week ago is 7 May (from 2026-05-07T04:00Z).
  await orderOf(newYork, at('2026-05-14T04:00:00Z'), { ...paid(30_000) });
  await orderOf(newYork, at('2026-05-14T03:59:59Z'), { ...paid(500_000) });
  await orderOf(newYork, at('2026-05-07T04:00:00Z'), {
    ...paid(70_000),
    sheetAppendedAt: null,
  });
});

afterAll(async () => {
  await services?.close();
});

describe(`the operations overview on ${engine}`, () => {
  it("counts a campus's today against the same weekday last week, in the campus's days", async () => {
    const overview = await getOperationsOverview(deps(), karachiAdmin, ofKarachi(), NOW);
    expect(overview).toEqual({
      // Today's three, one rejected (no revenue) and the payment that waits (revenue so far).
      today: { orders: 3, revenuePaisa: 35_000 },
      sameDayLastWeek: { orders: 2, revenuePaisa: 20_000 },
      paymentsWaiting: { count: 2, oldestAgeSeconds: 24 * 60 * 60 },
      withoutSheetRow: { count: 1, oldestAgeSeconds: 60 * 60 },
      // The queues serve every campus: not a campus admin's figure.
      failedJobs: null,
    });
  });

  it("adds every campus up for a super admin, each order on its own campus's day", async () => {
    const overview = await getOperationsOverview(deps(), superAdmin, {}, NOW);
    expect(overview).toMatchObject({
      today: { orders: 4, revenuePaisa: 65_000 },
      sameDayLastWeek: { orders: 3, revenuePaisa: 90_000 },
      paymentsWaiting: { count: 2, oldestAgeSeconds: 24 * 60 * 60 },
      withoutSheetRow: { count: 2, oldestAgeSeconds: 7 * 24 * 60 * 60 + 16 * 60 * 60 + 30 * 60 },
    });
    // A super admin may also ask about one campus.
    const one = await getOperationsOverview(deps(), superAdmin, ofKarachi(), NOW);
    expect(one.today).toEqual({ orders: 3, revenuePaisa: 35_000 });
  });

  it("refuses a campus admin another campus's figures, and all campuses'", async () => {
    const theirs = { universityId: newYork.university.id, campusId: newYork.campus.id };
    await expect(getOperationsOverview(deps(), karachiAdmin, theirs, NOW)).rejects.toMatchObject({
      status: 403,
    });
    await expect(getOperationsOverview(deps(), karachiAdmin, {}, NOW)).rejects.toMatchObject({
      status: 403,
    });
  });

  it('counts the failed jobs of every queue from Redis', async () => {
    const connection = connectRedis(testRedisUrl(), 'worker');
    const worker = new Worker(
      'mail',
      async () => {
        throw new UnrecoverableError('the mail server refused it');
      },
      { connection, prefix: services.prefix },
    );
    try {
      const queue = services.producer.queue('mail');
      await queue.add('send-order-mail', {}, { jobId: 'overview-fails-1' });
      await queue.add('send-order-mail', {}, { jobId: 'overview-fails-2' });
      await expect
        .poll(async () => (await queue.getJobCounts('failed')).failed, { timeout: 10_000 })
        .toBe(2);
    } finally {
      await worker.close();
      connection.disconnect();
    }
    const overview = await getOperationsOverview(deps(), superAdmin, {}, NOW);
    expect(overview.failedJobs).toEqual(
      QUEUE_NAMES.map((queue) => ({ queue, failed: queue === 'mail' ? 2 : 0 })),
    );
  });

  it("answers 'unknown' failed jobs, and the rest, while Redis is away", async () => {
    // A port nobody listens on: the producer's commands fail at once, as with Redis down.
    const away = connectRedis('redis://127.0.0.1:1', 'producer');
    away.on('error', () => {});
    const producer = createProducer(away, services.prefix, testLog);
    try {
      const overview = await getOperationsOverview(
        { db: db(), producer, log: testLog },
        superAdmin,
        {},
        NOW,
      );
      expect(overview.failedJobs).toEqual(QUEUE_NAMES.map((queue) => ({ queue, failed: null })));
      expect(overview.today).toEqual({ orders: 4, revenuePaisa: 65_000 });
    } finally {
      await producer.close().catch(() => {});
      away.disconnect();
    }
  });
});
