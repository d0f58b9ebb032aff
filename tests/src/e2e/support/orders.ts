import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { pngChunk } from '../../support/png';
import { DEMO, signIn, waitForCaptcha } from './auth';
import { chooseCampus } from './campus';
import { card, openMenu } from './storefront';
import { expect } from './test';

// Orders placed as the demo student does, for the specs of what happens to them after checkout.

/** A small real PNG (a colour gradient), as a phone's screenshot would be. */
function screenshotPng(width = 48, height = 32): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const rows = Array.from({ length: height }, (_, y) => {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set([x * 5, y * 7, 200], 1 + x * 3);
    return row;
  });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The demo student signs in and orders a Doodh Patti (Chai Dhaba is open 24/7) through the
 * checkout page; returns the order number the thank-you view shows, and leaves the page there.
 */
export async function placeTeaOrder(page: Page): Promise<string> {
  await signIn(page, DEMO.student.email, DEMO.student.password);
  await chooseCampus(page);
  await openMenu(page, 'Chai Dhaba');
  await card(page, 'Doodh Patti')
    .getByRole('button', { name: /Add to Bucket/ })
    .click();
  await page.goto('/checkout');
  await expect(page.getByTestId('grand-total')).toHaveText('Rs 210.00');
  await page.getByLabel('Phone', { exact: true }).fill('0300-1234567');
  await page.getByLabel('Your account title', { exact: true }).fill('Ayesha Student');
  await page.getByLabel('Your bank', { exact: true }).fill('Meezan Bank');
  await page.getByLabel('Payment Screenshot').setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: screenshotPng(),
  });
  await waitForCaptcha(page);
  await page.getByRole('main').getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for shopping!' })).toBeVisible({
    timeout: 20_000,
  });
  const orderId = (await page.getByTestId('order-number').textContent()) ?? '';
  expect(orderId).not.toBe('');
  return orderId;
}
