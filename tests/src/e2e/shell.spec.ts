import { expectNoSevereViolations } from './support/a11y';
import { type ExpectedConsoleError, expect, test } from './support/test';

// docs/product.md §2's route table, seen by a visitor who is not signed in; with the load that the
// api answers with an error there (Chromium logs it on the console).
const SCREENS: Array<[path: string, heading: string, refused?: ExpectedConsoleError]> = [
  ['/', 'Welcome to CampusBucket'],
  ['/home', 'Welcome to CampusBucket'],
  ['/restaurants', 'Restaurants'],
  ['/mart-items', 'Mart Items'],
  [
    '/menu/some-restaurant',
    'Menu',
    { text: /status of 404/, url: /\/api\/catalogue\/restaurants\/some-restaurant$/ },
  ],
  ['/login', 'Sign In'],
  ['/signup', 'Create Account'],
  ['/demo', 'Selector demo'],
  ['/unauthorized', 'Access Denied'],
];

for (const [path, heading, refused] of SCREENS) {
  test(`${path} shows ${heading}`, async ({ page, browserErrors }) => {
    if (refused) browserErrors.allow(refused);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByRole('link', { name: 'CampusBucket' })).toBeVisible();
  });
}

// Signed-in routes send a visitor to sign in first.
for (const path of [
  '/cart',
  '/checkout',
  '/orders',
  '/orders/o1',
  '/super-admin',
  '/admin/u1/c1',
  '/admin',
]) {
  test(`${path} sends a signed-out visitor to /login`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
  });
}

test('an unknown path goes to /', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to CampusBucket');
});

test('the page tells search engines and browsers what it is; its icon and manifest load', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S/);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', /^#/);
  const linked = async (rel: string) =>
    page
      .locator(`link[rel="${rel}"]`)
      .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
  for (const href of [...(await linked('icon')), ...(await linked('manifest'))]) {
    const response = await request.get(href ?? '');
    expect(response.status(), String(href)).toBe(200);
    expect(await response.text(), String(href)).not.toContain('<div id="root">');
  }
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain('User-agent: *');
  expect((await request.get('/nope.js')).status()).toBe(404);
});

test('the navigation bar moves between screens without a reload', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Restaurants' }).click();
  await expect(page).toHaveURL(/\/restaurants$/);
  await page.getByRole('link', { name: 'Mart Items' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mart Items');
});

test('home has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/');
  await expectNoSevereViolations(page);
});
