import { expect, type Page } from '@playwright/test';

/** The demo accounts that `npm start` seeds (shared/src/server/db/seed.ts). */
export const DEMO = {
  superAdmin: { email: 'superadmin@campusbucket.test', password: 'super-admin-demo' },
  campusAdmin: { email: 'admin@lhr.northfield.edu.pk', password: 'campus-admin-demo' },
  student: { email: 'student@lhr.northfield.edu.pk', password: 'student-demo' },
} as const;

/** Waits until the ALTCHA widget on the page has solved its proof of work. */
export async function waitForCaptcha(page: Page) {
  await expect(page.locator('[data-captcha-state="verified"]')).toBeVisible({ timeout: 20_000 });
}

/**
 * Signs in through the /login page as a person would: fills the form, waits for the captcha,
 * presses 'Sign In' and waits until the app has left /login. Call it on /login, or let it go there.
 */
export async function signIn(page: Page, email: string, password: string) {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await waitForCaptcha(page);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 15_000 });
}
