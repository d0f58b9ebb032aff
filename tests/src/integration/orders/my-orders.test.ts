import { ADMIN_API } from '@campus/shared/domain/admin-api';
import {
  ORDERS_PAGE_SIZE,
  type TOrderResponse,
  type TOrdersResponse,
} from '@campus/shared/domain/order-api';
import { ORDER_STATUS_MESSAGES } from '@campus/shared/domain/order-status';
import type { Database } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import { orders } from '@campus/shared/server/db/schema';
import { openCheckedRedis } from '@campus/shared/server/redis';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PUBLIC_URL } from '../../support/app';
import { buildCampusTree, buildOrder } from '../../support/builders';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import { screenshotUploadOf } from '../../support/orders';
import { createPerson } from '../../support/people';
import { testRedisUrl } from '../../support/redis';
import { signInCookie } from '../../support/session';

// My Orders and the Payments queue over HTTP: what each person sees, in which order, with which
// filters; the refusals a bad request gets. The transitions themselves: order-status.test.ts.

type Tree = Awaited<ReturnType<typeof buildCampusTree>>;

let database: Database;
let redis: Redis;
let testApp: ReturnType<typeof createTestApp>;
let tree: Tree;

async function signedIn(role: 'user' | 'campusAdmin', campus: Tree['campus'] = tree.campus) {
  const person = await createPerson(database.db, role, campus);
  return { ...person, cookie: await signInCookie(testApp.app, person.email, person.password) };
}

function call(path: string, cookie?: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) {
    headers.origin = TEST_PUBLIC_URL;
    headers['content-type'] = 'application/json';
  }
  return testApp.app.request(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  return body as T;
}

const errorOf = async (response: Response, status: number) =>
  (await json<{ error: { message: string } }>(response, status)).error.message;

beforeAll(async () => {
  database = await openTestDatabase();
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  testApp = createTestApp({ database, redis });
  tree = await buildCampusTree(database.db);
});

afterAll(async () => {
  await testApp.close();
  redis.disconnect();
  await database.close();
});

describe(`My Orders on ${engine}`, () => {
  it('lists a student’s own orders newest first, a page at a time', async () => {
    const student = await signedIn('user');
    const stranger = await signedIn('user');
    await buildOrder(database.db, tree, stranger);
    const placed = [];
    for (let i = 0; i <= ORDERS_PAGE_SIZE; i++) {
      const at = new Date(Date.UTC(2026, 10, 1, 8, i));
      placed.push(await buildOrder(database.db, tree, student, { placedAt: at }));
    }
    const first = await json<TOrdersResponse>(await call('/api/orders', student.cookie));
    expect(first.orders.map((o) => o.id)).toEqual(
      placed
        .slice(1)
        .reverse()
        .map((o) => o.id),
    );
    expect(first).toMatchObject({ page: 1, hasMore: true });
    const second = await json<TOrdersResponse>(await call('/api/orders?page=2', student.cookie));
    expect(second.orders.map((o) => o.id)).toEqual([placed[0]?.id]);
    expect(second.hasMore).toBe(false);
    expect(second.orders[0]).toMatchObject({ status: 'placed', timeZone: 'Asia/Karachi' });
  });

  it('shows one’s own order with its lines, timeline and what one may do; another’s is a 404', async () => {
    const student = await signedIn('user');
    const order = await buildOrder(database.db, tree, student);
    const mine = await json<TOrderResponse>(await call(`/api/orders/${order.id}`, student.cookie));
    expect(mine.order).toMatchObject({ id: order.id, status: 'placed', actions: ['cancel'] });
    const stranger = await signedIn('user');
    await errorOf(await call(`/api/orders/${order.id}`, stranger.cookie), 404);
    await errorOf(await call(`/api/orders/${order.id}/cancel`, stranger.cookie, {}), 404);
    await errorOf(await call('/api/orders'), 401);

    const cancelled = await call(`/api/orders/${order.id}/cancel`, student.cookie, {
      reason: 'Ordered twice',
    });
    expect(await json(cancelled)).toEqual({ ok: true, orderId: order.id, status: 'cancelled' });
    const after = await json<TOrderResponse>(await call(`/api/orders/${order.id}`, student.cookie));
    expect(after.order).toMatchObject({ status: 'cancelled', actions: [] });
    expect(after.order.transitions).toEqual([
      expect.objectContaining({ action: 'cancel', toState: 'cancelled', reason: 'Ordered twice' }),
    ]);
  });
});

describe(`body limits on ${engine}`, () => {
  it('refuses a cancel over 4 KB, and leaves checkout its own 64 KB', async () => {
    const student = await signedIn('user');
    const order = await buildOrder(database.db, tree, student);
    const padding = 'x'.repeat(5 * 1024);
    const cancel = await call(`/api/orders/${order.id}/cancel`, student.cookie, { padding });
    expect(cancel.status).toBe(413);
    // A big bucket is refused for what it says (no idempotency key), not for its size.
    const checkout = await call('/api/orders', student.cookie, { padding });
    expect(checkout.status).toBe(400);
  });
});

describe(`My Orders' routes for every kind of person on ${engine}`, () => {
  type Persona = 'signedOut' | 'owner' | 'student' | 'campusAdmin' | 'otherAdmin' | 'superAdmin';
  // A student's routes are theirs alone: anyone else, admins included, finds no such order.
  const EXPECTED: Record<
    Persona,
    { list: number; read: number; cancel: number; resubmit: number }
  > = {
    signedOut: { list: 401, read: 401, cancel: 401, resubmit: 401 },
    owner: { list: 200, read: 200, cancel: 200, resubmit: 200 },
    student: { list: 200, read: 404, cancel: 404, resubmit: 404 },
    campusAdmin: { list: 200, read: 404, cancel: 404, resubmit: 404 },
    otherAdmin: { list: 200, read: 404, cancel: 404, resubmit: 404 },
    superAdmin: { list: 200, read: 404, cancel: 404, resubmit: 404 },
  };

  it.each(Object.keys(EXPECTED) as Persona[])('as %s', async (persona) => {
    const owner = await signedIn('user');
    const order = await buildOrder(database.db, tree, owner);
    const other = await buildCampusTree(database.db);
    const cookies: Record<Persona, () => Promise<string | undefined>> = {
      signedOut: async () => undefined,
      owner: async () => owner.cookie,
      student: async () => (await signedIn('user')).cookie,
      campusAdmin: async () => (await signedIn('campusAdmin')).cookie,
      otherAdmin: async () => (await signedIn('campusAdmin', other.campus)).cookie,
      superAdmin: async () => {
        const person = await createPerson(database.db, 'superAdmin');
        return signInCookie(testApp.app, person.email, person.password);
      },
    };
    const cookie = await cookies[persona]();
    const expected = EXPECTED[persona];
    const list = await call('/api/orders', cookie);
    expect(list.status).toBe(expected.list);
    if (list.status === 200) {
      const listed = ((await list.json()) as TOrdersResponse).orders.map((o) => o.id);
      expect(listed.includes(order.id)).toBe(persona === 'owner');
    }
    expect((await call(`/api/orders/${order.id}`, cookie)).status).toBe(expected.read);
    const cancel = await call(`/api/orders/${order.id}/cancel`, cookie, {});
    expect(cancel.status).toBe(expected.cancel);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe(persona === 'owner' ? 'cancelled' : 'placed');
    // A rejected order of the owner takes a new screenshot of theirs from them alone.
    const rejected = await buildOrder(database.db, tree, owner, { status: 'rejected' });
    const screenshot = await screenshotUploadOf(database.db, owner.id);
    const resubmit = await call(`/api/orders/${rejected.id}/resubmit`, cookie, { screenshot });
    expect(resubmit.status).toBe(expected.resubmit);
    const [again] = await database.db.select().from(orders).where(eq(orders.id, rejected.id));
    expect(again?.status).toBe(persona === 'owner' ? 'placed' : 'rejected');
  });
});

describe(`the Payments queue on ${engine}`, () => {
  const queue = (query: Record<string, string>) =>
    `${ADMIN_API.orders}?${new URLSearchParams({ universityId: tree.university.id, campusId: tree.campus.id, ...query })}`;

  it('lists the campus’s orders oldest first, by state, day (campus time) and search', async () => {
    const admin = await signedIn('campusAdmin');
    const student = await signedIn('user');
    // 23:59 and 00:00 in Karachi (UTC+5) are different days.
    const late = await buildOrder(database.db, tree, student, {
      placedAt: new Date('2026-03-01T18:59:00Z'),
      firstName: 'Zainab',
      phone: '0321-7654321',
      paymentReference: 'CB-ZN7QM',
    });
    // An id whose first characters hold no digits: searching them is no phone number.
    const early = await buildOrder(database.db, tree, student, {
      id: `ffffffff${newId().slice(8)}`,
      placedAt: new Date('2026-03-01T19:00:00Z'),
    });
    const ids = async (query: Record<string, string>) =>
      (await json<TOrdersResponse>(await call(queue(query), admin.cookie))).orders.map((o) => o.id);
    expect(await ids({ from: '2026-03-01', to: '2026-03-01' })).toEqual([late.id]);
    expect(await ids({ from: '2026-03-02', to: '2026-03-02' })).toEqual([early.id]);
    expect(await ids({ from: '2026-03-01', to: '2026-03-02' })).toEqual([late.id, early.id]);
    expect(await ids({ q: '0321 7654321' })).toEqual([late.id]);
    expect(await ids({ q: 'zainab' })).toEqual([late.id]);
    expect(await ids({ q: early.id })).toEqual([early.id]);
    // The short code a person reads, in any case, with or without its prefix.
    for (const q of ['CB-ZN7QM', 'cb-zn7qm', 'zn7qm', 'CB ZN7QM']) {
      expect(await ids({ q }), q).toEqual([late.id]);
    }
    expect(await ids({ q: early.id.slice(0, 8) })).toEqual([early.id]);
    expect(await ids({ q: early.id.slice(0, 7) })).toEqual([]);
    expect(await ids({ q: '%' })).toEqual([]);

    const verify = await call(`${ADMIN_API.orders}/${late.id}/status`, admin.cookie, {
      action: 'verify',
    });
    expect(await json(verify)).toEqual({ ok: true, orderId: late.id, status: 'verified' });
    expect(await ids({ from: '2026-03-01', to: '2026-03-02' })).toEqual([early.id]);
    expect(await ids({ status: 'verified', from: '2026-03-01' })).toContain(late.id);
  });

  it('refuses a rejection without a reason, a student’s action and an unknown state', async () => {
    const admin = await signedIn('campusAdmin');
    const order = await buildOrder(database.db, tree, await signedIn('user'));
    const status = `${ADMIN_API.orders}/${order.id}/status`;
    expect(await errorOf(await call(status, admin.cookie, { action: 'reject' }), 400)).toBe(
      ORDER_STATUS_MESSAGES.reasonRequired,
    );
    expect(await errorOf(await call(status, admin.cookie, { action: 'cancel' }), 400)).toBe(
      ORDER_STATUS_MESSAGES.studentsOwn,
    );
    await errorOf(await call(status, admin.cookie, { action: 'teleport' }), 400);
    await errorOf(await call(queue({ status: 'lost' }), admin.cookie), 400);
    await errorOf(await call(queue({ from: '1 March' }), admin.cookie), 400);
    await errorOf(
      await call(`${ADMIN_API.orders}/nope/status`, admin.cookie, { action: 'verify' }),
      404,
    );
  });
});
