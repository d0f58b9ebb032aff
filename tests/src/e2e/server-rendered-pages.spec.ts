import { pickSelection, selectionCookie, selectionScript } from '../bench/storefront-server';
import { chooseCampus, DEMO_CAMPUS, DEMO_UNIVERSITY } from './support/campus';
import { appStarted } from './support/storefront';
import { expect, test } from './support/test';

// Home, Restaurants and a menu arrive with the page in their HTML (web/src/entry-server.tsx),
// rendered for the campus the selection cookie names; the app's script starts after the first
// paint and takes the page over.

test('with JavaScript off, a visitor who chose a campus reads its restaurants and follows a link to a menu', async ({
  browserErrors,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const selection = await pickSelection(base);
  const context = await browserErrors.newContext({ javaScriptEnabled: false });
  try {
    await context.addCookies([selectionCookie(selection, base)]);
    const page = await context.newPage();
    await page.goto('/restaurants');
    await expect(page.locator('h1')).toHaveText(`Restaurants at ${selection.campus.name}`);
    await expect(page.locator('h2', { hasText: selection.restaurant.name })).toBeVisible();
    await expect(page).toHaveTitle('Restaurants · CampusBucket');
    // Its links are plain links: the menu comes from the server too.
    await page
      .locator('li', { hasText: selection.restaurant.name })
      .locator('a', { hasText: 'View Menu' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/menu/${selection.restaurant.id}$`));
    await expect(page.locator('h1')).toContainText(selection.restaurant.name);
    await expect(page.locator('button', { hasText: 'Add to Bucket' }).first()).toBeVisible();
  } finally {
    await context.close();
  }
});

test('the app takes a rendered menu over, starting from the answers the page carries', async ({
  page,
  baseURL,
}) => {
  const selection = await pickSelection(baseURL ?? '');
  await page.context().addCookies([selectionCookie(selection, baseURL ?? '')]);
  await page.addInitScript({ content: selectionScript(selection) });
  // The catalogue answers nothing until the end: what the app shows, it has from the page.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/catalogue/**', async (route) => {
    await released;
    await route.continue();
  });

  await page.goto(`/menu/${selection.restaurant.id}`);
  await appStarted(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(selection.restaurant.name);
  // The app is in charge: a signed-out visitor's add sends them to sign in.
  await page
    .getByRole('button', { name: /Add to Bucket/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login$/);
  release();
});

test('a campus chosen in the selector is remembered for the server, which renders the next visit with it', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Choose your campus' })).toBeVisible();
  await chooseCampus(page);
  const selectionCookieValue = async () =>
    (await context.cookies()).find((c) => c.name === 'campusSelection')?.value;
  await expect.poll(selectionCookieValue).toMatch(/^[^/]+\/[^/]+$/);

  const html = await (await page.request.get('/')).text();
  expect(html).toContain('Currently serving: ');
  expect(html).toContain(`${DEMO_UNIVERSITY} - ${DEMO_CAMPUS}`);

  // Cleared in the selector: the cookie goes too, and the server renders no campus.
  await page.getByRole('button', { name: `${DEMO_UNIVERSITY} - ${DEMO_CAMPUS}` }).click();
  await page.getByRole('button', { name: 'Clear Selection' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your campus' })).toBeVisible();
  await expect.poll(selectionCookieValue).toBeUndefined();
  expect(await (await page.request.get('/')).text()).toContain('Choose your campus');
});

test("should the app's script not come, a rendered page's links work as plain links", async ({
  page,
  baseURL,
  browserErrors,
}) => {
  const selection = await pickSelection(baseURL ?? '');
  await page.context().addCookies([selectionCookie(selection, baseURL ?? '')]);
  browserErrors.allow({ text: /Failed to load resource/, url: /\/assets\/.+\.js$/ });
  await page.route('**/assets/*.js', (route) => route.abort());

  await page.goto('/restaurants');
  await page
    .getByRole('listitem')
    .filter({ hasText: selection.restaurant.name })
    .getByRole('link', { name: /View Menu/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/menu/${selection.restaurant.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(selection.restaurant.name);
});
