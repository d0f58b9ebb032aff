import type { Page } from '@playwright/test';
import { gradientPng } from '../support/png';
import { expectNoSevereViolations } from './support/a11y';
import { DEMO, signIn } from './support/auth';
import { DEMO_CAMPUS, DEMO_UNIVERSITY } from './support/campus';
import { type PlacedOrder, placeTeaOrder } from './support/orders';
import { openSheetRow } from './support/sheet';
import { expect, test } from './support/test';

// After checkout (docs/architecture.md §8) against the all-in-one server and its demo data: the
// student's order waits for its payment check; an admin clears it from the Payments tab with the
// keyboard; the student's order page then shows its new state. Other specs place orders too, so an
// admin finds this one by its number.

/** A moment as the timeline and the 409 show it: 'Nov 24, 2026, 3:04 PM'. */
const SHORT_TIME = '[A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2} [AP]M';

type Account = { email: string; password: string };

/**
 * Signs an admin in, opens the Payments tab of the dashboard they land on (a super admin picks the
 * demo campus) and searches for the order; returns the queue, down to that one order.
 */
async function openPayments(page: Page, account: Account, order: PlacedOrder) {
  await signIn(page, account.email, account.password);
  await page.getByRole('tab', { name: 'Payments' }).click();
  const filters = page.getByRole('search', { name: 'Filter payments' });
  if (account === DEMO.superAdmin) {
    await filters.getByLabel('Filter by university').selectOption({ label: DEMO_UNIVERSITY });
    await filters.getByLabel('Filter by campus').selectOption({ label: DEMO_CAMPUS });
  }
  await expect(filters.getByLabel('State')).toHaveValue('placed');
  const search = filters.getByRole('searchbox', { name: 'Search' });
  // Its number as the admin reads it, typed as people type it.
  await search.fill(order.reference.toLowerCase());
  // Enter applies the search and gives the keys back to the queue.
  await search.press('Enter');
  const list = page.getByRole('list', { name: 'Orders to check' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText(order.reference);
  return list;
}

test('the campus admin verifies a payment with J then V; the order page of the student says Verified', async ({
  page,
  browserErrors,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const placed = await placeTeaOrder(page);
  const orderId = placed.id;

  // The thank-you view is atop the order's page, where it waits for its payment check; a reload
  // keeps both, never an empty checkout.
  await expect(page).toHaveURL(`/orders/${orderId}`);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for shopping!');
  await expect(page).toHaveTitle('Order · CampusBucket');
  await expect(page.getByRole('heading', { name: 'Your order' })).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Payment check pending');
  await expect(page.getByTestId('order-grand-total')).toHaveText('Rs 210.00');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toBeVisible();
  await expectNoSevereViolations(page, 'order page: ');
  // The screenshot opens at full size; Escape closes it.
  await page.getByRole('button', { name: 'Your payment screenshot: view full size' }).click();
  const lightbox = page.getByRole('dialog', { name: 'Your payment screenshot' });
  await expect(lightbox.getByRole('img')).toBeVisible();
  await expectNoSevereViolations(page, 'screenshot lightbox: ');
  await page.keyboard.press('Escape');
  await expect(lightbox).toHaveCount(0);

  // My Orders, from the account menu, lists it first (newest first).
  await page.getByRole('button', { name: DEMO.student.email, exact: true }).click();
  await page.getByRole('menuitem', { name: 'My Orders' }).click();
  await expect(page).toHaveTitle('My Orders · CampusBucket');
  const newest = page
    .getByRole('main')
    .getByRole('link', { name: /^Order of / })
    .first();
  await expect(newest).toHaveAttribute('href', `/orders/${orderId}`);
  await expectNoSevereViolations(page, 'my orders: ');
  await newest.click();
  await expect(page.getByTestId('order-status')).toHaveText('Payment check pending');

  const adminContext = await browserErrors.newContext({ baseURL });
  try {
    const admin = await adminContext.newPage();
    const list = await openPayments(admin, DEMO.campusAdmin, placed);
    const order = list.getByRole('listitem');
    for (const text of ['Rs 210.00', 'Ayesha Student', 'Meezan Bank', '0300-1234567']) {
      await expect(order).toContainText(text);
    }
    await expect(order).toContainText('Doodh Patti x 1');
    await expect(order).toContainText(new RegExp(SHORT_TIME));
    await expectNoSevereViolations(admin, 'payments tab: ');

    await admin.keyboard.press('j');
    await expect(order).toHaveAttribute('aria-current', 'true');
    await expect(order).toBeFocused();
    await admin.keyboard.press('v');
    await expect(admin.getByText('No orders match the filters.')).toBeVisible();
    await expect(admin.getByText('Ayesha Student: Verified')).toBeVisible();
    await expect(admin.getByRole('alert')).toHaveCount(0);

    // The sheet follows: the row's Status cell reads verified, with its time.
    const row = await openSheetRow(
      admin,
      { university: DEMO_UNIVERSITY, campus: DEMO_CAMPUS },
      orderId,
      (cells) => expect(cells.Status).toBe('verified'),
    );
    expect(row['Status Time']).toMatch(/\d{4} at \d{1,2}:\d{2}:\d{2} [AP]M/);
  } finally {
    await adminContext.close();
  }

  // No reload: the live stream brings the change to the open page.
  await expect(page.getByTestId('order-status')).toHaveText('Verified');
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Verified');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  // The student's mail about it is in the outbox, once.
  const superAdmin = await browserErrors.newContext({ baseURL });
  try {
    const mailbox = await superAdmin.newPage();
    await signIn(mailbox, DEMO.superAdmin.email, DEMO.superAdmin.password);
    await mailbox.goto('/super-admin/mail');
    const mails = mailbox
      .getByRole('listitem')
      .filter({ hasText: 'Your CampusBucket payment is verified' })
      .filter({ has: mailbox.locator(`a[href$="/orders/${orderId}"]`) });
    await expect(async () => {
      await mailbox.getByRole('button', { name: 'Refresh' }).click();
      await expect(mails).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  } finally {
    await superAdmin.close();
  }
});

test('two admins verify the same payment at once: one wins, the other is told who was first', async ({
  page,
  browserErrors,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The loser's request is answered 409, which Chromium logs.
  browserErrors.allow({ text: /status of 409/, url: /\/api\/admin\/orders\/[^/]+\/status$/ });
  const placed = await placeTeaOrder(page);
  const orderId = placed.id;
  const contexts = [
    await browserErrors.newContext({ baseURL }),
    await browserErrors.newContext({ baseURL }),
  ];
  try {
    const [campusAdminPage, superAdminPage] = await Promise.all(
      contexts.map((context) => context.newPage()),
    );
    const admins = [
      { page: campusAdminPage as Page, account: DEMO.campusAdmin, name: 'Bilal Manager' },
      { page: superAdminPage as Page, account: DEMO.superAdmin, name: 'Sana Admin' },
    ];
    for (const admin of admins) {
      const list = await openPayments(admin.page, admin.account, placed);
      await admin.page.keyboard.press('j');
      await expect(list.getByRole('listitem')).toHaveAttribute('aria-current', 'true');
    }

    const answers = Promise.all(
      admins.map((admin) =>
        admin.page.waitForResponse((response) =>
          response.url().endsWith(`/api/admin/orders/${orderId}/status`),
        ),
      ),
    );
    await Promise.all(admins.map((admin) => admin.page.keyboard.press('v')));
    const statuses = (await answers).map((response) => response.status());
    expect([...statuses].sort()).toEqual([200, 409]);
    const winner = admins[statuses.indexOf(200)];
    const loser = admins[statuses.indexOf(409)];
    if (!winner || !loser) throw new Error(`expected one 200 and one 409, got ${statuses}`);
    await expect(loser.page.getByRole('alert').getByRole('paragraph')).toHaveText(
      new RegExp(`^This order was already verified by ${winner.name} at ${SHORT_TIME}\\.$`),
    );
    await expect(winner.page.getByRole('alert')).toHaveCount(0);
    // The order has left both queues.
    for (const admin of admins) {
      await expect(admin.page.getByText('No orders match the filters.')).toBeVisible();
    }
  } finally {
    for (const context of contexts) await context.close();
  }

  await page.goto(`/orders/${orderId}`);
  await expect(page.getByTestId('order-status')).toHaveText('Verified');
});

test('a rejected order takes a new screenshot from the student and comes back to the queue as a second try', async ({
  page,
  browserErrors,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const placed = await placeTeaOrder(page);
  const adminContext = await browserErrors.newContext({ baseURL });
  try {
    const admin = await adminContext.newPage();
    let list = await openPayments(admin, DEMO.campusAdmin, placed);
    await admin.keyboard.press('j');
    await admin.keyboard.press('r');
    await admin.getByRole('button', { name: 'The screenshot is unreadable.' }).click();
    await expect(admin.getByText('No orders match the filters.')).toBeVisible();

    // The student's open page hears of it and offers the way back.
    await expect(page.getByTestId('order-status')).toHaveText('Rejected');
    const again = page.getByRole('region', { name: 'Send a new payment screenshot' });
    await expect(again).toContainText(/You can send a new payment screenshot until /);
    await again.getByRole('button', { name: 'Send a new screenshot' }).click();
    await expect(again.getByLabel('Payment Screenshot')).toBeFocused();
    await again.getByLabel('Payment Screenshot').setInputFiles({
      name: 'clear-receipt.png',
      mimeType: 'image/png',
      buffer: gradientPng(64, 40),
    });
    await again.getByLabel('Note for the campus team (optional)').fill('A clearer picture');
    await again.getByRole('button', { name: 'Send a new screenshot' }).click();
    await expect(page.getByText('Your new screenshot was sent')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('order-status')).toHaveText('Payment check pending');
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect(timeline).toContainText('New payment screenshot sent, waiting for its check');
    await expect(timeline).toContainText('Note: A clearer picture');
    await expectNoSevereViolations(page, 'order page after a new screenshot: ');

    // Back in the campus's queue, marked as a second try.
    await adminContext.clearCookies();
    list = await openPayments(admin, DEMO.campusAdmin, placed);
    await expect(list.getByTestId('second-try')).toHaveText(
      'Second try: a new screenshot after a rejection',
    );
  } finally {
    await adminContext.close();
  }
});
