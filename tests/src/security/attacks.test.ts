import { readdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { MAX_INPUT_PIXELS } from '@campus/api/uploads/process-image';
import { PRICES_CHANGED_CODE } from '@campus/shared/domain/bucket-prices';
import { CART_MESSAGES } from '@campus/shared/domain/cart';
import { CHECKOUT_MESSAGES } from '@campus/shared/domain/checkout';
import { SCREENSHOT_MAX_BYTES } from '@campus/shared/domain/limits';
import { UPLOAD_MESSAGES } from '@campus/shared/domain/uploads';
import type { Database } from '@campus/shared/server/db/client';
import {
  allowedDomains,
  campuses,
  martItems,
  menuItems,
  type orderLines,
  orders,
  restaurants,
  universities,
  uploads,
  users,
} from '@campus/shared/server/db/schema';
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
import { pngChunk } from '../support/png';
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

type ErrorBody = { code: string; message: string; fields?: Record<string, string> };

async function errorBodyOf(response: Response) {
  return ((await response.json()) as { error: ErrorBody }).error;
}

async function errorOf(response: Response) {
  return (await errorBodyOf(response)).message;
}

function upload(file: Blob, name: string, cookie = buyer.cookie) {
  const form = new FormData();
  form.set('purpose', 'screenshot');
  form.set('file', file, name);
  return test.app.request('/api/uploads', { method: 'POST', headers: { cookie }, body: form });
}

/**
 * A valid black PNG of any size, built by hand: 1-bit grayscale, every scanline its filter byte and
 * zeros, deflated. Zeros deflate about 1000:1, so 400 megapixels take some 50 KB.
 */
function blackPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13); // bit depth 1, colour type 0 (grey), deflate, no interlace
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1;
  const scanlines = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(scanlines, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe(`upload attacks on ${engine}`, () => {
  const storedFiles = () => readdirSync(test.uploadsDir).length;

  it('refuses a text file named .jpg and an SVG with a script, storing nothing', async () => {
    const before = await rows(uploads);
    const files = storedFiles();
    const text = new Blob(['#!/bin/sh\nrm -rf /\n'], { type: 'image/jpeg' });
    const svg = new Blob(
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'],
      { type: 'image/svg+xml' },
    );
    for (const [file, name] of [
      [text, 'receipt.jpg'],
      [svg, 'receipt.svg'],
    ] as const) {
      const response = await upload(file, name);
      expect(response.status, name).toBe(400);
      expect(await errorOf(response), name).toBe(UPLOAD_MESSAGES.notAnImage);
    }
    expect(await rows(uploads)).toBe(before);
    expect(storedFiles()).toBe(files);
  });

  it('refuses a valid 20,000 × 20,000 PNG under 0.5 MB (a pixel flood) by its pixel count', async () => {
    const flood = blackPng(20_000, 20_000);
    // What makes it a flood: small enough to upload, a real PNG, and far more pixels than allowed.
    expect(flood.length).toBeLessThan(SCREENSHOT_MAX_BYTES);
    const header = await sharp(flood, { limitInputPixels: false }).metadata();
    expect(header).toMatchObject({ format: 'png', width: 20_000, height: 20_000 });
    expect((header.width ?? 0) * (header.height ?? 0)).toBeGreaterThan(MAX_INPUT_PIXELS);
    // It decodes to its last row (read as a stream, so a few lines at a time).
    const lastRows = await sharp(flood, {
      limitInputPixels: false,
      sequentialRead: true,
      failOn: 'error',
    })
      .extract({ left: 19_990, top: 19_990, width: 10, height: 10 })
      .greyscale()
      .raw()
      .toBuffer();
    expect([...new Set(lastRows)]).toEqual([0]);

    const before = await rows(uploads);
    const files = storedFiles();
    const refused = await upload(new Blob([flood], { type: 'image/png' }), 'flood.png');
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toBe(UPLOAD_MESSAGES.notAnImage);
    expect(await rows(uploads)).toBe(before);
    expect(storedFiles()).toBe(files);

    // The same PNG at 36 megapixels, under the limit, is taken: only the pixel count refused it.
    const under = blackPng(6_000, 6_000);
    expect(6_000 * 6_000).toBeLessThanOrEqual(MAX_INPUT_PIXELS);
    const taken = await upload(new Blob([under], { type: 'image/png' }), 'under.png');
    expect(taken.status).toBe(201);
    const { id } = ((await taken.json()) as { upload: { id: string } }).upload;
    const [stored] = await database.db.select().from(uploads).where(eq(uploads.id, id));
    expect(stored).toMatchObject({ contentType: 'image/png', width: 1000, height: 1000 });
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
    // The bucket lies about a line price but carries the total the page showed: the database's.
    const body = await checkoutBody(test.app, tree, buyer.screenshot, {
      cartItems: [{ ...menuLine(tree, 2), price: 0.01 }],
      itemTotal: 0,
      grandTotal: 2 * 250 + 2 * 130,
    });
    const response = await postOrder(test.app, buyer.cookie, body);
    expect(response.status).toBe(201);
    const { orderId } = (await response.json()) as { orderId: string };
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.itemTotalPaisa).toBe(2 * 25_000);
  });

  it('places no order at a grand total the database does not charge, and names the real one', async () => {
    const before = await rows(orders);
    const lies: Array<{ price?: number; grandTotal?: number }> = [
      { price: 0.01 },
      { grandTotal: 0 },
      { grandTotal: 1e12 },
    ];
    for (const lie of lies) {
      const line = { ...menuLine(tree, 2), price: lie.price ?? 250 };
      const body = await checkoutBody(test.app, tree, buyer.screenshot, {
        cartItems: [line],
        ...(lie.grandTotal === undefined ? {} : { grandTotal: lie.grandTotal }),
      });
      const response = await postOrder(test.app, buyer.cookie, body);
      expect(response.status, JSON.stringify(lie)).toBe(409);
      const changed = lie.price ? [{ name: tree.menuItem.name, pricePaisa: 25_000 }] : [];
      expect(await errorBodyOf(response)).toMatchObject({
        code: PRICES_CHANGED_CODE,
        message: CART_MESSAGES.pricesChanged(changed, 2 * 25_000 + 2 * 13_000),
      });
    }
    expect(await rows(orders)).toBe(before);
  });

  it("refuses another campus's menu and mart items in this campus's order", async () => {
    const before = await rows(orders);
    const foreignMenu = { ...menuLine(otherTree, 1), campusId: tree.campus.id };
    const foreignMart = { ...martLine(otherTree, 1), campusId: tree.campus.id };
    const refusal = {
      code: 'permission-denied',
      message: CART_MESSAGES.campusLock,
      fields: { cartItems: CART_MESSAGES.campusLock },
    };
    for (const [line, label] of [
      [foreignMenu, 'menu item'],
      [foreignMart, 'mart item'],
    ] as const) {
      const body = await checkoutBody(test.app, tree, buyer.screenshot, {
        cartItems: [menuLine(tree, 1), line],
      });
      const response = await postOrder(test.app, buyer.cookie, body);
      expect(response.status, label).toBe(403);
      expect(await errorBodyOf(response), label).toEqual(refusal);
    }
    // And an order for the other campus from this campus's student.
    const body = await checkoutBody(test.app, otherTree, buyer.screenshot);
    const response = await postOrder(test.app, buyer.cookie, body);
    expect(response.status).toBe(403);
    expect(await errorBodyOf(response)).toEqual(refusal);
    expect(await rows(orders)).toBe(before);
    // Another campus's stock is untouched.
    const [mart] = await database.db
      .select({ stock: martItems.stock })
      .from(martItems)
      .where(eq(martItems.id, otherTree.martItem.id));
    expect(mart?.stock).toBe(otherTree.martItem.stock);
  });

  it('refuses a captcha used by one order when it comes back with another', async () => {
    const captcha = await solvedCaptcha(test.app);
    const first = await checkoutBody(test.app, tree, buyer.screenshot, { captcha });
    expect((await postOrder(test.app, buyer.cookie, first)).status).toBe(201);
    const before = await rows(orders);
    const replay = await checkoutBody(test.app, tree, buyer.screenshot, { captcha });
    const response = await postOrder(test.app, buyer.cookie, replay);
    expect(response.status).toBe(400);
    expect(await errorBodyOf(response)).toEqual({
      code: 'invalid-argument',
      message: CHECKOUT_MESSAGES.captchaRequired,
      fields: { captcha: CHECKOUT_MESSAGES.captchaRequired },
    });
    expect(await rows(orders)).toBe(before);
    // The same order with a captcha of its own goes through: the used captcha alone stopped it.
    const fresh = { ...replay, captcha: await solvedCaptcha(test.app) };
    expect((await postOrder(test.app, buyer.cookie, fresh)).status).toBe(201);
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

  /** A JSON answer of the status: never HTML a browser would render or sniff. */
  async function jsonAnswer<T>(response: Response, status: number, label: string): Promise<T> {
    const text = await response.text();
    expect(response.status, `${label}: ${text}`).toBe(status);
    expect(response.headers.get('content-type'), label).toMatch(/^application\/json/);
    expect(response.headers.get('x-content-type-options'), label).toBe('nosniff');
    return JSON.parse(text) as T;
  }

  it('stores every admin text field with SQL and HTML verbatim, and every list sends it back as JSON text', async () => {
    const admin = await createPerson(database.db, 'superAdmin');
    const cookie = await signInCookie(test.app, admin.email, admin.password);
    const call = async <T>(path: string, status: number, body?: unknown): Promise<T> =>
      jsonAnswer<T>(
        await test.app.request(path, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { 'content-type': 'application/json', cookie },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
        status,
        path,
      );
    type Named = { id: string; [field: string]: unknown };
    const find = (list: Named[], id: string) => list.find((row) => row.id === id);

    for (const [n, text] of hostile.entries()) {
      // A university and campus of their own, so names that must be unique stay unique.
      const { university } = await call<{ university: Named }>('/api/admin/universities', 201, {
        id: '',
        name: text,
      });
      const { campus } = await call<{ campus: Named }>('/api/admin/campuses', 201, {
        id: '',
        universityId: university.id,
        name: text,
        location: text,
      });
      const place = { universityId: university.id, campusId: campus.id };
      const { restaurant } = await call<{ restaurant: Named }>('/api/admin/restaurants', 201, {
        id: '',
        ...place,
        name: text,
        location: text,
        cuisine: text,
        is24x7: true,
      });
      const { menuItem } = await call<{ menuItem: Named }>('/api/admin/menu-items', 201, {
        id: '',
        ...place,
        restaurantId: restaurant.id,
        name: text,
        price: '120',
        description: text,
      });
      const { martItem } = await call<{ martItem: Named }>('/api/admin/mart-items', 201, {
        id: '',
        ...place,
        name: text,
        price: '45',
        description: text,
        category: text,
        stock: '7',
      });
      const { domain } = await call<{ domain: Named }>('/api/admin/domains', 201, {
        id: '',
        ...place,
        name: text,
        domain: `hostile${n}.edu.pk`,
      });
      const { user } = await call<{ user: Named & { uid: string } }>('/api/admin/users', 201, {
        firstName: text,
        lastName: text,
        email: `hostile${n}@hostile${n}.edu.pk`,
        password: 'secret-1',
        role: 'user',
        ...place,
      });

      // The answers to the writes carry the text as it was sent.
      expect(university.name, text).toBe(text);
      expect(campus, text).toMatchObject({ name: text, location: text });
      expect(restaurant, text).toMatchObject({ name: text, location: text, cuisine: text });
      expect(menuItem, text).toMatchObject({ name: text, description: text });
      expect(martItem, text).toMatchObject({ name: text, description: text, category: text });
      expect(domain, text).toMatchObject({ name: text, domain: `@hostile${n}.edu.pk` });
      expect(user, text).toMatchObject({ firstName: text, lastName: text });

      // The database holds the text, not something escaped, cut or run.
      const db = database.db;
      const [storedUniversity] = await db
        .select()
        .from(universities)
        .where(eq(universities.id, university.id));
      const [storedCampus] = await db.select().from(campuses).where(eq(campuses.id, campus.id));
      const [storedRestaurant] = await db
        .select()
        .from(restaurants)
        .where(eq(restaurants.id, restaurant.id));
      const [storedMenuItem] = await db
        .select()
        .from(menuItems)
        .where(eq(menuItems.id, menuItem.id));
      const [storedMartItem] = await db
        .select()
        .from(martItems)
        .where(eq(martItems.id, martItem.id));
      const [storedDomain] = await db
        .select()
        .from(allowedDomains)
        .where(eq(allowedDomains.id, domain.id));
      const [storedUser] = await db.select().from(users).where(eq(users.id, user.uid));
      expect(storedUniversity?.name, text).toBe(text);
      expect(storedCampus, text).toMatchObject({ name: text, location: text });
      expect(storedRestaurant, text).toMatchObject({ name: text, location: text, cuisine: text });
      expect(storedMenuItem, text).toMatchObject({ name: text, description: text });
      expect(storedMartItem, text).toMatchObject({ name: text, description: text, category: text });
      expect(storedDomain?.name, text).toBe(text);
      expect(storedUser, text).toMatchObject({ firstName: text, lastName: text, campusName: text });

      // Every list that shows them, admin and public, sends the text back as JSON text.
      const admins = await call<{ universities: (Named & { campuses: Named[] })[] }>(
        '/api/admin/universities',
        200,
      );
      const listedUniversity = find(admins.universities, university.id) as
        | (Named & { campuses: Named[] })
        | undefined;
      expect(listedUniversity?.name, text).toBe(text);
      expect(find(listedUniversity?.campuses ?? [], campus.id), text).toMatchObject({
        name: text,
        location: text,
      });
      const scope = `universityId=${university.id}&campusId=${campus.id}`;
      const adminRestaurants = await call<{ restaurants: Named[] }>(
        `/api/admin/restaurants?${scope}`,
        200,
      );
      expect(find(adminRestaurants.restaurants, restaurant.id), text).toMatchObject({
        name: text,
        location: text,
        cuisine: text,
      });
      const adminMenu = await call<{ menuItems: Named[] }>(
        `/api/admin/menu-items?${scope}&restaurantId=${restaurant.id}`,
        200,
      );
      expect(find(adminMenu.menuItems, menuItem.id), text).toMatchObject({
        name: text,
        description: text,
      });
      const adminMart = await call<{ martItems: Named[] }>(`/api/admin/mart-items?${scope}`, 200);
      expect(find(adminMart.martItems, martItem.id), text).toMatchObject({
        name: text,
        description: text,
        category: text,
      });
      const adminDomains = await call<{ domains: Named[] }>('/api/admin/domains', 200);
      expect(find(adminDomains.domains, domain.id)?.name, text).toBe(text);
      const adminUsers = await call<{ users: (Named & { uid: string })[] }>(
        `/api/admin/users?campusId=${campus.id}`,
        200,
      );
      expect(
        adminUsers.users.find((listed) => listed.uid === user.uid),
        text,
      ).toMatchObject({ firstName: text, lastName: text, universityName: text, campusName: text });

      const publicUniversities = await call<{ universities: Named[] }>(
        '/api/catalogue/universities',
        200,
      );
      expect(find(publicUniversities.universities, university.id)?.name, text).toBe(text);
      const publicCampuses = await call<{ campuses: Named[] }>(
        `/api/catalogue/universities/${university.id}/campuses`,
        200,
      );
      expect(find(publicCampuses.campuses, campus.id), text).toMatchObject({
        name: text,
        location: text,
      });
      const publicRestaurants = await call<{ restaurants: Named[] }>(
        `/api/catalogue/campuses/${campus.id}/restaurants`,
        200,
      );
      expect(find(publicRestaurants.restaurants, restaurant.id), text).toMatchObject({
        name: text,
        location: text,
        cuisine: text,
      });
      const publicMenu = await call<{ restaurant: Named; menuItems: Named[] }>(
        `/api/catalogue/campuses/${campus.id}/restaurants/${restaurant.id}`,
        200,
      );
      expect(publicMenu.restaurant.name, text).toBe(text);
      expect(find(publicMenu.menuItems, menuItem.id), text).toMatchObject({
        name: text,
        description: text,
      });
      const publicMart = await call<{ martItems: Named[] }>(
        `/api/catalogue/campuses/${campus.id}/mart-items`,
        200,
      );
      expect(find(publicMart.martItems, martItem.id), text).toMatchObject({
        name: text,
        description: text,
        category: text,
      });
    }
  });

  it('keeps SQL and HTML in the names of a sign-up as text', async () => {
    const admin = await createPerson(database.db, 'superAdmin');
    const cookie = await signInCookie(test.app, admin.email, admin.password);
    for (const [n, text] of hostile.entries()) {
      const email = `signup${n}${Date.now()}@uni.edu.pk`;
      const response = await test.app.request('/api/account/sign-up', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          firstName: text,
          lastName: text,
          universityId: tree.university.id,
          campusId: tree.campus.id,
          email,
          password: 'secret-1',
          confirmPassword: 'secret-1',
          captcha: await solvedCaptcha(test.app),
        }),
      });
      await jsonAnswer(response, 201, text);
      const [stored] = await database.db.select().from(users).where(eq(users.email, email));
      expect(stored, text).toMatchObject({ firstName: text, lastName: text, role: 'user' });
      const listed = await jsonAnswer<{ users: { email: string }[] }>(
        await test.app.request(`/api/admin/users?campusId=${tree.campus.id}`, {
          headers: { cookie },
        }),
        200,
        text,
      );
      expect(
        listed.users.find((user) => user.email === email),
        text,
      ).toMatchObject({ firstName: text, lastName: text });
    }
  });
});

describe(`sessions on ${engine}`, () => {
  type App = ReturnType<typeof createTestApp>['app'];

  async function signInOn(app: App, email: string, password: string, cookie?: string) {
    return app.request('/api/account/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ email, password, captcha: await solvedCaptcha(app) }),
    });
  }

  const signIn = (email: string, password: string, cookie?: string) =>
    signInOn(test.app, email, password, cookie);

  /** The attributes of a Set-Cookie line after its name=value, lower case. */
  const attributesOf = (setCookie: string) =>
    setCookie
      .split(';')
      .slice(1)
      .map((part) => part.trim().toLowerCase());

  it('sets the session cookie HttpOnly, SameSite=Lax, for the whole site, for this browser session', async () => {
    const person = await createPerson(database.db, 'user', tree.campus);
    const response = await signIn(person.email, person.password);
    expect(response.status).toBe(200);
    const session = response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('campusbucket.session_token='));
    expect(session).toBeDefined();
    const attributes = attributesOf(session as string);
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/');
    expect(
      attributes.some((part) => part.startsWith('max-age') || part.startsWith('expires')),
    ).toBe(false);
  });

  it('behind https, sets the session cookie Secure too, under its __Secure- name', async () => {
    const secure = createTestApp({ database, redis, publicUrl: 'https://campus.test' });
    try {
      const person = await createPerson(database.db, 'user', tree.campus);
      const response = await signInOn(secure.app, person.email, person.password);
      expect(response.status).toBe(200);
      const setCookies = response.headers.getSetCookie();
      const session = setCookies.find((line) => /^[^=;]*session_token=/.test(line));
      expect(session, setCookies.join('\n')).toBeDefined();
      expect((session as string).split('=')[0]).toBe('__Secure-campusbucket.session_token');
      const attributes = attributesOf(session as string);
      expect(attributes).toContain('secure');
      expect(attributes).toContain('httponly');
      expect(attributes).toContain('samesite=lax');
      expect(attributes).toContain('path=/');
      expect(
        attributes.some((part) => part.startsWith('max-age') || part.startsWith('expires')),
      ).toBe(false);
      // No cookie of the sign-in goes over plain http.
      for (const line of setCookies) expect(attributesOf(line), line).toContain('secure');
      // It is the session: the https app knows the person by it.
      const whoAmI = await secure.app.request('/api/account/session', {
        headers: { cookie: cookieOf(response) },
      });
      expect(((await whoAmI.json()) as { user: { uid: string } | null }).user?.uid).toBe(person.id);
    } finally {
      await secure.close();
    }
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
