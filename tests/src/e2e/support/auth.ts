import type { TRole } from '@campus/shared/domain/roles';
import { DEMO_ACCOUNTS_FILE, readDemoAccounts } from '@campus/shared/server/demo-accounts-file';
import { expect, type Page } from '@playwright/test';

/** A demo account of the e2e server, as its first start kept it in its data folder. */
function demoAccount(role: TRole): { email: string; password: string } {
  const dataDir = process.env.E2E_DATA_DIR as string;
  const found = readDemoAccounts(dataDir).find((account) => account.role === role);
  if (!found) throw new Error(`no ${role} in ${dataDir}/${DEMO_ACCOUNTS_FILE}`);
  return { email: found.email, password: found.password };
}

/** The demo accounts that `npm start` seeds, with the passwords its first start made. */
export const DEMO = {
  get superAdmin() {
    return demoAccount('superAdmin');
  },
  get campusAdmin() {
    return demoAccount('campusAdmin');
  },
  get student() {
    return demoAccount('user');
  },
};

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
