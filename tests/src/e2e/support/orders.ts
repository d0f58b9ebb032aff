import type { Page } from '@playwright/test';
import { gradientPng } from '../../support/png';
import { DEMO, signIn, waitForCaptcha } from './auth';
import { chooseCampus } from './campus';
import { card, openMenu } from './storefront';
import { expect } from './test';

// Orders placed as the demo student does, for the specs of what happens to them after checkout.

/** Signs the demo student in with Doodh Patti (Rs 80, Chai Dhaba is open 24/7) in the bucket. */
export async function checkoutWithTea(page: Page) {
  await signIn(page, DEMO.student.email, DEMO.student.password);
  await chooseCampus(page);
  await openMenu(page, 'Chai Dhaba');
  await card(page, 'Doodh Patti')
    .getByRole('button', { name: /Add to Bucket/ })
    .click();
  await page.goto('/checkout');
  await expect(page.getByTestId('grand-total')).toHaveText('Rs 210.00');
}

/** An order placed through the browser: its id (in its address) and the number people read. */
export type PlacedOrder = { id: string; reference: string };

/**
 * The demo student signs in and orders a Doodh Patti through the checkout page; returns the order
 * the thank-you view shows, and leaves the page there.
 */
export async function placeTeaOrder(page: Page): Promise<PlacedOrder> {
  await checkoutWithTea(page);
  return submitCheckout(page);
}

/** The demo's Lahore campus delivers to its places: checkout asks for one, then the room. */
export async function chooseDeliveryPlace(page: Page, place = 'Iqbal Hall', room = 'Room 214') {
  await page.getByLabel('Delivery place').selectOption({ label: place });
  await page.getByLabel('Room (optional)').fill(room);
}

/**
 * Fills the checkout page the demo student is on (bucket filled) and places the order to `place`
 * (Iqbal Hall, Room 214 unless given), paid with `screenshot` (a picture with no text, unless
 * given); returns
 * the order the thank-you view shows, and leaves the page there. The order number shown is the
 * payment reference the checkout asked to put in the transfer's note.
 */
export async function submitCheckout(
  page: Page,
  screenshot: Buffer = gradientPng(48, 32),
  place: { name: string; room: string } = { name: 'Iqbal Hall', room: 'Room 214' },
): Promise<PlacedOrder> {
  const asked = page.getByTestId('payment-reference');
  await expect(asked).toHaveText(/^Put CB-[2-9A-HJKMNP-Z]{5} in the transfer's note$/);
  const askedText = (await asked.textContent()) ?? '';
  await chooseDeliveryPlace(page, place.name, place.room);
  await page.getByLabel('Phone', { exact: true }).fill('0300-1234567');
  await page.getByLabel('Your account title', { exact: true }).fill('Ayesha Student');
  await page.getByLabel('Your bank', { exact: true }).fill('Meezan Bank');
  await page.getByLabel('Payment Screenshot').setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: screenshot,
  });
  await waitForCaptcha(page);
  await page.getByRole('main').getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for shopping!' })).toBeVisible({
    timeout: 20_000,
  });
  // The thank-you view is atop the order's own page: a reload shows the order.
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const id = decodeURIComponent(new URL(page.url()).pathname.replace(/^\/orders\//, ''));
  const number = page.getByTestId('order-number');
  await expect(number).toHaveText(/^CB-/);
  const reference = (await number.textContent()) ?? '';
  expect(askedText).toContain(reference);
  return { id, reference };
}
