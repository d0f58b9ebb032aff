import { expect, type Page } from '@playwright/test';

/** The demo university and campus that `npm start` seeds (shared/src/server/db/seed.ts). */
export const DEMO_UNIVERSITY = 'Northfield University';
export const DEMO_CAMPUS = 'Lahore Campus';

/** Chooses a university and campus through the selector in the navigation bar. */
export async function chooseCampus(page: Page, university = DEMO_UNIVERSITY, campus = DEMO_CAMPUS) {
  await page.getByRole('button', { name: /^(Select University|.+ - (Select Campus|.+))$/ }).click();
  await page.getByRole('button', { name: university, exact: true }).click();
  await expect(page.getByRole('button', { name: `${university} - Select Campus` })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${campus}`) }).click();
  await expect(page.getByRole('button', { name: `${university} - ${campus}` })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
}
