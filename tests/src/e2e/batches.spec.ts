import type { Page } from '@playwright/test';
import { DEMO, signIn } from './support/auth';
import { checkoutWithTea, submitCheckout } from './support/orders';
import { readQrCode } from './support/qr-code';
import { changeRestaurant } from './support/restaurants';
import { card, openMenu } from './support/storefront';
import { expect, test } from './support/test';

// Delivery batches (docs/architecture.md §8, decision 013) against the all-in-one server and its
// demo data: the campus admin gives Lahore Campus one round a couple of hours ahead (rounds are in
// the campus's time zone, so it is worked out from the zone the editor names); the student orders
// from two restaurants and is promised that round; the admin verifies the payment, opens the batch,
// prints its pick lists (one page per restaurant), closes it and marks it dispatched; the
// student's order page then says 'Out for delivery'. Other specs order at the same campus, so
// the admin finds this order by its number, and the rounds are removed again at the end.

const WEEKDAY_NAMES: Record<string, string> = {
  Mon: 'Monday',
  Tue: 'Tuesday',
  Wed: 'Wednesday',
  Thu: 'Thursday',
  Fri: 'Friday',
  Sat: 'Saturday',
  Sun: 'Sunday',
};

/** The wall clock of an instant in a zone: weekday ('Thursday'), '14:05' and minutes of the day. */
function wallClock(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const minutes = Number(part('hour')) * 60 + Number(part('minute'));
  return { weekday: WEEKDAY_NAMES[part('weekday')] ?? '', minutes };
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const twelveHour = (minutes: number) => {
  const hour = Math.floor(minutes / 60);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minutes % 60).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
};

/** Opens the Batches tab of the dashboard the campus admin lands on; returns the rounds form. */
async function openBatches(page: Page) {
  await page.getByRole('tab', { name: 'Batches' }).click();
  // The week's editor is folded below today's rounds.
  const week = page.locator('details', { hasText: 'Weekly delivery rounds' });
  if ((await week.getAttribute('open')) === null) await week.locator('summary').click();
  const editor = page.getByRole('form', { name: 'Delivery rounds' });
  await expect(editor).toBeVisible();
  return editor;
}

/** Opens the Batches tab's delivery places; returns their form. */
async function openPlaces(page: Page) {
  await page.getByRole('tab', { name: 'Batches' }).click();
  const folded = page.locator('details', { hasText: 'Delivery places' });
  if ((await folded.getAttribute('open')) === null) await folded.locator('summary').click();
  const editor = page.getByRole('form', { name: 'Delivery places' });
  await expect(editor).toBeVisible();
  return editor;
}

/** Removes the place this test added, if it is there, and saves. */
async function removeWalkPlace(page: Page) {
  const editor = await openPlaces(page);
  const remove = editor.getByRole('button', { name: `Remove ${WALK_PLACE}` });
  if ((await remove.count()) === 0) return;
  await remove.click();
  await editor.getByRole('button', { name: 'Save delivery places' }).click();
  await expect(editor.getByRole('status').getByText('Delivery places saved.')).toBeVisible();
}

const WALK_PLACE = 'Walk Library';

/** Removes every round and saves: the campus delivers outside batches again. */
async function removeRounds(page: Page) {
  const editor = await openBatches(page);
  const removeAll = editor.getByRole('button', { name: 'Remove all rounds' });
  if ((await removeAll.count()) === 0) return;
  await removeAll.click();
  await editor.getByRole('button', { name: 'Save delivery rounds' }).click();
  await expect(
    editor.getByText('No delivery rounds: orders are delivered outside batches.'),
  ).toBeVisible();
}

test('an admin runs a delivery round: slots, verified order, printed pick lists, dispatched', async ({
  page,
  browserErrors,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const adminContext = await browserErrors.newContext({ baseURL });
  const admin = await adminContext.newPage();
  try {
    await signIn(admin, DEMO.campusAdmin.email, DEMO.campusAdmin.password);
    await removeRounds(admin);

    // One round: the cut-off two hours from now in the campus's zone, delivery half an hour on.
    const editor = await openBatches(admin);
    const zone = /time zone \(([^)]+)\)/.exec((await editor.textContent()) ?? '')?.[1];
    expect(zone).toBeTruthy();
    const cutoff = wallClock(new Date(Date.now() + 2 * 3600_000), zone ?? '');
    const delivery = Math.min(cutoff.minutes + 30, 23 * 60 + 59);
    const cutoffMinutes = Math.min(cutoff.minutes, delivery - 1);
    await editor.getByRole('button', { name: `Add a round on ${cutoff.weekday}` }).click();
    await editor
      .getByLabel(`${cutoff.weekday} round 1 Cut-off time`, { exact: true })
      .fill(hhmm(cutoffMinutes));
    await editor
      .getByLabel(`${cutoff.weekday} round 1 Delivery time`, { exact: true })
      .fill(hhmm(delivery));
    await editor.getByRole('button', { name: 'Save delivery rounds' }).click();
    await expect(editor.getByRole('status').getByText('Delivery rounds saved.')).toBeVisible();
    await expect(editor.getByText(/^Next round: /)).toBeVisible();

    // A place of the campus's own: students choose it at checkout.
    const places = await openPlaces(admin);
    await places.getByRole('button', { name: 'Add place' }).click();
    const count = await places.getByRole('listitem').count();
    await places.getByLabel(`Place ${count} Name`, { exact: true }).fill(WALK_PLACE);
    await places.getByLabel(`${WALK_PLACE} Code`, { exact: true }).fill('wlib');
    await places
      .getByLabel(`${WALK_PLACE} Note for students`, { exact: true })
      .fill('Hand over at the issue desk.');
    await places.getByRole('button', { name: 'Save delivery places' }).click();
    await expect(places.getByRole('status').getByText('Delivery places saved.')).toBeVisible();
    await expect(places.getByLabel(`${WALK_PLACE} Code`, { exact: true })).toHaveValue('WLIB');

    // The student orders tea and a slice (two restaurants) and is promised that round.
    await checkoutWithTea(page);
    await openMenu(page, 'Slice Corner');
    await card(page, 'Margherita Slice')
      .getByRole('button', { name: /Add to Bucket/ })
      .click();
    await page.goto('/checkout');
    const promise = new RegExp(
      `^Arrives with the ${twelveHour(delivery)} round.*; order by ${twelveHour(cutoffMinutes)}`,
    );
    await expect(page.getByTestId('delivery-round')).toHaveText(promise);
    await expect(page.getByLabel('Delivery place')).toContainText(WALK_PLACE);
    await page.getByLabel('Delivery place').selectOption({ label: WALK_PLACE });
    await expect(page.getByLabel('Delivery place')).toHaveAccessibleDescription(
      'Hand over at the issue desk.',
    );
    const order = await submitCheckout(page, undefined, { name: WALK_PLACE, room: 'Room 5' });
    await expect(page.getByTestId('order-round')).toHaveText(promise);
    await expect(page.getByTestId('order-deliver-to')).toHaveText(`${WALK_PLACE}, Room 5`);

    // Slice Corner takes one order a round now: the next bucket with a slice is promised the
    // round after, with the reason, and its order joins that round.
    const capped = await changeRestaurant(admin, 'Slice Corner', { roundCapacity: 1 });
    try {
      await openMenu(page, 'Slice Corner');
      await card(page, 'Fajita Slice')
        .getByRole('button', { name: /Add to Bucket/ })
        .click();
      await page.goto('/checkout');
      await expect(page.getByTestId('delivery-round')).toHaveText(
        new RegExp(
          `^Slice Corner takes no more orders in the .+ ${twelveHour(delivery)} round\\. Arrives with the ${twelveHour(delivery)} round on .+`,
        ),
      );
      await submitCheckout(page);
      await expect(page.getByTestId('order-round')).toHaveText(/ on /);
    } finally {
      await capped.restore();
    }

    // The admin verifies the payment from the Payments tab.
    await admin.getByRole('tab', { name: 'Payments' }).click();
    const search = admin
      .getByRole('search', { name: 'Filter payments' })
      .getByRole('searchbox', { name: 'Search' });
    await search.fill(order.reference);
    await search.press('Enter');
    const queue = admin.getByRole('list', { name: 'Orders to check' });
    await expect(queue.getByRole('listitem')).toHaveCount(1);
    await admin.keyboard.press('j');
    await admin.keyboard.press('v');
    await expect(admin.getByText(/: Verified$/)).toBeVisible();

    // The batch of the round: its pick lists name both restaurants.
    await openBatches(admin);
    const row = admin
      .getByRole('table', { name: 'Delivery rounds' })
      .getByRole('row')
      .filter({ hasText: twelveHour(cutoffMinutes) })
      .filter({ hasNotText: 'Closed' })
      .first();
    await row.getByRole('button', { name: /^Open the / }).click();
    const batch = admin.getByRole('region', { name: /round$/ }).first();
    await expect(batch.getByRole('region', { name: 'Pick list: Chai Dhaba' })).toContainText(
      'Doodh Patti',
    );
    await expect(batch.getByRole('region', { name: 'Pick list: Slice Corner' })).toContainText(
      'Margherita Slice',
    );
    await expect(batch.getByRole('region', { name: `Drop list: ${WALK_PLACE}` })).toContainText(
      'Room 5',
    );

    // The print view: one printed page per restaurant.
    const printHref = await batch
      .getByRole('link', { name: 'Print pick lists' })
      .getAttribute('href');
    expect(printHref).toMatch(/^\/admin\/batches\/[^/]+\/print$/);
    const printPage = await adminContext.newPage();
    await printPage.goto(printHref ?? '');
    await expect(printPage.getByRole('heading', { level: 1 })).toContainText('Pick lists: ');
    const restaurants = await printPage.getByRole('region', { name: /^Pick list: / }).count();
    expect(restaurants).toBeGreaterThanOrEqual(2);
    await printPage.emulateMedia({ media: 'print' });
    await expect(printPage.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const pdf = (await printPage.pdf({ format: 'A4' })).toString('latin1');
    // Page objects, not the /Pages tree that lists them.
    expect(pdf.match(/\/Type\s*\/Page(?!s)/g)?.length).toBe(restaurants);
    await printPage.close();

    // The bag labels: one per order and restaurant part, each with the QR code of its order.
    const labelsHref = await batch
      .getByRole('link', { name: 'Print bag labels' })
      .getAttribute('href');
    const labelsPage = await adminContext.newPage();
    await labelsPage.goto(labelsHref ?? '');
    await expect(labelsPage.getByRole('heading', { level: 1 })).toContainText('Bag labels: ');
    const bags = labelsPage.getByRole('list', { name: 'Bag labels' }).locator(':scope > li');
    const ours = bags.filter({ hasText: order.reference });
    // Tea and a slice: a bag from each restaurant.
    await expect(ours).toHaveCount(2);
    await expect(ours.first()).toContainText(`${WALK_PLACE}, Room 5`);
    await expect(ours.first()).toContainText('bag 1 of 2');
    const qr = ours
      .first()
      .getByRole('img', { name: `QR code of order ${order.reference}'s page` });
    await expect(qr).toBeVisible();
    const link = await readQrCode(qr);
    expect(link).toBe(new URL(`/orders/${order.id}`, baseURL).href);
    // On A4, labels sit side by side: fewer pages than bags.
    await labelsPage.emulateMedia({ media: 'print' });
    const labelsPdf = (await labelsPage.pdf({ format: 'A4' })).toString('latin1');
    const labelPages = labelsPdf.match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
    expect(labelPages).toBeGreaterThanOrEqual(1);
    expect(labelPages).toBeLessThanOrEqual(Math.max(1, Math.ceil((await bags.count()) / 2)));
    await labelsPage.close();
    // The student who scans it lands on their order.
    await page.goto(link ?? '');
    await expect(page.getByTestId('order-number')).toHaveText(order.reference);

    // An open round is not sent out: orders could still join it.
    await expect(batch.getByRole('button', { name: 'Mark dispatched' })).toBeDisabled();
    await expect(batch.getByText(/^This round is still open: /)).toBeVisible();
    // Close the round now (no order joins it any more), then send it out, each after a confirmation.
    await batch.getByRole('button', { name: 'Close now' }).click();
    await admin
      .getByRole('alertdialog', { name: 'Close this round now?' })
      .getByRole('button', { name: 'Close now' })
      .click();
    await expect(batch.getByRole('status')).toHaveText(/^Round closed early with /);
    await batch.getByRole('button', { name: 'Mark dispatched' }).click();
    await admin
      .getByRole('alertdialog', { name: /^Send \d+ orders? out for delivery\?$/ })
      .getByRole('button', { name: 'Mark dispatched' })
      .click();
    await expect(batch.getByRole('status')).toHaveText(/marked out for delivery\.$/);
    await expect(batch.getByRole('button', { name: /^Delivered: / }).first()).toBeVisible();

    // The student's order page says so.
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByTestId('order-status')).toHaveText('Out for delivery');
    await expect(page.getByText(/^Delivery: .+ round$/)).toBeVisible();
  } finally {
    await removeRounds(admin).catch((error: unknown) =>
      console.warn('Could not remove the delivery rounds of the demo campus', error),
    );
    await removeWalkPlace(admin).catch((error: unknown) =>
      console.warn('Could not remove the delivery place of the test', error),
    );
    await adminContext.close();
  }
});
