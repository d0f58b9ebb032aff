import type { Locator, Page } from '@playwright/test';
import { expect } from './test';

// What the storefront specs share: how a person finds cards and menus.

/** A value the page keeps in browser storage, or null. */
export async function stored(page: Page, key: string): Promise<string | null> {
  const { origins } = await page.context().storageState();
  const here = origins.find((origin) => page.url().startsWith(origin.origin));
  return here?.localStorage.find((entry) => entry.name === key)?.value ?? null;
}

/**
 * Waits until the app has taken over a page the server rendered: that page's markup (inert, in
 * its own wrapper) is replaced by the app's at its first render.
 */
export async function appStarted(page: Page) {
  await expect(page.locator('#root > [inert]')).toHaveCount(0);
}

/** The card (list item) of a restaurant or item by its heading. */
export const card = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** The View Menu link on a restaurant's card. */
export const menuLink = (page: Page, restaurant: string) =>
  card(page, restaurant).getByRole('link', { name: /View Menu/ });

/** Opens a restaurant's menu from its card, as a student does. */
export async function openMenu(page: Page, restaurant: string) {
  await page.goto('/restaurants');
  await menuLink(page, restaurant).click();
}

/** Every demo item has a photo: the menu api answers here as if `item` had none. */
export async function withoutPhoto(page: Page, item: string) {
  await page.route('**/api/catalogue/**/restaurants/*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { menuItems?: Array<Record<string, unknown>> };
    for (const menuItem of body.menuItems ?? []) {
      if (menuItem.name === item) menuItem.photoURL = null;
    }
    await route.fulfill({ response, json: body });
  });
}

/** A box of 4:3, give or take a pixel. */
export function expectFourByThree(box: { width: number; height: number } | null) {
  expect(box).not.toBeNull();
  expect(Math.abs((box?.width ?? 0) * 3 - (box?.height ?? 0) * 4)).toBeLessThanOrEqual(4);
}

/** Searches for `term` and expects the card `kept` to stay and the card `dropped` to go. */
export async function expectSearch(
  search: Locator,
  term: string,
  { kept, dropped }: { kept: string; dropped: string },
) {
  await search.fill(term);
  await expect(card(search.page(), kept)).toBeVisible();
  await expect(card(search.page(), dropped)).toBeHidden();
}
