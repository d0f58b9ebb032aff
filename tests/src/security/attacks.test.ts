import { readdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { MAX_INPUT_PIXELS } from '@campus/api/uploads/process-image';
import { CART_MESSAGES } from '@campus/shared/domain/cart';
import { PRICES_CHANGED_CODE } from '@campus/shared/domain/cart-prices';
import { CHECKOUT_MESSAGES } from '@campus/shared/domain/checkout';
import { SCREENSHOT_MAX_BYTES } from '@campus/shared/domain/limits';
import { UPLOAD_MESSAGES } from '@campus/shared/domain/uploads';
import { martItems, orders, uploads } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app';
import { attacked, errorBodyOf, errorOf, rows, setUpAttackedApp } from '../support/attacked-app';
import { solvedCaptcha } from '../support/captcha';
import { engine } from '../support/database';
import { checkoutBody, martLine, menuLine, postOrder, screenshotPng } from '../support/orders';
import { createPerson } from '../support/people';
import { pngChunk } from '../support/png';
import { cookieOf } from '../support/session';

// The attacks of a hostile student or a stolen campus admin account, through the real api: every
// one is refused or made harmless, and none leaves anything behind. Hostile text
// has its own file, hostile-text.test.ts.

setUpAttackedApp();

function upload(file: Blob, name: string, cookie = attacked.buyer.cookie) {
  const form = new FormData();
  form.set('purpose', 'screenshot');
  form.set('file', file, name);
  return attacked.testApp.app.request('/api/uploads', {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
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
  const storedFiles = () => readdirSync(attacked.testApp.uploadsDir).length;

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
    const [stored] = await attacked.database.db.select().from(uploads).where(eq(uploads.id, id));
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
    const served = await attacked.testApp.app.request(url, {
      headers: { cookie: attacked.buyer.cookie },
    });
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
      const body = await checkoutBody(
        attacked.testApp.app,
        attacked.tree,
        attacked.buyer.screenshot,
        {
          cartItems: [menuLine(attacked.tree, 1), { ...martLine(attacked.tree, 1), quantity }],
        },
      );
      const response = await postOrder(attacked.testApp.app, attacked.buyer.cookie, body);
      expect([400, 409], `quantity ${quantity}`).toContain(response.status);
    }
    expect(await rows(orders)).toBe(before);
  });

  it('charges the database prices whatever the bucket says', async () => {
    // The bucket lies about a line price but carries the total the page showed: the database's.
    const body = await checkoutBody(
      attacked.testApp.app,
      attacked.tree,
      attacked.buyer.screenshot,
      {
        cartItems: [{ ...menuLine(attacked.tree, 2), price: 0.01 }],
        itemTotal: 0,
        grandTotal: 2 * 250 + 2 * 130,
      },
    );
    const response = await postOrder(attacked.testApp.app, attacked.buyer.cookie, body);
    expect(response.status).toBe(201);
    const { orderId } = (await response.json()) as { orderId: string };
    const [order] = await attacked.database.db.select().from(orders).where(eq(orders.id, orderId));
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
      const line = { ...menuLine(attacked.tree, 2), price: lie.price ?? 250 };
      const body = await checkoutBody(
        attacked.testApp.app,
        attacked.tree,
        attacked.buyer.screenshot,
        {
          cartItems: [line],
          ...(lie.grandTotal === undefined ? {} : { grandTotal: lie.grandTotal }),
        },
      );
      const response = await postOrder(attacked.testApp.app, attacked.buyer.cookie, body);
      expect(response.status, JSON.stringify(lie)).toBe(409);
      const changed = lie.price ? [{ name: attacked.tree.menuItem.name, pricePaisa: 25_000 }] : [];
      expect(await errorBodyOf(response)).toMatchObject({
        code: PRICES_CHANGED_CODE,
        message: CART_MESSAGES.pricesChanged(changed, 2 * 25_000 + 2 * 13_000),
      });
    }
    expect(await rows(orders)).toBe(before);
  });

  it("refuses another campus's menu and mart items in this campus's order", async () => {
    const before = await rows(orders);
    const foreignMenu = { ...menuLine(attacked.otherTree, 1), campusId: attacked.tree.campus.id };
    const foreignMart = { ...martLine(attacked.otherTree, 1), campusId: attacked.tree.campus.id };
    const refusal = {
      code: 'permission-denied',
      message: CART_MESSAGES.campusLock,
      fields: { cartItems: CART_MESSAGES.campusLock },
    };
    for (const [line, label] of [
      [foreignMenu, 'menu item'],
      [foreignMart, 'mart item'],
    ] as const) {
      const body = await checkoutBody(
        attacked.testApp.app,
        attacked.tree,
        attacked.buyer.screenshot,
        {
          cartItems: [menuLine(attacked.tree, 1), line],
        },
      );
      const response = await postOrder(attacked.testApp.app, attacked.buyer.cookie, body);
      expect(response.status, label).toBe(403);
      expect(await errorBodyOf(response), label).toEqual(refusal);
    }
    // And an order for the other campus from this campus's student.
    const body = await checkoutBody(
      attacked.testApp.app,
      attacked.otherTree,
      attacked.buyer.screenshot,
    );
    const response = await postOrder(attacked.testApp.app, attacked.buyer.cookie, body);
    expect(response.status).toBe(403);
    expect(await errorBodyOf(response)).toEqual(refusal);
    expect(await rows(orders)).toBe(before);
    // Another campus's stock is untouched.
    const [mart] = await attacked.database.db
      .select({ stock: martItems.stock })
      .from(martItems)
      .where(eq(martItems.id, attacked.otherTree.martItem.id));
    expect(mart?.stock).toBe(attacked.otherTree.martItem.stock);
  });

  it('refuses a captcha used by one order when it comes back with another', async () => {
    const captcha = await solvedCaptcha(attacked.testApp.app);
    const first = await checkoutBody(
      attacked.testApp.app,
      attacked.tree,
      attacked.buyer.screenshot,
      { captcha },
    );
    expect((await postOrder(attacked.testApp.app, attacked.buyer.cookie, first)).status).toBe(201);
    const before = await rows(orders);
    const replay = await checkoutBody(
      attacked.testApp.app,
      attacked.tree,
      attacked.buyer.screenshot,
      { captcha },
    );
    const response = await postOrder(attacked.testApp.app, attacked.buyer.cookie, replay);
    expect(response.status).toBe(400);
    expect(await errorBodyOf(response)).toEqual({
      code: 'invalid-argument',
      message: CHECKOUT_MESSAGES.captchaRequired,
      fields: { captcha: CHECKOUT_MESSAGES.captchaRequired },
    });
    expect(await rows(orders)).toBe(before);
    // The same order with a captcha of its own goes through: the used captcha alone stopped it.
    const fresh = { ...replay, captcha: await solvedCaptcha(attacked.testApp.app) };
    expect((await postOrder(attacked.testApp.app, attacked.buyer.cookie, fresh)).status).toBe(201);
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
    signInOn(attacked.testApp.app, email, password, cookie);

  /** The attributes of a Set-Cookie line after its name=value, lower case. */
  const attributesOf = (setCookie: string) =>
    setCookie
      .split(';')
      .slice(1)
      .map((part) => part.trim().toLowerCase());

  it('sets the session cookie HttpOnly, SameSite=Lax, for the whole site, for this browser session', async () => {
    const person = await createPerson(attacked.database.db, 'user', attacked.tree.campus);
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
    const secure = createTestApp({
      database: attacked.database,
      redis: attacked.redis,
      publicUrl: 'https://campus.test',
    });
    try {
      const person = await createPerson(attacked.database.db, 'user', attacked.tree.campus);
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
    const person = await createPerson(attacked.database.db, 'user', attacked.tree.campus);
    const first = cookieOf(await signIn(person.email, person.password));
    const planted = 'campusbucket.session_token=attacker-chosen-value';
    const second = cookieOf(await signIn(person.email, person.password, planted));
    const third = cookieOf(await signIn(person.email, person.password, first));
    expect(new Set([first, second, third]).size).toBe(3);
    for (const cookie of [first, second, third]) {
      expect(cookie).not.toContain('attacker-chosen-value');
    }
    const whoIs = async (cookie: string) => {
      const response = await attacked.testApp.app.request('/api/account/session', {
        headers: { cookie },
      });
      return ((await response.json()) as { user: { uid: string } | null }).user?.uid ?? null;
    };
    // The planted value is no session at all, and signing in again ended the session it replaced.
    expect(await whoIs(planted)).toBeNull();
    expect(await whoIs(first)).toBeNull();
    expect(await whoIs(third)).toBe(person.id);
  });
});
