import type { Page } from '@playwright/test';
import { gradientPng } from '../support/png';
import { expectNoSevereViolations } from './support/a11y';
import { DEMO, signIn, waitForCaptcha } from './support/auth';
import { chooseCampus, DEMO_CAMPUS, DEMO_UNIVERSITY } from './support/campus';
import { chooseDeliveryPlace } from './support/orders';
import { card } from './support/storefront';
import { expect, test } from './support/test';

// What a new student ran into, walked as they would against the all-in-one server:
// a price that changes under the bucket, the selector against the profile, a bucket left by the
// person before, the keyboard focus, wrong or stuck messages and failures without a way out.
// The items this spec buys are its own: a campus admin makes them and removes them at the end.

const SELECTOR = /^(Select University|.+ - (Select Campus|.+))$/;

type MartItem = { id: string; name: string; price: number; stock: number };

/** The demo campus admin in a browser of their own, changing the campus's mart through the api. */
async function openCampusAdmin(page: Page) {
  await signIn(page, DEMO.campusAdmin.email, DEMO.campusAdmin.password);
  const session = await (await page.request.get('/api/account/session')).json();
  const { universityId, campusId } = session.user as { universityId: string; campusId: string };
  const form = (item: Omit<MartItem, 'id'>) => ({
    universityId,
    campusId,
    name: item.name,
    price: String(item.price),
    description: 'Made by the student walk test',
    category: 'Test',
    stock: String(item.stock),
    stockWas: '',
    photoURL: '',
  });
  const created: MartItem[] = [];
  return {
    async create(item: Omit<MartItem, 'id'>): Promise<MartItem> {
      const response = await page.request.post('/api/admin/mart-items', { data: form(item) });
      expect(response.status()).toBe(201);
      const made = { ...item, id: (await response.json()).martItem.id as string };
      created.push(made);
      return made;
    },
    async update(item: MartItem, change: Partial<MartItem>): Promise<void> {
      Object.assign(item, change);
      const response = await page.request.patch(`/api/admin/mart-items/${item.id}`, {
        data: form(item),
      });
      expect(response.status()).toBe(200);
    },
    async remove(item: MartItem): Promise<void> {
      const response = await page.request.delete(`/api/admin/mart-items/${item.id}`);
      expect(response.status()).toBe(200);
      created.splice(created.indexOf(item), 1);
    },
    async removeAll(): Promise<void> {
      for (const item of [...created]) await this.remove(item);
    },
  };
}

async function signOut(page: Page, email: string) {
  await page.getByRole('button', { name: email, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
}

const checkoutFailure = (page: Page) => page.getByTestId('checkout-failure').getByRole('alert');

test('a price changed under the bucket: the cart shows it, the quote says it before the account to pay, and the order keeps the quoted price', async ({
  page,
  browserErrors,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const adminContext = await browserErrors.newContext({ baseURL });
  const admin = await openCampusAdmin(await adminContext.newPage());
  try {
    const juice = await admin.create({ name: 'Walk Juice', price: 120, stock: 20 });

    // Signed out, the selector points at another campus; signing in brings it to their own.
    await page.goto('/');
    await chooseCampus(page, DEMO_UNIVERSITY, 'Islamabad Campus');
    await signIn(page, DEMO.student.email, DEMO.student.password);
    await expect(page.getByRole('button', { name: SELECTOR })).toHaveText(
      `${DEMO_UNIVERSITY} - ${DEMO_CAMPUS}`,
    );
    await page.goto('/mart-items');
    await card(page, juice.name)
      .getByRole('button', { name: /Add to Cart/ })
      .click();
    // The counter took the add button's place: the focus is on its plus, not the page top.
    await expect(
      page.getByRole('button', { name: `Increase quantity of ${juice.name}` }),
    ).toBeFocused();

    // The student browses another campus again; checkout still orders for their own.
    await chooseCampus(page, DEMO_UNIVERSITY, 'Islamabad Campus');

    await admin.update(juice, { price: 150 });
    await page.goto('/cart');
    await expect(card(page, juice.name)).toContainText('Rs 150.00 each');
    // The bucket's total is what one person pays, the delivery charge in it.
    await expect(page.getByTestId('item-total')).toHaveText('Rs 150.00');
    await expect(page.getByTestId('delivery-charge')).toHaveText('Rs 130.00');
    await expect(page.getByTestId('cart-total')).toHaveText('Total: Rs 280.00');
    await expect(page.getByTestId('price-changes')).toContainText(
      'Prices changed since you filled your bucket: Walk Juice is now Rs 150.00.',
    );

    // It changes again before checkout, on a phone: the quote says so, line by line, and the
    // account to pay waits until the student takes the new total.
    await page.setViewportSize({ width: 390, height: 844 });
    await admin.update(juice, { price: 170 });
    await page.goto('/checkout');
    const changes = page.getByTestId('quote-changes');
    await expect(changes).toContainText('Walk Juice is now Rs 170.00 (was Rs 150.00).');
    await expect(changes).toContainText('Your new total is Rs 300.00.');
    await expect(page.getByTestId('pay-to-details')).toHaveCount(0);
    await changes.getByRole('button', { name: 'Update my bucket' }).click();
    await expect(page.getByTestId('amount-to-transfer')).toHaveText('Rs 300.00');
    await expect(page.getByTestId('grand-total')).toHaveText('Rs 300.00');
    await expect(page.getByTestId('quote-countdown')).toHaveText(
      /^Prices and stock held for you for (20:00|19:\d\d)\.$/,
    );
    await chooseDeliveryPlace(page);
    await page.getByLabel('Phone', { exact: true }).fill('0300-1234567');
    await page.getByLabel('Your account title', { exact: true }).fill('Ayesha Student');
    await page.getByLabel('Your bank', { exact: true }).fill('Meezan Bank');
    const screenshot = page.getByLabel('Payment Screenshot');
    const submit = page.getByRole('main').getByRole('button', { name: 'Checkout' });

    // A text file named like a picture is not an image, and the message goes with a good file.
    await screenshot.setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture at all'),
    });
    await waitForCaptcha(page);
    await submit.click();
    await expect(screenshot).toHaveAccessibleDescription(/The file given is not an image/);
    await expect(screenshot).toBeFocused();
    await expect(screenshot).toHaveAttribute('aria-invalid', 'true');
    await screenshot.setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: gradientPng(8, 8),
    });
    await expect(checkoutFailure(page)).toHaveCount(0);
    await expect(screenshot).not.toHaveAttribute('aria-invalid', 'true');

    // The price moves while the student pays: the quote holds the one they transferred.
    await admin.update(juice, { price: 190 });
    const orderBodies: Array<{ grandTotal: number; quoteId?: string }> = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/orders')) orderBodies.push(request.postDataJSON());
    });
    await submit.click();
    await expect(page.getByRole('heading', { name: 'Thank you for shopping!' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByTestId('order-amount')).toHaveText('Rs 300.00');
    await expect(page.getByTestId('order-number')).not.toBeEmpty();
    expect(orderBodies.map((body) => body.grandTotal)).toEqual([300]);
    expect(orderBodies[0]?.quoteId).toBeTruthy();
  } finally {
    await admin.removeAll();
    await adminContext.close();
  }
});

test('gone and sold-out items say so on the cart page; focus stays in the bucket; the bucket leaves with its owner', async ({
  page,
  browserErrors,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const adminContext = await browserErrors.newContext({ baseURL });
  const admin = await openCampusAdmin(await adminContext.newPage());
  try {
    const crisps = await admin.create({ name: 'Walk Crisps', price: 50, stock: 5 });
    const soap = await admin.create({ name: 'Walk Soap', price: 80, stock: 5 });
    await signIn(page, DEMO.student.email, DEMO.student.password);
    await page.goto('/mart-items');
    for (const item of [crisps, soap]) {
      await card(page, item.name)
        .getByRole('button', { name: /Add to Cart/ })
        .click();
    }
    await card(page, crisps.name)
      .getByRole('button', { name: `Increase quantity of ${crisps.name}` })
      .click();

    await admin.update(crisps, { stock: 1 });
    await page.goto('/cart');
    await expect(card(page, crisps.name)).toContainText(
      'Sorry, only 1 of Walk Crisps left in stock. Please lower the quantity in your bucket.',
    );
    await expect(page.getByRole('main').getByRole('link', { name: 'Checkout' })).toHaveCount(0);
    await admin.remove(crisps);
    await page.reload();
    await expect(card(page, crisps.name)).toContainText(
      'Walk Crisps is no longer available. Please remove it from your bucket.',
    );

    // '−' down to 1 keeps the focus on it; Remove moves it to the next line.
    const soapLine = card(page, soap.name);
    await soapLine.getByRole('button', { name: `Increase quantity of ${soap.name}` }).click();
    const fewer = soapLine.getByRole('button', { name: `Decrease quantity of ${soap.name}` });
    await fewer.click();
    await expect(fewer).toBeDisabled();
    await expect(fewer).toBeFocused();
    await page.getByRole('button', { name: `Remove ${crisps.name}` }).click();
    await expect(page.getByRole('button', { name: `Remove ${soap.name}` })).toBeFocused();
    await page.getByRole('button', { name: `Remove ${soap.name}` }).click();
    await expect(page.getByRole('heading', { name: 'Your Bucket' })).toBeFocused();
    expect(await page.evaluate('document.activeElement.tagName')).not.toBe('BODY');

    // Another person on this browser never sees this student's bucket: not after a sign-out...
    await page.goto('/mart-items');
    await card(page, soap.name)
      .getByRole('button', { name: /Add to Cart/ })
      .click();
    await expect(page.getByTestId('cart-badge')).toHaveText('1');
    await signOut(page, DEMO.student.email);
    await signIn(page, DEMO.campusAdmin.email, DEMO.campusAdmin.password);
    await page.goto('/cart');
    await expect(page.getByText('Your bucket is empty.')).toBeVisible();
    // ...nor when the browser closed without one (the session cookie is gone, the storage stays).
    await signOut(page, DEMO.campusAdmin.email);
    await signIn(page, DEMO.student.email, DEMO.student.password);
    await page.goto('/mart-items');
    await card(page, soap.name)
      .getByRole('button', { name: /Add to Cart/ })
      .click();
    await page.context().clearCookies();
    await signIn(page, DEMO.campusAdmin.email, DEMO.campusAdmin.password);
    await page.goto('/cart');
    await expect(page.getByText('Your bucket is empty.')).toBeVisible();
  } finally {
    await admin.removeAll();
    await adminContext.close();
  }
});

test('a signed-out add says why it goes to sign-in and is done after it; signed-in people skip /login', async ({
  page,
}) => {
  await page.goto('/');
  await chooseCampus(page);
  await page.goto('/mart-items');
  await card(page, 'Mineral Water 1.5L')
    .getByRole('button', { name: /Add to Cart/ })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'Sign in' })).toHaveText(
    'Sign in to add items to your bucket',
  );
  await signIn(page, DEMO.student.email, DEMO.student.password);
  await expect(page).toHaveURL(/\/mart-items$/);
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await expect(
    card(page, 'Mineral Water 1.5L').getByRole('status', {
      name: 'Quantity of Mineral Water 1.5L',
    }),
  ).toHaveText('1');

  await page.goto('/login');
  await expect(page).toHaveURL(/\/home$|\/$/);
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/home$|\/$/);
});

test('failed loads offer Retry; a restaurant with malformed hours reads "Hours unknown"', async ({
  page,
  browserErrors,
}) => {
  let failUniversities = true;
  await page.route('**/api/catalogue/universities', (route) =>
    failUniversities ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
  );
  browserErrors.allow({ text: /status of 500/, url: /\/api\/catalogue\/universities$/ });
  await page.goto('/');
  await page.getByRole('button', { name: SELECTOR }).click();
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  await expect(page.getByText('No universities available')).toHaveCount(0);
  failUniversities = false;
  await retry.click();
  await expect(page.getByRole('button', { name: DEMO_UNIVERSITY, exact: true })).toBeVisible();
  await expect(retry).toHaveCount(0);
  await page.keyboard.press('Escape');
  await chooseCampus(page);

  // One restaurant's hours are malformed (as an import could leave them): only its card says so.
  await page.route('**/api/catalogue/campuses/*/restaurants', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.restaurants[0] = {
      ...body.restaurants[0],
      is24x7: false,
      openTime: 'half past ten',
      closeTime: '11:00 PM',
    };
    await route.fulfill({ response, json: body });
  });
  await page.goto('/restaurants');
  await expect(page.getByText('Hours unknown')).toHaveCount(1);
  await expect(page.getByRole('link', { name: /View Menu/ }).first()).toBeVisible();
  await expect(page.getByText('Oops! Something went wrong')).toHaveCount(0);
  await expect(page.getByText(/Invalid restaurant time/)).toHaveCount(0);
  await page.unroute('**/api/catalogue/campuses/*/restaurants');

  let failMart = true;
  await page.route('**/api/catalogue/campuses/*/mart-items', (route) =>
    failMart ? route.fulfill({ status: 503, body: '{}' }) : route.continue(),
  );
  browserErrors.allow({
    text: /status of 503/,
    url: /\/api\/catalogue\/campuses\/[^/]+\/mart-items$/,
  });
  await page.goto('/mart-items');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  failMart = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(card(page, 'Mineral Water 1.5L')).toBeVisible();
});

test('a used or missing reset link offers a new one', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toHaveText(
    'This password reset link is invalid or has expired. Please request a new one.',
  );
  await expect(page.getByLabel('New Password')).toHaveCount(0);
  await page.getByRole('link', { name: 'Request a New Link' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
});

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 800 ? 844 : 800 } });

    test('every storefront page has no serious or critical accessibility violation', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await signIn(page, DEMO.student.email, DEMO.student.password);
      await page.goto('/mart-items');
      await card(page, 'Mineral Water 1.5L')
        .getByRole('button', { name: /Add to Cart/ })
        .click();
      const pages = {
        '/': 'Home',
        '/restaurants': 'Restaurants',
        '/mart-items': 'Mart Items',
        '/cart': 'Cart',
        '/checkout': 'Checkout',
      };
      for (const [path, title] of Object.entries(pages)) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page).toHaveTitle(`${title} · CampusBucket`);
        await expectNoSevereViolations(page, `${path}: `);
      }
      await page.goto('/restaurants');
      await page
        .getByRole('link', { name: /View Menu/ })
        .first()
        .click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Menu');
      await expectNoSevereViolations(page, 'menu: ');
    });
  });
}
