import { pickSelection, selectionScript } from '../bench/storefront-server';
import { expect, test } from './support/test';

// The page's inline script (web/src/early-requests.ts) asks for the data a page needs while the
// app's script is still on its way; the app then takes those answers instead of asking again. A
// page the server renders (Home, Restaurants, a menu) carries its data instead; the Mart Items
// page is not one of them. Here the app's script is held back until the mart's list has been
// asked for: were the list asked for by the app alone, the page would never load.
test("a first visit asks for the page's data before the app's script has arrived, and only once", async ({
  page,
  baseURL,
}) => {
  const selection = await pickSelection(baseURL ?? '');
  await page.addInitScript({ content: selectionScript(selection) });
  const listPath = `/api/catalogue/campuses/${selection.campus.id}/mart-items`;
  const asked: string[] = [];
  let listAsked = () => {};
  const listSeen = new Promise<void>((resolve) => {
    listAsked = resolve;
  });
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/api/')) return;
    asked.push(pathname);
    if (pathname === listPath) listAsked();
  });
  await page.route('**/assets/*.js', async (route) => {
    await listSeen;
    await route.continue();
  });

  await page.goto('/mart-items');
  await expect(
    page.getByRole('heading', { level: 1, name: `Mart Items at ${selection.campus.name}` }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' }).first()).toBeVisible();
  expect(asked.filter((path) => path === listPath)).toEqual([listPath]);
  // Nothing the page needs at once is asked for twice.
  expect(asked.length).toBe(new Set(asked).size);
});
