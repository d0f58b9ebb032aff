import { PLACE_MESSAGES } from '@campus/shared/domain/delivery-places';
import { ORDER_SHEET_HEADER } from '@campus/shared/domain/order';
import type { BrowserContext, Locator, Page, Request } from '@playwright/test';
import { gradientPng } from '../support/png';
import { expectNoSevereViolations } from './support/a11y';
import { DEMO, signIn, waitForCaptcha } from './support/auth';
import { chooseCampus, DEMO_CAMPUS, DEMO_UNIVERSITY } from './support/campus';
import { checkoutWithTea, chooseDeliveryPlace } from './support/orders';
import { changeRestaurant } from './support/restaurants';
import { openSheetRow, sheetRow } from './support/sheet';
import { expect, test } from './support/test';

// docs/product.md §2/§3/§4/§5 Checkout against the all-in-one server and its demo data (seed.ts):
// the student of Northfield University / Lahore Campus orders from Chai Dhaba and Slice Corner
// (both 24x7), Midnight Grill (its hours moved around the test's time) and the mart; the campus
// admin then finds the order's row in the campus tab of the local orders spreadsheet.

const UNIVERSITY = DEMO_UNIVERSITY;
const CAMPUS = DEMO_CAMPUS;
const KARACHI_UTC_OFFSET_HOURS = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The card (list item) of a restaurant or item by its heading. */
const card = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function openMenu(page: Page, restaurant: string) {
  await page.goto('/restaurants');
  await card(page, restaurant)
    .getByRole('link', { name: /View Menu/ })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Explore ${restaurant}'s Menu`);
}

/** A Karachi hour (0-23) as the restaurant form takes it: '6:00 PM'. */
const hour12 = (hour: number) =>
  `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? 'AM' : 'PM'}`;

/**
 * Midnight Grill's hours moved to open an hour ago and close in three hours (Karachi), so the
 * server's quote, which checks hours on its own clock, finds it open whenever the test runs; the
 * device's clock moved six hours back finds it closed. `restore` puts its hours back.
 */
async function openMidnightGrillNow(
  browser: { newContext(options: { baseURL?: string }): Promise<BrowserContext> },
  baseURL: string | undefined,
) {
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await signIn(admin, DEMO.campusAdmin.email, DEMO.campusAdmin.password);
  const hourNow = (new Date().getUTCHours() + KARACHI_UTC_OFFSET_HOURS) % 24;
  const openTime = hour12((hourNow + 23) % 24);
  const changed = await changeRestaurant(admin, 'Midnight Grill', {
    openTime,
    closeTime: hour12((hourNow + 3) % 24),
  });
  return {
    openTime,
    async restore() {
      await changed.restore();
      await context.close();
    },
  };
}

/** Width and height of the PNG inside a multipart body, or null when there is none. */
function pngSizeIn(body: Buffer): { width: number; height: number } | null {
  const at = body.indexOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (at < 0) return null;
  return { width: body.readUInt32BE(at + 16), height: body.readUInt32BE(at + 20) };
}

// Records what each web worker answers with a file or an error: the compression worker answers
// { file, id } when it compressed, { error, id } when it failed (and the library then quietly
// compresses on the main thread instead).
const WATCH_WORKERS = `
  window.__workerAnswers = [];
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        const data = event.data;
        if (data && typeof data === 'object' && 'id' in data) {
          if ('file' in data) window.__workerAnswers.push('file');
          if ('error' in data) window.__workerAnswers.push('error: ' + data.error);
        }
      });
    }
  };
`;

const SCREENSHOT = { name: 'receipt.png', mimeType: 'image/png', buffer: gradientPng(1600, 1200) };

/** Signs out through the account menu. */
async function signOut(page: Page, email: string) {
  await page.getByRole('button', { name: email, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
}

const checkoutButton = (page: Page): Locator =>
  page.getByRole('main').getByRole('button', { name: /^(Checkout|Processing\.\.\.)$/ });

/** The checkout's one red alert says exactly `message`. */
/** The field is marked invalid, and its description (the message beside it) says why. */
async function expectAtField(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function expectFailure(page: Page, message: string) {
  await expect(page.getByTestId('checkout-failure').getByRole('alert')).toHaveText(message, {
    timeout: 20_000,
  });
}

/** Fills what the profile does not: phone, room, persons, payment fields and the screenshot. */
async function fillOrderDetails(page: Page) {
  await page.getByLabel('Phone', { exact: true }).fill('0300-1234567');
  await chooseDeliveryPlace(page);
  await page.getByRole('button', { name: 'Increase number of persons' }).click();
  await page.getByLabel(/Special Instructions/).fill('Please call on arrival');
  await page.getByLabel('Your account title', { exact: true }).fill('Ayesha Student');
  await page.getByLabel('Your bank', { exact: true }).fill('Meezan Bank');
  await page.getByLabel('Payment Screenshot').setInputFiles(SCREENSHOT);
}

test('an empty bucket shows the form with Checkout disabled and the profile filled in', async ({
  page,
}) => {
  await signIn(page, DEMO.student.email, DEMO.student.password);
  await chooseCampus(page);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkout');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await expect(checkoutButton(page)).toBeDisabled();
  await expect(page.getByLabel('First Name')).toHaveValue('Ayesha');
  await expect(page.getByLabel('Last Name')).toHaveValue('Student');
  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toHaveValue(DEMO.student.email);
  await expect(email).toHaveAttribute('readonly', '');
  // No delivery charge or total for nothing.
  await expect(page.getByTestId('delivery-charge')).toHaveCount(0);
  await expect(page.getByTestId('grand-total')).toHaveCount(0);
});

test('a student checks out: the spec checks in order, a closed restaurant, then one order', async ({
  page,
  baseURL,
  browserErrors,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL ?? '').origin;
  // The screenshot is compressed in a web worker that loads the library from this origin.
  const compressionScripts: string[] = [];
  const elsewhere: string[] = [];
  const consoleErrors: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) {
      elsewhere.push(request.url());
    }
  });
  page.on('response', async (response) => {
    if (/\/assets\/browser-image-compression-[\w-]+\.js$/.test(new URL(response.url()).pathname)) {
      compressionScripts.push(await response.text().catch(() => ''));
    }
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });

  const grill = await openMidnightGrillNow(browserErrors, baseURL);
  try {
    await page.addInitScript(WATCH_WORKERS);
    await signIn(page, DEMO.student.email, DEMO.student.password);
    await chooseCampus(page);

    // Midnight Grill is open now: fill the bucket from three restaurants and the mart. Slice
    // Corner's two lines are added apart, so the order's text must group them.
    await page.clock.setFixedTime(new Date());
    await page.goto('/mart-items');
    await card(page, 'Mineral Water 1.5L')
      .getByRole('button', { name: /Add to Cart/ })
      .click();
    await openMenu(page, 'Slice Corner');
    await card(page, 'Margherita Slice')
      .getByRole('button', { name: /Add to Bucket/ })
      .click();
    await openMenu(page, 'Chai Dhaba');
    const tea = card(page, 'Doodh Patti');
    await tea.getByRole('button', { name: /Add to Bucket/ }).click();
    await tea.getByRole('button', { name: 'Increase quantity of Doodh Patti' }).click();
    await openMenu(page, 'Midnight Grill');
    await card(page, 'Garlic Naan')
      .getByRole('button', { name: /Add to Bucket/ })
      .click();
    await openMenu(page, 'Slice Corner');
    await card(page, 'Fajita Slice')
      .getByRole('button', { name: /Add to Bucket/ })
      .click();
    await expect(page.getByTestId('cart-badge')).toHaveText('6');

    await page.goto('/checkout');
    // Rs 120 + Rs 250 + 2 × Rs 80 + Rs 90 + Rs 300, and Rs 130 per person.
    await expect(page.getByTestId('item-total')).toHaveText('Rs 920.00');
    await expect(page.getByTestId('delivery-charge')).toHaveText('Rs 130.00');
    await expect(page.getByTestId('grand-total')).toHaveText('Rs 1,050.00');
    const fewer = page.getByRole('button', { name: 'Decrease number of persons' });
    await expect(fewer).toBeDisabled();
    await page.getByRole('button', { name: 'Increase number of persons' }).click();
    await expect(page.getByTestId('delivery-charge')).toHaveText('Rs 260.00');
    await expect(page.getByTestId('grand-total')).toHaveText('Rs 1,180.00');
    await fewer.click();
    await expect(fewer).toBeDisabled();
    await expect(page.getByTestId('grand-total')).toHaveText('Rs 1,050.00');
    await expectNoSevereViolations(page);

    // docs/product.md §5 Checkout's rules, each message at its field, and gone once the field is
    // right.
    const submit = checkoutButton(page);
    const firstName = page.getByLabel('First Name');
    await firstName.fill(' ');
    await submit.click();
    await expectAtField(firstName, 'Please fill in all required fields.');
    await firstName.fill('Ayesha');
    await expect(firstName).not.toHaveAttribute('aria-invalid', 'true');
    // The fields the student's last order filled in start empty here.
    const phone = page.getByLabel('Phone', { exact: true });
    for (const label of ['Phone', 'Your account title', 'Your bank']) {
      await page.getByLabel(label, { exact: true }).fill('');
    }
    await page.getByLabel('Delivery place').selectOption('');
    await phone.pressSequentially('03001234');
    await expect(phone).toHaveValue('0300-1234');
    await submit.click();
    await expectAtField(phone, 'Phone number must be in Pakistani format: 0300-0000000');
    // Only digits stay, at most 11, with a hyphen after the fourth.
    await phone.fill('');
    await phone.pressSequentially('tel 0300 1234567 89');
    await expect(phone).toHaveValue('0300-1234567');
    await submit.click();
    await expectAtField(
      page.getByLabel('Your account title', { exact: true }),
      'Please complete all online payment fields.',
    );

    // The pay-to account of the campus is shown.
    const payTo = page.getByTestId('pay-to-details');
    for (const label of ['Account Title', 'Bank', 'Account Number']) {
      await expect(payTo.getByText(label, { exact: true })).toBeVisible();
    }

    await page.getByLabel('Your account title', { exact: true }).fill('Ayesha Student');
    await page.getByLabel('Your bank', { exact: true }).fill('Meezan Bank');
    // The campus delivers to its places: checkout asks for one.
    await expectAtField(page.getByLabel('Delivery place'), PLACE_MESSAGES.choose);
    await chooseDeliveryPlace(page);
    // A file that is no image is refused as it is chosen.
    const picker = page.getByLabel('Payment Screenshot');
    await picker.setInputFiles({
      name: 'receipt.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await expectAtField(picker, 'The file given is not an image');
    await waitForCaptcha(page);

    // Six hours earlier on the device's clock Midnight Grill is closed (and the quote still holds):
    // after the upload, the open check stops the order.
    await page.getByLabel('Payment Screenshot').setInputFiles(SCREENSHOT);
    await page.clock.setFixedTime(new Date(Date.now() - 6 * 3600_000));
    await submit.click();
    await expectFailure(
      page,
      `Sorry, Midnight Grill is currently closed. Please order after ${grill.openTime}.`,
    );
    // The worker loaded the library's own build from this origin and compressed with it.
    expect(compressionScripts.some((script) => script.includes('define.amd'))).toBe(true);
    expect(await page.evaluate('window.__workerAnswers')).toEqual(['file']);

    // Without the closed restaurant's line the order goes through.
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Remove Garlic Naan' }).click();
    await expect(page.getByTestId('cart-total')).toHaveText('Total: Rs 960.00');
    await page.goto('/checkout');
    await fillOrderDetails(page);
    await expect(page.getByTestId('grand-total')).toHaveText('Rs 1,090.00');

    // The first answer is lost on the way back: the retry must not make a second order.
    const orderRequests: Request[] = [];
    const orderAnswers: Array<{
      status: number;
      body: { orderId?: string; paymentReference?: string };
    }> = [];
    await page.route('**/api/orders', async (route) => {
      orderRequests.push(route.request());
      const response = await route.fetch();
      orderAnswers.push({ status: response.status(), body: await response.json() });
      if (orderAnswers.length === 1) await route.abort('connectionreset');
      else await route.fulfill({ response });
    });
    browserErrors.allow({ text: /net::ERR_CONNECTION_RESET/, url: /\/api\/orders$/ });
    const uploadRequest = page.waitForRequest((request) => request.url().endsWith('/api/uploads'));
    await waitForCaptcha(page);
    await submit.dblclick();
    await expectFailure(
      page,
      'Unable to connect to the server. Please check your internet connection and try again.',
    );
    expect(orderRequests).toHaveLength(1);
    expect(orderAnswers[0]?.status).toBe(201);

    // What was uploaded: the multipart form with the compressed screenshot.
    const upload = await uploadRequest;
    expect(upload.method()).toBe('POST');
    const uploadBody = upload.postDataBuffer() ?? Buffer.alloc(0);
    expect(uploadBody.toString('latin1')).toMatch(/name="purpose"\r\n\r\nscreenshot\r\n/);
    expect(uploadBody.toString('latin1')).toContain('name="file"; filename="receipt.png"');
    const size = pngSizeIn(uploadBody);
    expect(size).not.toBeNull();
    expect(Math.max(size?.width ?? 0, size?.height ?? 0)).toBeLessThanOrEqual(1000);

    await waitForCaptcha(page);
    await submit.click();
    await expect(page.getByRole('heading', { name: 'Thank you for shopping!' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByText('Your order has been placed successfully.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Ordering' })).toHaveAttribute(
      'href',
      '/restaurants',
    );
    expect(orderRequests).toHaveLength(2);
    // The retry is answered with the first order, its round and all.
    expect(orderAnswers[1]).toEqual({ status: 200, body: orderAnswers[0]?.body });
    expect(orderAnswers[1]?.body).toMatchObject({ ok: true, orderId: expect.any(String) });
    const [first, retry] = orderRequests.map((request) => request.postDataJSON());
    expect(first.idempotencyKey).toMatch(UUID);
    expect(retry.idempotencyKey).toBe(first.idempotencyKey);
    expect(retry).toMatchObject({
      firstName: 'Ayesha',
      lastName: 'Student',
      placeId: expect.any(String),
      room: 'Room 214',
      phone: '0300-1234567',
      email: DEMO.student.email,
      persons: 2,
      specialInstruction: 'Please call on arrival',
      accountTitle: 'Ayesha Student',
      bankName: 'Meezan Bank',
    });
    expect(typeof retry.screenshot).toBe('string');
    expect(
      (retry.cartItems as Array<{ name: string; quantity: number }>).map((line) => [
        line.name,
        line.quantity,
      ]),
    ).toEqual([
      ['Mineral Water 1.5L', 1],
      ['Margherita Slice', 1],
      ['Doodh Patti', 2],
      ['Fajita Slice', 1],
    ]);
    const orderId = orderAnswers[0]?.body.orderId ?? '';
    expect(orderId).not.toBe('');

    // The bucket is empty now.
    await page.getByRole('link', { name: 'Start Ordering' }).click();
    await expect(page).toHaveURL(/\/restaurants$/);
    await page.goto('/mart-items');
    await expect(card(page, 'A4 Notebook')).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);
    await page.goto('/cart');
    await expect(page.getByText('Your bucket is empty.')).toBeVisible();

    // docs/product.md §3: the worker appends the order's row to the campus tab, which the campus
    // admin sees.
    await signOut(page, DEMO.student.email);
    await signIn(page, DEMO.campusAdmin.email, DEMO.campusAdmin.password);
    const reference = orderAnswers[0]?.body.paymentReference ?? '';
    expect(reference).toMatch(/^CB-[2-9A-HJKMNP-Z]{5}$/);
    // The payment reference follows the append, in the tab's last column.
    const byHeader = await openSheetRow(
      page,
      { university: UNIVERSITY, campus: CAMPUS },
      orderId,
      (row) => expect(row['Payment Reference']).toBe(reference),
    );
    const cells = ORDER_SHEET_HEADER.map((title) => byHeader[title]);
    const escapedOrigin = origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // Amounts are rupee numbers, shown as the plain number.
    expect(cells).toEqual([
      UNIVERSITY,
      CAMPUS,
      'Ayesha',
      'Student',
      'Iqbal Hall, Room 214',
      '0300-1234567',
      DEMO.student.email,
      '2',
      '260',
      '830',
      '1090',
      [
        'Mart:',
        '- Mineral Water 1.5L x 1 = Rs 120.00',
        '',
        'Slice Corner:',
        '- Margherita Slice x 1 = Rs 250.00',
        '- Fajita Slice x 1 = Rs 300.00',
        '',
        'Chai Dhaba:',
        '- Doodh Patti x 2 = Rs 160.00',
      ].join('\n'),
      expect.stringMatching(
        /^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}:\d{2} [AP]M \S+$/,
      ),
      'Ayesha Student',
      'Meezan Bank',
      expect.stringMatching(new RegExp(`^${escapedOrigin}/api/screenshots/[\\w-]+\\.(png|jpe?g)$`)),
      'Please call on arrival',
      orderId,
    ]);
    // The screenshot cell links to the uploaded picture, which is served.
    const screenshotURL = cells[15] ?? '';
    await expect(
      sheetRow(page, orderId).getByRole('link', { name: screenshotURL }),
    ).toHaveAttribute('href', screenshotURL);
    const picture = await page.request.get(screenshotURL);
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toMatch(/^image\/(png|jpeg)$/);

    expect(elsewhere).toEqual([]);
    expect(consoleErrors.filter((text) => /Content Security Policy|Refused/i.test(text))).toEqual(
      [],
    );
  } finally {
    await grill.restore();
  }
});

test('at 390 px a reload at checkout keeps every field and the screenshot; the order placed forgets them', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await checkoutWithTea(page);
  const typed = {
    Phone: '0333-1112223',
    'Your account title': 'Ayesha Reload',
    'Your bank': 'Reload Bank',
  };
  for (const [label, value] of Object.entries(typed)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await chooseDeliveryPlace(page, 'Fatima Hall', 'Room 9');
  const instructions = page.getByLabel(/^Special Instructions/);
  await instructions.fill('Call on arrival');
  await page.getByRole('button', { name: 'Increase number of persons' }).click();
  await page.getByLabel('Payment Screenshot').setInputFiles({
    name: 'kept-receipt.png',
    mimeType: 'image/png',
    buffer: gradientPng(40, 30),
  });
  await expect(page.getByText('kept-receipt.png')).toBeVisible();

  // Back from the bank app, the phone's browser loads the page again.
  await page.reload();
  for (const [label, value] of Object.entries(typed)) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  }
  await expect(instructions).toHaveValue('Call on arrival');
  await expect(page.getByLabel('Delivery place')).toHaveValue(/.+/);
  await expect(page.getByLabel('Delivery place').locator('option:checked')).toHaveText(
    'Fatima Hall',
  );
  await expect(page.getByLabel('Room (optional)')).toHaveValue('Room 9');
  await expect(page.getByTestId('grand-total')).toHaveText('Rs 340.00');
  await expect(page.getByText('kept-receipt.png')).toBeVisible();
  await waitForCaptcha(page);
  await checkoutButton(page).click();
  await expect(page.getByRole('heading', { name: 'Thank you for shopping!' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('order-amount')).toHaveText('Rs 340.00');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your order' })).toBeVisible();

  // The next checkout keeps nothing of this one but what the last order offers.
  await openMenu(page, 'Chai Dhaba');
  await card(page, 'Doodh Patti')
    .getByRole('button', { name: /Add to Bucket/ })
    .click();
  await page.goto('/checkout');
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('0333-1112223');
  await expect(page.getByLabel('Your bank', { exact: true })).toHaveValue('Reload Bank');
  await expect(instructions).toHaveValue('');
  await expect(page.getByText('kept-receipt.png')).toHaveCount(0);
  await expect(page.getByTestId('grand-total')).toHaveText('Rs 210.00');
});

test.describe('the order summary', () => {
  test('at 1280 px it stays beside the form', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await checkoutWithTea(page);
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary).toBeInViewport();
    await expect(summary.getByText('Doodh Patti × 1')).toBeVisible();
    await expect(page.getByTestId('grand-total')).toBeInViewport();
    // The form's widest field ends before the summary begins.
    const field = await page.getByLabel('Email', { exact: true }).boundingBox();
    const beside = await summary.boundingBox();
    expect(beside?.x ?? 0).toBeGreaterThan((field?.x ?? 0) + (field?.width ?? 0));
    // Down at the payment fields, the total is still in sight.
    await page.getByLabel('Your bank', { exact: true }).scrollIntoViewIfNeeded();
    await expect(page.getByTestId('grand-total')).toBeInViewport();
  });

  test('at 390 px the bucket already shows the delivery charge and what one person pays', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await checkoutWithTea(page);
    await page.goto('/cart');
    await expect(page.getByTestId('item-total')).toHaveText('Rs 80.00');
    await expect(page.getByTestId('delivery-charge')).toHaveText('Rs 130.00');
    await expect(
      page.getByText('Rs 130.00 a person; you choose how many at checkout.'),
    ).toBeVisible();
    await expect(page.getByTestId('cart-total')).toHaveText('Total: Rs 210.00');
    await expect(page.getByTestId('cart-total')).toBeInViewport();
  });

  test('at 390 px its grand total heads the form, the lines one tap away', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await checkoutWithTea(page);
    expect(await page.evaluate('window.scrollY')).toBe(0);
    await expect(page.getByTestId('grand-total')).toBeInViewport();
    const total = await page.getByTestId('grand-total').boundingBox();
    const firstName = await page.getByLabel('First Name').boundingBox();
    expect(total?.y ?? 0).toBeLessThan(firstName?.y ?? 0);

    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary.getByText('Doodh Patti × 1')).toBeHidden();
    await summary.getByRole('button', { name: 'Show items' }).click();
    await expect(summary.getByText('Doodh Patti × 1')).toBeVisible();
    await expect(page.getByTestId('item-total')).toHaveText('Rs 80.00');
    await expect(page.getByTestId('delivery-charge')).toBeVisible();
    await expect(summary.getByRole('button', { name: 'Hide items' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the checkout form has no serious or critical violation and nothing scrolls sideways', async ({
    page,
  }) => {
    await signIn(page, DEMO.student.email, DEMO.student.password);
    await chooseCampus(page);
    await page.goto('/mart-items');
    await card(page, 'A4 Notebook')
      .getByRole('button', { name: /Add to Cart/ })
      .click();
    await page.goto('/checkout');
    await expect(page.getByTestId('item-total')).toHaveText('Rs 250.00');
    await expect(page.getByTestId('pay-to-details')).toBeVisible();
    await expect(checkoutButton(page)).toBeEnabled();
    await expectNoSevereViolations(page);
    const overflow = await page.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
