import { pickSelection, selectionCookie, selectionScript } from '../bench/storefront-server';
import { chooseCampus, DEMO_CAMPUS, DEMO_UNIVERSITY } from './support/campus';
import { expect, test } from './support/test';

// Home, Restaurants and a menu arrive with the page in their HTML (web/src/entry-server.tsx),
// rendered for the campus the selection cookie names; the app's script starts after the first
// paint and takes the page over.

test('with JavaScript off, a visitor who chose a campus reads its restaurants and a menu', async ({
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
    await page.goto(`/menu/${selection.restaurant.id}`);
    await expect(page.locator('h1')).toContainText(selection.restaurant.name);
    await expect(page.locator('button', { hasText: 'Add to Bucket' }).first()).toBeVisible();
  } finally {
    await context.close();
  }
});

test('the app takes a rendered menu over without asking for what it shows before it starts', async ({
  page,
  baseURL,
}) => {
  const selection = await pickSelection(baseURL ?? '');
  await page.context().addCookies([selectionCookie(selection, baseURL ?? '')]);
  await page.addInitScript({ content: selectionScript(selection) });
  const askedBeforeTheApp: string[] = [];
  let appAsked = false;
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) appAsked = true;
    if (pathname.startsWith('/api/') && !appAsked) askedBeforeTheApp.push(pathname);
  });

  await page.goto(`/menu/${selection.restaurant.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: selection.restaurant.name }),
  ).toBeVisible();
  // The app is in charge: a signed-out visitor's add sends them to sign in.
  await page
    .getByRole('button', { name: /Add to Bucket/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login$/);
  expect(askedBeforeTheApp).toEqual([]);
});

test('a campus chosen in the selector is remembered for the server, which renders the next visit with it', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Choose your campus' })).toBeVisible();
  await chooseCampus(page);
  const cookie = (await context.cookies()).find((c) => c.name === 'campusSelection');
  expect(cookie?.value).toMatch(/^[^/]+\/[^/]+$/);

  const html = await (await page.request.get('/')).text();
  expect(html).toContain('Currently serving: ');
  expect(html).toContain(`${DEMO_UNIVERSITY} - ${DEMO_CAMPUS}`);

  // Cleared in the selector: the cookie goes too, and the server renders no campus.
  await page.getByRole('button', { name: `${DEMO_UNIVERSITY} - ${DEMO_CAMPUS}` }).click();
  await page.getByRole('button', { name: 'Clear Selection' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your campus' })).toBeVisible();
  expect((await context.cookies()).map((c) => c.name)).not.toContain('campusSelection');
  expect(await (await page.request.get('/')).text()).toContain('Choose your campus');
});
