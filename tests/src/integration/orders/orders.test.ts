import { CART_MESSAGES } from '@campus/shared/domain/cart';
import { CHECKOUT_MESSAGES } from '@campus/shared/domain/checkout';
import { paisaToRupees } from '@campus/shared/domain/money';
import { ORDER_SHEET_HEADER } from '@campus/shared/domain/order';
import { quoteTotals, ZQuoteResponse } from '@campus/shared/domain/quote';
import { sheetTabName } from '@campus/shared/domain/sheet-tab';
import type { Database } from '@campus/shared/server/db/client';
import {
  martItems,
  orderLines,
  orders,
  outbox,
  usedCaptchas,
} from '@campus/shared/server/db/schema';
import { listOutbox } from '@campus/shared/server/mail/eml';
import { pruneOutbox, relayOutboxOnce } from '@campus/shared/server/outbox';
import { createProducer } from '@campus/shared/server/queue';
import { connectRedis, openCheckedRedis } from '@campus/shared/server/redis';
import { createLocalSheetStore } from '@campus/shared/server/sheets/local-sheet-store';
import { pruneUsedCaptchas } from '@campus/shared/server/used-captchas';
import { startPipeline } from '@campus/worker/start-pipeline';
import { eq, inArray } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/app';
import { buildCampusTree } from '../../support/builders';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import {
  checkoutBody,
  martLine,
  menuLine,
  postOrder,
  signedInStudent,
  uploadScreenshot,
} from '../../support/orders';
import { testQueuePrefix, testRedisUrl } from '../../support/redis';
import { testWorkerDeps } from '../../support/worker';

const ORDER_ID_COLUMN = ORDER_SHEET_HEADER.length - 1;

let database: Database;
let redis: Redis;
let tree: Awaited<ReturnType<typeof buildCampusTree>>;
let testApp: ReturnType<typeof createTestApp>;

function student(campus = tree.campus) {
  return signedInStudent(testApp.app, database.db, campus);
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { message: string } }).error.message;
}

beforeAll(async () => {
  database = await openTestDatabase();
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  tree = await buildCampusTree(database.db, {
    restaurant: { is24x7: true },
    menuItem: { pricePaisa: 25_000 },
    martItem: { pricePaisa: 5_000, stock: 10 },
  });
  testApp = createTestApp({ database, redis });
});

afterAll(async () => {
  await testApp.close();
  redis.disconnect();
  await database.close();
});

describe(`placing an order on ${engine}`, () => {
  it('stores the server’s prices and totals whatever the lines claim, and queues its jobs', async () => {
    const buyer = await student();
    // Lines and item total lie; the grand total is the one the page showed (an order is placed only
    // at it: a different one is refused, see the security suite).
    const body = await checkoutBody(testApp.app, tree, buyer.screenshot, {
      cartItems: [
        { ...menuLine(tree, 2), price: 1 },
        { ...martLine(tree, 1), price: 0 },
      ],
      itemTotal: 1,
      grandTotal: 550 + 260,
    });
    const response = await postOrder(testApp.app, buyer.cookie, body);
    expect(response.status).toBe(201);
    const { orderId } = (await response.json()) as { orderId: string };

    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      itemTotalPaisa: 2 * 25_000 + 5_000,
      deliveryChargePaisa: 2 * 13_000,
      grandTotalPaisa: 55_000 + 26_000,
      email: buyer.email,
      sheetTabName: sheetTabName(tree.university.name, tree.campus.name),
    });
    expect(order?.cartItemsText).toBe(
      'Cafe:\n- Tea x 2 = Rs 500.00\n\nMart:\n- Water x 1 = Rs 50.00',
    );
    const lines = await database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId));
    expect(lines.map((l) => [l.name, l.unitPricePaisa, l.quantity])).toEqual([
      ['Tea', 25_000, 2],
      ['Water', 5_000, 1],
    ]);
    const [water] = await database.db
      .select({ stock: martItems.stock })
      .from(martItems)
      .where(eq(martItems.id, tree.martItem.id));
    expect(water?.stock).toBe(9);

    const sheetJob = await testApp.producer.queue('sheets').getJob(`order-${orderId}-sheet`);
    const notifyJob = await testApp.producer.queue('mail').getJob(`order-${orderId}-notify`);
    expect(sheetJob?.data).toEqual({ orderId });
    expect(notifyJob?.data).toEqual({ orderId });
    const pending = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.jobId, sheetJob?.id ?? ''));
    expect(pending[0]?.enqueuedAt).toBeInstanceOf(Date);
  });

  it('makes one order of a double submit with the same idempotency key', async () => {
    const buyer = await student();
    const body = await checkoutBody(testApp.app, tree, buyer.screenshot);
    const [first, second] = await Promise.all([
      postOrder(testApp.app, buyer.cookie, body),
      postOrder(testApp.app, buyer.cookie, body),
    ]);
    const ids = await Promise.all([first.json(), second.json()]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(ids[0]).toEqual(ids[1]);
    const placed = await database.db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(placed).toHaveLength(1);
  });

  it('sells the last item once when two buyers race for it', async () => {
    const [last] = await database.db
      .insert(martItems)
      .values({
        id: crypto.randomUUID(),
        campusId: tree.campus.id,
        name: 'Last Juice',
        pricePaisa: 9_000,
        stock: 1,
      })
      .returning();
    const line = {
      ...martLine(tree),
      name: 'Last Juice',
      itemId: last?.id ?? '',
      price: 90,
      stock: 1,
    };
    const [a, b] = await Promise.all([student(), student()]);
    const responses = await Promise.all(
      [a, b].map(async (buyer) =>
        postOrder(
          testApp.app,
          buyer.cookie,
          await checkoutBody(testApp.app, tree, buyer.screenshot, { cartItems: [line] }),
        ),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409]);
    const refused = responses.find((r) => r.status === 409) as Response;
    expect(await errorOf(refused)).toBe(CHECKOUT_MESSAGES.outOfStock('Last Juice', 0));
    const [after] = await database.db
      .select({ stock: martItems.stock })
      .from(martItems)
      .where(eq(martItems.id, last?.id ?? ''));
    expect(after?.stock).toBe(0);
  });

  it('refuses a closed restaurant with the spec’s sentence, and changes nothing', async () => {
    const closed = await buildCampusTree(database.db, {
      // Open for one minute a day at 03:00 Karachi time: closed whenever this test runs, but
      // for a minute a night.
      restaurant: { name: 'Night Owl', is24x7: false, openTime: '3:00 AM', closeTime: '3:01 AM' },
    });
    const buyer = await student(closed.campus);
    const body = await checkoutBody(testApp.app, closed, buyer.screenshot, {
      cartItems: [menuLine(closed)],
    });
    const response = await postOrder(testApp.app, buyer.cookie, body);
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toBe(
      'Sorry, Night Owl is currently closed. Please order after 3:00 AM.',
    );
    expect(await database.db.select().from(orders).where(eq(orders.userId, buyer.id))).toEqual([]);
  });

  it('checks the spec’s rules on the server: sign-in, phone, campus', async () => {
    const buyer = await student();
    const body = await checkoutBody(testApp.app, tree, buyer.screenshot);
    expect((await postOrder(testApp.app, '', body)).status).toBe(401);

    const { idempotencyKey: _key, ...noKey } = body;
    const keyless = await postOrder(testApp.app, buyer.cookie, noKey);
    expect(keyless.status).toBe(400);
    expect(await errorOf(keyless)).toBe('Please check your input and try again.');

    // The spec's order: an empty bucket is said first, a missing screenshot in its own words.
    const empty = await postOrder(testApp.app, buyer.cookie, {
      ...body,
      cartItems: [],
      screenshot: '',
    });
    expect(await errorOf(empty)).toBe(CHECKOUT_MESSAGES.emptyCart);
    const { screenshot: _, ...noScreenshot } = body;
    expect(await errorOf(await postOrder(testApp.app, buyer.cookie, noScreenshot))).toBe(
      CHECKOUT_MESSAGES.paymentFields,
    );

    const badPhone = await postOrder(testApp.app, buyer.cookie, { ...body, phone: '12345' });
    expect(badPhone.status).toBe(400);
    expect(await errorOf(badPhone)).toBe(CHECKOUT_MESSAGES.phoneFormat);

    const other = await buildCampusTree(database.db);
    const foreign = await postOrder(testApp.app, buyer.cookie, {
      ...(await checkoutBody(testApp.app, other, buyer.screenshot)),
      cartItems: [menuLine(other)],
    });
    expect(foreign.status).toBe(403);
    expect(await errorOf(foreign)).toBe(CART_MESSAGES.campusLock);
  });

  // 22 checkouts through HTTP, each with its captcha challenge: a second or more each when busy.
  it('limits one person to 20 checkouts in 10 minutes, and says so', {
    timeout: 120_000,
  }, async () => {
    const buyer = await student();
    const other = await student();
    // Unsolved captchas: each attempt is counted before its captcha is checked.
    const attempt = async (who: { cookie: string; screenshot: string }) =>
      postOrder(
        testApp.app,
        who.cookie,
        await checkoutBody(testApp.app, tree, who.screenshot, { captcha: 'not solved' }),
      );
    for (let i = 0; i < 20; i++) expect((await attempt(buyer)).status).toBe(400);
    const limited = await attempt(buyer);
    expect(limited.status).toBe(429);
    expect(await errorOf(limited)).toBe(
      'You can place at most 20 orders in 10 minutes. Please wait a few minutes and try again.',
    );
    expect((await attempt(other)).status).toBe(400);
  });

  it('bounds an order: 50 of one item, 50 persons, Rs 1,000,000 at the database’s prices', async () => {
    // Rs 100,000 a dish: 10 of them are within every bound of the form, but not of the total.
    const dear = await buildCampusTree(database.db, {
      restaurant: { is24x7: true },
      menuItem: { name: 'Banquet', pricePaisa: 10_000_000 },
    });
    const buyer = await student(dear.campus);
    const refused = async (overrides: Record<string, unknown>) => {
      const body = await checkoutBody(testApp.app, dear, buyer.screenshot, overrides);
      const response = await postOrder(testApp.app, buyer.cookie, body);
      expect(response.status).toBe(400);
      return errorOf(response);
    };
    expect(await refused({ cartItems: [menuLine(dear, 51)] })).toBe(
      CART_MESSAGES.lineQuantity('Banquet'),
    );
    // Two lines of the one item, each within the bound, are one line over it (whatever prices
    // the bucket claims).
    const line = { ...menuLine(dear, 30), price: 1 };
    const renamed = { ...line, name: 'Banquet (old name)' };
    expect(await refused({ cartItems: [line, renamed] })).toBe(
      CART_MESSAGES.lineQuantity('Banquet'),
    );
    expect(await refused({ cartItems: [menuLine(dear, 1)], persons: 51 })).toBe(
      CART_MESSAGES.invalidPersons,
    );
    // The bucket claims Rs 1 a dish; the database says Rs 100,000.
    expect(await refused({ cartItems: [{ ...menuLine(dear, 10), price: 1 }] })).toBe(
      CHECKOUT_MESSAGES.orderTooLarge,
    );
    expect(await database.db.select().from(orders).where(eq(orders.userId, buyer.id))).toEqual([]);

    const most = await checkoutBody(testApp.app, dear, buyer.screenshot, {
      cartItems: [menuLine(dear, 9)],
      persons: 50,
    });
    expect((await postOrder(testApp.app, buyer.cookie, most)).status).toBe(201);
  });
});

describe(`the outbox on ${engine}`, () => {
  it('forgets enqueued rows once their jobs no longer dedupe, and never a waiting one', async () => {
    const now = new Date();
    const weekAndDay = new Date(now.getTime() - 8 * 24 * 3600 * 1000);
    const ping = { requestedAt: now.toISOString() };
    const ids = ['prune-old', 'prune-recent', 'prune-waiting'].map(
      (p) => `${p}-${crypto.randomUUID()}`,
    );
    await database.db.insert(outbox).values([
      { jobName: 'ping', jobId: ids[0] as string, payload: ping, enqueuedAt: weekAndDay },
      { jobName: 'ping', jobId: ids[1] as string, payload: ping, enqueuedAt: now },
      { jobName: 'ping', jobId: ids[2] as string, payload: ping, createdAt: weekAndDay },
    ]);
    expect(await pruneOutbox(database.db, now)).toBeGreaterThanOrEqual(1);
    const left = await database.db
      .select({ jobId: outbox.jobId })
      .from(outbox)
      .where(inArray(outbox.jobId, ids));
    expect(left.map((row) => row.jobId).sort()).toEqual([ids[1], ids[2]].sort());
  });
});

describe(`used captchas on ${engine}`, () => {
  it('forgets a used challenge once it has expired, never one that could still be replayed', async () => {
    const now = new Date();
    const expired = `expired-${crypto.randomUUID()}`;
    const live = `live-${crypto.randomUUID()}`;
    await database.db.insert(usedCaptchas).values([
      { nonce: expired, submission: 's1', expiresAt: new Date(now.getTime() - 1_000) },
      { nonce: live, submission: 's2', expiresAt: new Date(now.getTime() + 60_000) },
    ]);
    expect(await pruneUsedCaptchas(database.db, now)).toBeGreaterThanOrEqual(1);
    const left = await database.db
      .select({ nonce: usedCaptchas.nonce })
      .from(usedCaptchas)
      .where(inArray(usedCaptchas.nonce, [expired, live]));
    expect(left.map((row) => row.nonce)).toEqual([live]);
  });
});

describe(`the outbox relay on ${engine}`, () => {
  it('keeps a row no worker could run out of the way of the others', async () => {
    const old = new Date(Date.now() - 60_000);
    const poison = `poison-${crypto.randomUUID()}`;
    const good = `good-${crypto.randomUUID()}`;
    await database.db.insert(outbox).values([
      { jobName: 'no-such-job', jobId: poison, payload: {}, createdAt: old },
      { jobName: 'ping', jobId: good, payload: { requestedAt: old.toISOString() }, createdAt: old },
    ]);
    await relayOutboxOnce(database.db, testApp.producer, testLog, { minAgeMs: 0 });
    const rows = await database.db
      .select()
      .from(outbox)
      .where(inArray(outbox.jobId, [poison, good]));
    const byId = new Map(rows.map((row) => [row.jobId, row]));
    expect(byId.get(good)?.enqueuedAt).toBeInstanceOf(Date);
    expect(await testApp.producer.queue('system').getJob(good)).toBeTruthy();
    expect(byId.get(poison)?.enqueuedAt).toBeNull();
    expect(byId.get(poison)?.lastError).toContain('is not a valid no-such-job job');
  });
});

describe(`the order pipeline on ${engine}`, () => {
  it('takes an order while Redis is away; the relay queues it and the worker writes its row once', async () => {
    const prefix = testQueuePrefix();
    // Nothing listens on port 1: every enqueue fails at once.
    const deadRedis = connectRedis('redis://127.0.0.1:1', 'producer');
    deadRedis.on('error', () => {});
    const offline = createTestApp({
      database,
      redis: deadRedis,
      prefix,
      producer: createProducer(deadRedis, prefix, testLog),
    });
    // Signed in before Redis went away; the screenshot and the order go through without it.
    const buyer = await student();
    const screenshot = await uploadScreenshot(offline.app, buyer.cookie);
    const response = await postOrder(
      offline.app,
      buyer.cookie,
      await checkoutBody(offline.app, tree, screenshot),
    );
    expect(response.status).toBe(201);
    const { orderId } = (await response.json()) as { orderId: string };
    const [waiting] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.jobId, `order-${orderId}-sheet`));
    expect(waiting?.enqueuedAt).toBeNull();
    expect(waiting?.lastError).toBeTruthy();
    deadRedis.disconnect();

    // Redis is back: the relay sends what checkout could not, and the worker appends the row.
    const producer = createProducer(redis, prefix, testLog);
    const workerRedis = await openCheckedRedis(testRedisUrl(), 'worker', testLog);
    const sheets = createLocalSheetStore(database.db);
    const deps = testWorkerDeps({ database, redis: workerRedis, prefix, sheets });
    const pipeline = startPipeline({ connection: workerRedis, producer, prefix, deps });
    try {
      expect(
        await relayOutboxOnce(database.db, producer, testLog, { minAgeMs: 0 }),
      ).toBeGreaterThanOrEqual(2);
      const tab = sheetTabName(tree.university.name, tree.campus.name);
      await expect
        .poll(
          async () =>
            (await sheets.readTab(tab))?.rows.filter((row) => row[ORDER_ID_COLUMN] === orderId)
              .length,
          {
            timeout: 15_000,
          },
        )
        .toBe(1);
      const contents = await sheets.readTab(tab);
      // The appended row; the cells after it (Status, Payment Reference) follow in their own write.
      expect(contents?.header.slice(0, ORDER_SHEET_HEADER.length)).toEqual([...ORDER_SHEET_HEADER]);
      const row = contents?.rows.find((r) => r[ORDER_ID_COLUMN] === orderId);
      expect(row?.slice(0, ORDER_SHEET_HEADER.length)).toEqual([
        tree.university.name,
        tree.campus.name,
        'Ayesha',
        'Khan',
        'Hall 3, Room 12',
        '0300-1234567',
        buyer.email,
        2,
        260,
        550,
        810,
        'Cafe:\n- Tea x 2 = Rs 500.00\n\nMart:\n- Water x 1 = Rs 50.00',
        expect.stringMatching(/\d{4}/),
        'Ayesha Khan',
        'HBL',
        expect.stringMatching(/^http:\/\/campus\.test\/api\/screenshots\/.+\.png$/),
        'Extra ketchup',
        orderId,
      ]);
      // The confirmation reaches the student once.
      await expect
        .poll(
          async () =>
            (await listOutbox(deps.mailer.outboxDir as string)).filter((m) =>
              m.to.includes(buyer.email),
            ).length,
          {
            timeout: 15_000,
          },
        )
        .toBe(1);
    } finally {
      await pipeline.close();
      await producer.close();
      workerRedis.disconnect();
      await offline.close();
    }
  });
});

describe(`checkout's quote over HTTP on ${engine}`, () => {
  const postQuote = (cookie: string | null, cartItems: unknown[]) =>
    testApp.app.request('/api/checkout/quote', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({
        universityId: tree.university.id,
        campusId: tree.campus.id,
        cartItems,
      }),
    });

  it('quotes only for a signed-in student of the campus, and places one order with it', async () => {
    const cart = [menuLine(tree, 1), martLine(tree, 1)];
    expect((await postQuote(null, cart)).status).toBe(401);
    const elsewhere = await buildCampusTree(database.db);
    const stranger = await student(elsewhere.campus);
    const refused = await postQuote(stranger.cookie, cart);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe(CART_MESSAGES.campusLock);

    const buyer = await student();
    const answer = await postQuote(buyer.cookie, cart);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toContain('no-store');
    const { quote } = ZQuoteResponse.parse(await answer.json());
    if (!quote) throw new Error('no quote');
    const grandTotal = paisaToRupees(quoteTotals(quote, 1).grandTotal);
    const body = await checkoutBody(testApp.app, tree, buyer.screenshot, {
      cartItems: cart,
      persons: 1,
      grandTotal,
      quoteId: quote.id,
    });
    expect((await postOrder(testApp.app, buyer.cookie, body)).status).toBe(201);
    // Another tab places the same quote: one order.
    const again = await checkoutBody(testApp.app, tree, buyer.screenshot, {
      cartItems: cart,
      persons: 1,
      grandTotal,
      quoteId: quote.id,
    });
    const second = await postOrder(testApp.app, buyer.cookie, again);
    expect(second.status).toBe(409);
    expect(await errorOf(second)).toMatch(/^This quote has already placed order CB-/);
  });
});
