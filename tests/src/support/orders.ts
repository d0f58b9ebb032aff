import { listOrderQueue } from '@campus/api/orders/list-orders';
import type { PlaceOrderInput } from '@campus/api/orders/place-order';
import { createLocalImageStore } from '@campus/api/uploads/local-image-store';
import { saveUpload } from '@campus/api/uploads/save-upload';
import { cartItemTotalPaisa, isValidPersons, orderTotals } from '@campus/shared/domain/cart';
import type { TCartLine, TUserProfile } from '@campus/shared/domain/entities';
import { paisaToRupees } from '@campus/shared/domain/money';
import type { Db } from '@campus/shared/server/db/client';
import { uploads, users } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { TEST_PAY_TO } from './app';
import type { buildCampusTree } from './builders';
import { solvedCaptcha } from './captcha';
import { testLog } from './logger';
import { createPerson } from './people';
import { signInCookie } from './session';

type Requester = { request(path: string, init?: RequestInit): Response | Promise<Response> };
type Tree = Awaited<ReturnType<typeof buildCampusTree>>;

/**
 * A signed-in student of the campus with an address of the tree's allowed domain, and a payment
 * screenshot already uploaded.
 */
export async function signedInStudent(
  app: Requester,
  db: Db,
  campus: { id: string; universityId: string },
) {
  const person = await createPerson(db, 'user', campus);
  const email = `${person.id.slice(0, 8)}@uni.edu.pk`;
  await db.update(users).set({ email }).where(eq(users.id, person.id));
  const cookie = await signInCookie(app, email, person.password);
  return { ...person, email, cookie, screenshot: await uploadScreenshot(app, cookie) };
}

/**
 * A student of the tree's campus as the order service sees them (a profile), with a payment
 * screenshot on record: for placing orders without the HTTP route and its captcha.
 */
export async function buildOrderingStudent(db: Db, tree: Tree) {
  const person = await createPerson(db, 'user', tree.campus);
  const student: TUserProfile = {
    uid: person.id,
    email: person.email,
    firstName: 'Test',
    lastName: 'Student',
    universityId: tree.university.id,
    campusId: tree.campus.id,
    universityName: tree.university.name,
    campusName: tree.campus.name,
    role: 'user',
    createdAt: new Date().toISOString(),
    emailVerified: true,
  };
  return { student, screenshotId: await screenshotUploadOf(db, person.id) };
}

/** A payment screenshot the person uploaded (its record only), for their next order. */
export async function screenshotUploadOf(db: Db, personId: string): Promise<string> {
  const screenshotId = crypto.randomUUID();
  await db.insert(uploads).values({
    id: screenshotId,
    purpose: 'screenshot',
    store: 'local',
    url: `http://campus.test/uploads/${screenshotId}.png`,
    contentType: 'image/png',
    bytes: 100,
    width: 10,
    height: 10,
    uploadedBy: personId,
  });
  return screenshotId;
}

/** A small real PNG, like a phone's payment screenshot. */
export function screenshotPng(): Promise<Buffer> {
  return sharp({
    create: { width: 40, height: 60, channels: 3, background: { r: 20, g: 120, b: 60 } },
  })
    .png()
    .toBuffer();
}

/** Uploads a payment screenshot as the checkout page does; returns the upload id. */
export async function uploadScreenshot(app: Requester, cookie: string): Promise<string> {
  const form = new FormData();
  form.set('purpose', 'screenshot');
  form.set('file', new Blob([await screenshotPng()], { type: 'image/png' }), 'payment.png');
  const response = await app.request('/api/uploads', {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status}`);
  return ((await response.json()) as { upload: { id: string } }).upload.id;
}

/** The bucket line of the tree's menu item, as the browser stores it. */
export function menuLine(tree: Tree, quantity = 1): TCartLine {
  return {
    name: tree.menuItem.name,
    price: paisaToRupees(tree.menuItem.pricePaisa),
    quantity,
    restaurantName: tree.restaurant.name,
    campusId: tree.campus.id,
    restaurantData: {
      openTime: tree.restaurant.openTime,
      closeTime: tree.restaurant.closeTime,
      is24x7: tree.restaurant.is24x7,
    },
    itemId: tree.menuItem.id,
    restaurantId: tree.restaurant.id,
  };
}

/** The bucket line of a mart item of the tree's campus (its own one unless `item` is given). */
export function martLine(
  tree: Tree,
  quantity = 1,
  item: Pick<Tree['martItem'], 'id' | 'name' | 'pricePaisa' | 'stock'> = tree.martItem,
): TCartLine {
  return {
    name: item.name,
    price: paisaToRupees(item.pricePaisa),
    quantity,
    restaurantName: 'Mart',
    campusId: tree.campus.id,
    itemId: item.id,
    restaurantId: null,
    stock: item.stock,
  };
}

/** A complete checkout body for the tree's campus; override any field. */
export async function checkoutBody(
  app: Requester,
  tree: Tree,
  screenshot: string,
  overrides: Record<string, unknown> = {},
) {
  const body: Record<string, unknown> = {
    idempotencyKey: crypto.randomUUID(),
    cartItems: [menuLine(tree, 2), martLine(tree, 1)],
    firstName: 'Ayesha',
    lastName: 'Khan',
    room: 'Hall 3, Room 12',
    phone: '0300-1234567',
    email: 'ignored@uni.edu.pk',
    persons: 2,
    specialInstruction: 'Extra ketchup',
    universityId: tree.university.id,
    campusId: tree.campus.id,
    accountTitle: 'Ayesha Khan',
    bankName: 'HBL',
    screenshot,
    captcha: await solvedCaptcha(app),
    ...overrides,
  };
  // The grand total the student saw: the bucket's own, unless the test says otherwise.
  if (!('grandTotal' in overrides)) {
    body.grandTotal = shownGrandTotal(body.cartItems as TCartLine[], body.persons as number);
  }
  return body;
}

/**
 * What the order service takes from a student of the tree's campus who paid with `screenshot`
 * (an upload id), as the route hands it over after its captcha: two of the menu item and one mart
 * item unless `overrides` says otherwise, at the grand total the bucket showed.
 */
export function placeOrderInput(
  tree: Tree,
  student: { email: string },
  screenshot: string,
  overrides: Partial<PlaceOrderInput> = {},
): PlaceOrderInput {
  const cartItems = overrides.cartItems ?? [menuLine(tree, 2), martLine(tree, 1)];
  const persons = overrides.persons ?? 1;
  return {
    idempotencyKey: crypto.randomUUID(),
    cartItems,
    firstName: 'Ayesha',
    lastName: 'Khan',
    room: 'Hall 3',
    phone: '0300-1234567',
    email: student.email,
    persons,
    specialInstruction: '',
    universityId: tree.university.id,
    campusId: tree.campus.id,
    accountTitle: 'Ayesha Khan',
    bankName: 'HBL',
    screenshot,
    captcha: 'checked by the route',
    grandTotal: shownGrandTotal(cartItems, persons),
    ...overrides,
  };
}

/**
 * The grand total (rupees) the checkout page shows for a bucket and a number of persons: what the
 * student saw and paid. 0 for a bucket or a number of persons the page would not total.
 */
export function shownGrandTotal(lines: readonly TCartLine[], persons: number): number {
  const valid = lines.every((line) => Number.isFinite(line.price) && line.price >= 0);
  if (!valid || !isValidPersons(persons)) return 0;
  return paisaToRupees(orderTotals(cartItemTotalPaisa(lines), persons).grandTotal);
}

/** POSTs a checkout as the signed-in person. */
export function postOrder(app: Requester, cookie: string, body: unknown) {
  return app.request('/api/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
}

/** The first page of the tree's campus's Payments queue, as `viewer` sees it. */
export function paymentsQueueOf(db: Db, viewer: TUserProfile, tree: Tree) {
  return listOrderQueue(
    db,
    viewer,
    { universityId: tree.university.id, campusId: tree.campus.id, page: 1 },
    TEST_PAY_TO,
  );
}

/** The person's payment screenshot `bytes`, saved in the local store at `dir`; its upload id. */
export async function storeScreenshot(db: Db, dir: string, person: TUserProfile, bytes: Buffer) {
  const images = createLocalImageStore({ dir });
  const upload = await saveUpload({ db, images, log: testLog }, person, bytes, 'screenshot');
  return upload.id;
}
