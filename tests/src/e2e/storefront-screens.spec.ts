import type { Locator } from '@playwright/test';
import { expectNoSevereViolations } from './support/a11y';
import { DEMO, signIn } from './support/auth';
import { chooseCampus } from './support/campus';
import { appStarted, card, menuLink, openMenu, withoutPhoto } from './support/storefront';
import { expect, test } from './support/test';

// The storefront at a phone's width and on a desktop (docs/product.md §4's screens, walked on a
// phone), against the all-in-one server and its demo data (seed.ts).
test.describe('small screens (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the navigation folds into a menu and nothing scrolls sideways', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Mart Items', exact: true })).toBeHidden();
    await menu.click();
    await page.getByRole('link', { name: 'Mart Items', exact: true }).click();
    await expect(page).toHaveURL(/\/mart-items$/);
    await expect(page.getByRole('link', { name: 'Mart Items', exact: true })).toBeHidden();
    await chooseCampus(page);
    await page.goto('/restaurants');
    await expect(card(page, 'Chai Dhaba')).toBeVisible();
    const overflow = await page.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

/** Expects `target` itself to be what a tap at its centre reaches, nothing laid over it. */
async function expectUncovered(target: Locator) {
  const reached = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = element.ownerDocument.elementFromPoint(
      box.x + box.width / 2,
      box.y + box.height / 2,
    );
    return top !== null && element.contains(top);
  });
  expect(reached).toBe(true);
}

/** Scrolls the page so that `target` sits at the bottom edge of the screen, where the chat is. */
async function scrollToBottomEdge(target: Locator) {
  await target.evaluate((element) => {
    const view = element.ownerDocument.defaultView;
    view?.scrollBy(0, element.getBoundingClientRect().bottom - view.innerHeight + 4);
  });
}

test.describe('phones (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a menu shows compact rows, several per screen, and no placeholder for a missing photo', async ({
    page,
  }) => {
    await withoutPhoto(page, 'Doodh Patti');
    await page.goto('/');
    await chooseCampus(page);
    await openMenu(page, 'Chai Dhaba');
    await expect(card(page, 'Doodh Patti')).toBeVisible();
    expect((await page.locator('header').boundingBox())?.height).toBeLessThanOrEqual(120);
    const rowsInSight = await page
      .getByRole('main')
      .getByRole('listitem')
      .evaluateAll(
        (rows) =>
          rows.filter(
            (row) =>
              row.getBoundingClientRect().bottom <=
              (row.ownerDocument.defaultView?.innerHeight ?? 0),
          ).length,
      );
    expect(rowsInSight).toBeGreaterThanOrEqual(4);

    // A photo is a thumbnail beside the name; without one, nothing stands in its place.
    expect((await card(page, 'Aloo Paratha').locator('img').boundingBox())?.width).toBeLessThan(
      100,
    );
    const tea = card(page, 'Doodh Patti');
    await expect(tea.locator('img')).toHaveCount(0);
    await expect(tea.getByTestId('photo-placeholder')).toBeHidden();
    const row = await tea.boundingBox();
    const name = await tea.getByRole('heading').boundingBox();
    expect((name?.x ?? 0) - (row?.x ?? 0)).toBeLessThanOrEqual(20);

    // The header stays in reach down the list.
    await page.mouse.wheel(0, 500);
    await expect.poll(() => page.evaluate('window.scrollY')).toBeGreaterThan(0);
    expect((await page.locator('header').boundingBox())?.y).toBe(0);
  });

  test('the search placeholders fit in their boxes', async ({ page }) => {
    await page.goto('/');
    await chooseCampus(page);
    for (const [path, name] of [
      ['/restaurants', 'Search restaurants'],
      ['/mart-items', 'Search mart items'],
    ] as const) {
      await page.goto(path);
      // Measured in the app's page, not in the server's markup that it replaces.
      await appStarted(page);
      const fit = await page.getByRole('searchbox', { name }).evaluate((input) => {
        const view = input.ownerDocument.defaultView;
        const canvas = input.ownerDocument.createElement('canvas').getContext('2d');
        if (!view || !canvas) throw new Error('no window or canvas to measure with');
        const box = view.getComputedStyle(input);
        const text = view.getComputedStyle(input, '::placeholder');
        canvas.font = `${text.fontWeight} ${text.fontSize} ${text.fontFamily}`;
        return {
          text: canvas.measureText(input.getAttribute('placeholder') ?? '').width,
          room: input.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight),
        };
      });
      expect(fit.text, `${path}: the placeholder is wider than its box`).toBeLessThanOrEqual(
        fit.room,
      );
    }
  });

  test('the bucket bar shows the total and Checkout; the chat link covers no Checkout', async ({
    page,
  }) => {
    await page.route('**/api/public-config', (route) =>
      route.fulfill({ json: { ok: true, whatsappNumber: '923001234567' } }),
    );
    await signIn(page, DEMO.student.email, DEMO.student.password);
    await chooseCampus(page);
    // Within the app, which keeps the configuration above: a page loaded anew would come with
    // the server's own, which has no number.
    await page.getByRole('link', { name: 'Browse Restaurants' }).click();
    await menuLink(page, 'Chai Dhaba').click();
    await expect(page.getByRole('link', { name: /Chat with us on WhatsApp/ })).toBeVisible();
    await expect(page.getByTestId('bucket-bar-total')).toHaveCount(0);

    await card(page, 'Doodh Patti')
      .getByRole('button', { name: /Add to Bucket/ })
      .click();
    await card(page, 'Bun Kebab')
      .getByRole('button', { name: /Add to Bucket/ })
      .click();
    await expect(page.getByTestId('bucket-bar-total')).toHaveText('Rs 240.00');
    const checkout = page.getByRole('link', { name: 'Checkout', exact: true });
    await expect(checkout).toHaveAttribute('href', '/checkout');
    await expectUncovered(checkout);
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await expectUncovered(checkout);
    // The bar takes the floating cart button's place and links to the bucket itself.
    await expect(
      page.getByRole('link', { name: 'Open your bucket: 2 items', exact: true }),
    ).toBeHidden();
    await page.getByRole('link', { name: 'Open your bucket: 2 items Rs 240.00' }).click();

    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('bucket-bar-total')).toHaveCount(0);
    const cartCheckout = page.getByRole('main').getByRole('link', { name: 'Checkout' });
    await expectUncovered(cartCheckout);
    await page.setViewportSize({ width: 390, height: 480 });
    await scrollToBottomEdge(cartCheckout);
    await expectUncovered(cartCheckout);
  });
});

// The screens a student sees, at a phone's width and on a desktop.
for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`accessibility at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('home, restaurants, mart items and a menu have no serious or critical violation', async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSevereViolations(page);
      await chooseCampus(page);
      await page.goto('/');
      await expect(page.getByRole('heading', { name: /Currently serving/ })).toBeVisible();
      await expectNoSevereViolations(page);

      await page.goto('/restaurants');
      await expect(card(page, 'Chai Dhaba')).toBeVisible();
      await expectNoSevereViolations(page);

      await page.goto('/mart-items');
      await expect(card(page, 'A4 Notebook')).toBeVisible();
      await expectNoSevereViolations(page);

      await openMenu(page, 'Sunrise Bakery');
      await expect(page.getByRole('button', { name: 'Closed' }).first()).toBeVisible();
      await expectNoSevereViolations(page);
    });

    test('the cart has no serious or critical violation', async ({ page }) => {
      await signIn(page, DEMO.student.email, DEMO.student.password);
      await chooseCampus(page);
      await page.goto('/mart-items');
      await card(page, 'A4 Notebook')
        .getByRole('button', { name: /Add to Cart/ })
        .click();
      await page.goto('/cart');
      await expect(page.getByRole('heading', { name: 'A4 Notebook' })).toBeVisible();
      await expectNoSevereViolations(page);
    });
  });
}
