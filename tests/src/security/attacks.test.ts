import { crc32 } from 'node:zlib';
import { SCREENSHOT_MAX_BYTES } from '@campus/shared/domain/limits';
import { UPLOAD_MESSAGES } from '@campus/shared/domain/uploads';
import type { Database } from '@campus/shared/server/db/client';
import { type orderLines, orders, restaurants, uploads } from '@campus/shared/server/db/schema';
import { openCheckedRedis } from '@campus/shared/server/redis';
import { count, eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app';
import { buildCampusTree } from '../support/builders';
import { solvedCaptcha } from '../support/captcha';
import { engine, openTestDatabase } from '../support/database';
import { testLog } from '../support/logger';
import {
  checkoutBody,
  martLine,
  menuLine,
  postOrder,
  screenshotPng,
  signedInStudent,
} from '../support/orders';
import { createPerson } from '../support/people';
import { testRedisUrl } from '../support/redis';
import { cookieOf, signInCookie } from '../support/session';

// The attacks of a hostile student or a stolen campus admin account, through the real api: every
// one is refused or made harmless, and none leaves anything behind.

let database: Database;
let redis: Redis;
let tree: Awaited<ReturnType<typeof buildCampusTree>>;
let otherTree: Awaited<ReturnType<typeof buildCampusTree>>;
let test: ReturnType<typeof createTestApp>;
let buyer: Awaited<ReturnType<typeof signedInStudent>>;

beforeAll(async () => {
  database = await openTestDatabase();
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  tree = await buildCampusTree(database.db, {
    restaurant: { is24x7: true },
    menuItem: { pricePaisa: 25_000 },
    martItem: { pricePaisa: 5_000, stock: 50 },
  });
  otherTree = await buildCampusTree(database.db, { restaurant: { is24x7: true } });
  test = createTestApp({ database, redis });
  buyer = await signedInStudent(test.app, database.db, tree.campus);
});

afterAll(async () => {
  await test.close();
  redis.disconnect();
  await database.close();
});

async function rows(table: typeof orders | typeof orderLines | typeof uploads) {
  const [row] = await database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { message: string } }).error.message;
}

function upload(file: Blob, name: string, cookie = buyer.cookie) {
  const form = new FormData();
  form.set('purpose', 'screenshot');
  form.set('file', file, name);
  return test.app.request('/api/uploads', { method: 'POST', headers: { cookie }, body: form });
}

describe(`upload attacks on ${engine}`, () => {
  it('refuses a text file named .jpg, an SVG with a script and a pixel flood, storing nothing', async () => {
    const before = await rows(uploads);
    const text = new Blob(['#!/bin/sh\nrm -rf /\n'], { type: 'image/jpeg' });
    const svg = new Blob(
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'],
      { type: 'image/svg+xml' },
    );
    // A real 10×10 PNG whose header claims 60,000 × 60,000 pixels: decoding it would need 10 GB.
    const png = Buffer.from(
      await sharp(await screenshotPng())
        .resize(10, 10)
        .png()
        .toBuffer(),
    );
    png.writeUInt32BE(60_000, 16);
    png.writeUInt32BE(60_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    for (const [file, name] of [
      [text, 'receipt.jpg'],
      [svg, 'receipt.svg'],
      [new Blob([png], { type: 'image/png' }), 'flood.png'],
    ] as const) {
      const response = await upload(file, name);
      expect(response.status, name).toBe(400);
      expect(await errorOf(response), name).toBe(UPLOAD_MESSAGES.notAnImage);
    }
    expect(await rows(uploads)).toBe(before);
  });

  it('refuses a file over 0.5 MB before reading it, with 413', async () => {
    const before = await rows(uploads);
    const big = new Blob([Buffer.alloc(SCREENSHOT_MAX_BYTES + 70 * 1024, 1)], {
      type: 'image/jpeg',
    });
    const response = await upload(big, 'huge.jpg');
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(await rows(uploads)).toBe(before);
  });

  it('re-encodes a JPEG carrying HTML and script, so what is served is only an image', async () => {
    const jpeg = await sharp(await screenshotPng())
      .jpeg()
      .toBuffer();
    const payload = '<html><script>alert(document.cookie)</script></html>';
    const polyglot = Buffer.concat([jpeg, Buffer.from(payload)]);
    const response = await upload(new Blob([polyglot], { type: 'text/html' }), 'receipt.html');
    expect(response.status).toBe(201);
    const { url } = ((await response.json()) as { upload: { url: string } }).upload;
    const served = await test.app.request(new URL(url).pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\//);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes(Buffer.from('<script'))).toBe(false);
    expect((await sharp(bytes).metadata()).format).toBe('jpeg');
  });
});

describe(`checkout tampering on ${engine}`, () => {
  it('refuses negative, zero, fractional and absurd quantities, and stores no order', async () => {
    const before = await rows(orders);
    for (const quantity of [-1, 0, 1.5, 1e9, Number.NaN]) {
      const body = await checkoutBody(test.app, tree, buyer.screenshot, {
        cartItems: [menuLine(tree, 1), { ...martLine(tree, 1), quantity }],
      });
      const response = await postOrder(test.app, buyer.cookie, body);
      expect([400, 409], `quantity ${quantity}`).toContain(response.status);
    }
    expect(await rows(orders)).toBe(before);
  });

  it('charges the database prices whatever the bucket says', async () => {
    const body = await checkoutBody(test.app, tree, buyer.screenshot, {
      cartItems: [{ ...menuLine(tree, 2), price: 0.01 }],
      itemTotal: 0,
      grandTotal: 0,
    });
    const response = await postOrder(test.app, buyer.cookie, body);
    expect(response.status).toBe(201);
    const { orderId } = (await response.json()) as { orderId: string };
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.itemTotalPaisa).toBe(2 * 25_000);
  });

  it("refuses another campus's menu and mart items in this campus's order", async () => {
    const before = await rows(orders);
    const foreignMenu = { ...menuLine(otherTree, 1), campusId: tree.campus.id };
    const foreignMart = { ...martLine(otherTree, 1), campusId: tree.campus.id };
    for (const line of [foreignMenu, foreignMart]) {
      const body = await checkoutBody(test.app, tree, buyer.screenshot, { cartItems: [line] });
      const response = await postOrder(test.app, buyer.cookie, body);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    // And an order for the other campus from this campus's student.
    const body = await checkoutBody(test.app, otherTree, buyer.screenshot);
    expect((await postOrder(test.app, buyer.cookie, body)).status).toBe(403);
    expect(await rows(orders)).toBe(before);
  });

  it('refuses a captcha used by one order when it comes back with another', async () => {
    const captcha = await solvedCaptcha(test.app);
    const first = await checkoutBody(test.app, tree, buyer.screenshot, { captcha });
    expect((await postOrder(test.app, buyer.cookie, first)).status).toBe(201);
    const before = await rows(orders);
    const replay = await checkoutBody(test.app, tree, buyer.screenshot, { captcha });
    const response = await postOrder(test.app, buyer.cookie, replay);
    expect(response.status).toBe(400);
    expect(await rows(orders)).toBe(before);
  });
});

describe(`hostile text on ${engine}`, () => {
  const hostile = [
    "Robert'); DROP TABLE orders; --",
    '<img src=x onerror="alert(document.cookie)">',
    '"><script>alert(1)</script>',
    "' OR '1'='1",
  ];

  it('stores SQL and HTML in every checkout text field as the plain text it is', async () => {
    for (const text of hostile) {
      const body = await checkoutBody(test.app, tree, buyer.screenshot, {
        firstName: text,
        lastName: text,
        room: text,
        specialInstruction: text,
        accountTitle: text,
        bankName: text,
      });
      const response = await postOrder(test.app, buyer.cookie, body);
      expect(response.status, text).toBe(201);
      const { orderId } = (await response.json()) as { orderId: string };
      const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order).toMatchObject({
        firstName: text,
        lastName: text,
        room: text,
        specialInstruction: text,
        accountTitle: text,
        bankName: text,
      });
    }
    // The tables are all still there.
    expect(await rows(orders)).toBeGreaterThan(0);
  });

  it("keeps an admin's SQL and HTML as text, and the catalogue sends it as JSON text", async () => {
    const admin = await createPerson(database.db, 'campusAdmin', tree.campus);
    const cookie = await signInCookie(test.app, admin.email, admin.password);
    const name = hostile[1] as string;
    const response = await test.app.request('/api/admin/restaurants', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        universityId: tree.university.id,
        campusId: tree.campus.id,
        name,
        location: hostile[0],
        cuisine: hostile[3],
      }),
    });
    expect(response.status).toBe(201);
    const [stored] = await database.db.select().from(restaurants).where(eq(restaurants.name, name));
    expect(stored).toMatchObject({ name, location: hostile[0], cuisine: hostile[3] });
    const list = await test.app.request(`/api/catalogue/campuses/${tree.campus.id}/restaurants`);
    expect(list.headers.get('content-type')).toMatch(/^application\/json/);
    const { restaurants: listed } = (await list.json()) as { restaurants: { name: string }[] };
    expect(listed.map((restaurant) => restaurant.name)).toContain(name);
  });
});

describe(`sessions on ${engine}`, () => {
  async function signIn(email: string, password: string, cookie?: string) {
    return test.app.request('/api/account/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ email, password, captcha: await solvedCaptcha(test.app) }),
    });
  }

  it('sets the session cookie HttpOnly, SameSite=Lax, for the whole site, for this browser session', async () => {
    const person = await createPerson(database.db, 'user', tree.campus);
    const response = await signIn(person.email, person.password);
    expect(response.status).toBe(200);
    const session = response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('campusbucket.session_token='));
    expect(session).toBeDefined();
    const attributes = (session as string)
      .split(';')
      .slice(1)
      .map((part) => part.trim().toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/');
    expect(
      attributes.some((part) => part.startsWith('max-age') || part.startsWith('expires')),
    ).toBe(false);
  });

  it('gives a new session id at every sign-in, whatever session cookie the browser brings', async () => {
    const person = await createPerson(database.db, 'user', tree.campus);
    const first = cookieOf(await signIn(person.email, person.password));
    const planted = 'campusbucket.session_token=attacker-chosen-value';
    const second = cookieOf(await signIn(person.email, person.password, planted));
    const third = cookieOf(await signIn(person.email, person.password, first));
    expect(new Set([first, second, third]).size).toBe(3);
    for (const cookie of [first, second, third]) {
      expect(cookie).not.toContain('attacker-chosen-value');
    }
    const whoIs = async (cookie: string) => {
      const response = await test.app.request('/api/account/session', { headers: { cookie } });
      return ((await response.json()) as { user: { uid: string } | null }).user?.uid ?? null;
    };
    // The planted value is no session at all, and signing in again ended the session it replaced.
    expect(await whoIs(planted)).toBeNull();
    expect(await whoIs(first)).toBeNull();
    expect(await whoIs(third)).toBe(person.id);
  });
});
