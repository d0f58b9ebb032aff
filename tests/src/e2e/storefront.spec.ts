import { DEMO, signIn } from './support/auth';
import { chooseCampus, DEMO_CAMPUS, DEMO_UNIVERSITY } from './support/campus';
import {
  card,
  expectFourByThree,
  expectSearch,
  menuLink,
  openMenu,
  stored,
  withoutPhoto,
} from './support/storefront';
import { expect, test } from './support/test';

// The storefront of docs/product.md §2/§4 against the all-in-one server and its demo data
// (seed.ts): Northfield University / Lahore Campus with Chai Dhaba and Slice Corner (24x7),
// Midnight Grill (6 PM - 2 AM), Sunrise Bakery (closed while seeding) and mart items, Salted Crisps
// with stock 0.

const UNIVERSITY = DEMO_UNIVERSITY;
const CAMPUS = DEMO_CAMPUS;

test.describe('university and campus selector', () => {
  test('a chosen university and campus survive a reload and clear again', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Select University' })).toBeVisible();
    await expect(
      page.getByText('Please select your university and campus using the selector'),
    ).toBeVisible();

    await chooseCampus(page);
    await expect(
      page.getByRole('heading', { name: `Currently serving: ${UNIVERSITY} - ${CAMPUS}` }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Restaurants' })).toHaveAttribute(
      'href',
      '/restaurants',
    );
    await expect(page.getByRole('link', { name: 'Shop Mart Items' })).toHaveAttribute(
      'href',
      '/mart-items',
    );

    await page.reload();
    await expect(page.getByRole('button', { name: `${UNIVERSITY} - ${CAMPUS}` })).toBeVisible();
    expect(JSON.parse((await stored(page, 'selectedUniversity')) ?? 'null')).toMatchObject({
      name: UNIVERSITY,
    });
    expect(JSON.parse((await stored(page, 'selectedCampus')) ?? 'null')).toMatchObject({
      name: CAMPUS,
    });

    await page.getByRole('button', { name: `${UNIVERSITY} - ${CAMPUS}` }).click();
    await page.getByRole('button', { name: 'Clear Selection' }).click();
    await expect(page.getByRole('button', { name: 'Select University' })).toBeVisible();
    expect(await stored(page, 'selectedUniversity')).toBeNull();
    expect(await stored(page, 'selectedCampus')).toBeNull();
  });

  test('choosing another university clears the campus; Escape closes the dropdown', async ({
    page,
  }) => {
    await page.goto('/');
    await chooseCampus(page);
    const button = page.getByRole('button', { name: `${UNIVERSITY} - ${CAMPUS}` });
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('button', { name: 'Riverside Institute of Technology' }).click();
    const riverside = page.getByRole('button', {
      name: 'Riverside Institute of Technology - Select Campus',
    });
    await expect(riverside).toBeVisible();
    await expect(page.getByRole('button', { name: /^Main Campus/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(riverside).toHaveAttribute('aria-expanded', 'false');
    await expect(riverside).toBeFocused();
    await expect(page.getByRole('button', { name: /^Main Campus/ })).toBeHidden();
  });

  test('/demo shows the selection, the counts, the loading flag and connectivity', async ({
    page,
  }) => {
    await page.goto('/demo');
    await expect(page.getByTestId('demo-universities')).toHaveText('2');
    await expect(page.getByTestId('demo-selected-university')).toHaveText('None');
    await expect(page.getByTestId('demo-loading')).toHaveText('No');
    await expect(page.getByTestId('demo-connectivity')).toHaveText('Online');
    await chooseCampus(page);
    await expect(page.getByTestId('demo-selected-university')).toHaveText(UNIVERSITY);
    await expect(page.getByTestId('demo-selected-campus')).toHaveText(CAMPUS);
    await expect(page.getByTestId('demo-campuses')).toHaveText('2');
  });

  test('/demo turns Offline when the api does not answer', async ({ page, browserErrors }) => {
    await page.route('**/healthz', (route) => route.abort('connectionrefused'));
    browserErrors.allow({ text: /net::ERR_CONNECTION_REFUSED/, url: /\/healthz$/ });
    await page.goto('/demo');
    await expect(page.getByTestId('demo-connectivity')).toHaveText('Offline');
  });
});

test.describe('restaurants', () => {
  test('asks for a selection first', async ({ page }) => {
    await page.goto('/restaurants');
    await expect(
      page.getByText('Please select a university and campus to view restaurants'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Select University' }).click();
    await page.getByRole('button', { name: UNIVERSITY, exact: true }).click();
    await expect(page.getByText('Please select a campus to view restaurants')).toBeVisible();
  });

  test('a window past midnight is open before and after 12 AM and closed in the morning', async ({
    page,
  }) => {
    // Karachi is UTC+5: Midnight Grill (6 PM - 2 AM) at 11:30 PM, 1:30 AM and 3:00 AM.
    const status = async (utc: string) => {
      await page.clock.setFixedTime(new Date(utc));
      await page.goto('/restaurants');
      return card(page, 'Midnight Grill');
    };
    await page.goto('/');
    await chooseCampus(page);
    await expect(await status('2026-11-21T18:30:00Z')).toContainText(
      'Open now (closes at 2:00 AM)',
    );
    await expect(await status('2026-11-21T20:30:00Z')).toContainText(
      'Open now (closes at 2:00 AM)',
    );
    await expect(await status('2026-11-21T22:00:00Z')).toContainText('Closed (opens at 6:00 PM)');
  });

  test('lists the campus restaurants with their hours and searches them', async ({ page }) => {
    await page.goto('/');
    await chooseCampus(page);
    await page.getByRole('link', { name: 'Restaurants', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Restaurants at ${CAMPUS}`);
    for (const name of ['Chai Dhaba', 'Slice Corner', 'Midnight Grill', 'Sunrise Bakery']) {
      await expect(card(page, name)).toBeVisible();
    }
    await expect(card(page, 'Chai Dhaba')).toContainText('Open 24/7');
    await expect(card(page, 'Sunrise Bakery')).toContainText(
      /Closed \(opens at \d{1,2}:00 [AP]M\)/,
    );

    const search = page.getByRole('searchbox', { name: 'Search restaurants' });
    await expect(search).toHaveAttribute(
      'placeholder',
      'Search restaurants by name, cuisine, or location...',
    );
    await expectSearch(search, 'bbq', { kept: 'Midnight Grill', dropped: 'Chai Dhaba' });
    await search.fill('HOSTEL');
    await expect(card(page, 'Chai Dhaba')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'View Menu' })).toHaveCount(1);
    await search.fill('sushi');
    await expect(page.getByText('No restaurants found matching "sushi"')).toBeVisible();
    await expect(page.getByText('Try adjusting your search terms')).toBeVisible();
    await search.fill('');
    await expect(page.getByRole('listitem').filter({ hasText: 'View Menu' })).toHaveCount(4);
  });

  test('a load error replaces the list', async ({ page, browserErrors }) => {
    await page.route('**/api/catalogue/campuses/*/restaurants', (route) =>
      route.fulfill({
        status: 500,
        json: { error: { code: 'internal', message: 'Internal server error. Please try again.' } },
      }),
    );
    browserErrors.allow({
      text: /status of 500/,
      url: /\/api\/catalogue\/campuses\/[^/]+\/restaurants$/,
    });
    await page.goto('/');
    await chooseCampus(page);
    await page.goto('/restaurants');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Internal server error. Please try again.', {
      timeout: 20_000,
    });
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('link', { name: /View Menu/ })).toHaveCount(0);
  });
});

test.describe('menu', () => {
  test('opens from a restaurant card and searches the items', async ({ page }) => {
    await page.goto('/');
    await chooseCampus(page);
    await openMenu(page, 'Chai Dhaba');
    await expect(page).toHaveURL(/\/menu\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Explore Chai Dhaba's Menu");
    await expect(card(page, 'Doodh Patti')).toContainText('Rs 80.00');
    await expect(
      card(page, 'Doodh Patti').getByRole('button', { name: /\+ Add to Bucket/ }),
    ).toBeEnabled();

    const search = page.getByRole('searchbox', { name: 'Search the menu' });
    await expectSearch(search, 'potato', { kept: 'Aloo Paratha', dropped: 'Doodh Patti' });
    await search.fill('pizza');
    await expect(page.getByText('No menu items found matching "pizza"')).toBeVisible();
  });

  test('a closed restaurant shows a disabled Closed button with its opening time', async ({
    page,
  }) => {
    await page.goto('/');
    await chooseCampus(page);
    await openMenu(page, 'Sunrise Bakery');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "Explore Sunrise Bakery's Menu",
    );
    const closed = card(page, 'Chicken Patties').getByRole('button', { name: 'Closed' });
    await expect(closed).toBeDisabled();
    await expect(closed).toHaveAccessibleDescription(/^Restaurant opens at \d{1,2}:00 [AP]M$/);
    await closed.focus();
    await expect(card(page, 'Chicken Patties').getByRole('tooltip')).toBeVisible();
    await expect(page.getByRole('button', { name: /Add to Bucket/ })).toHaveCount(0);
  });

  test('a restaurant of another campus is not found at the chosen campus', async ({
    page,
    browserErrors,
  }) => {
    // The api answers the menu of a restaurant of another campus 404.
    browserErrors.allow({
      text: /status of 404/,
      url: /\/api\/catalogue\/campuses\/[^/]+\/restaurants\/[^/]+$/,
    });
    await page.goto('/');
    await chooseCampus(page);
    await page.goto('/restaurants');
    const href = await menuLink(page, 'Chai Dhaba').getAttribute('href');
    await chooseCampus(page, UNIVERSITY, 'Islamabad Campus');
    await page.goto(href ?? '/');
    await expect(
      page.getByRole('alert').getByText('Restaurant not found at this campus.'),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toHaveClass(/text-red-800/);
  });

  test('without a campus chosen, any campus menu opens', async ({ page }) => {
    await page.goto('/');
    await chooseCampus(page);
    await page.goto('/restaurants');
    const href = await menuLink(page, 'Chai Dhaba').getAttribute('href');
    await page.evaluate('localStorage.clear()');
    await page.goto(href ?? '/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Explore Chai Dhaba's Menu");
  });
});

test.describe('mart items', () => {
  test('lists the mart with prices, stock states and search', async ({ page }) => {
    await page.goto('/');
    await chooseCampus(page);
    await page.getByRole('link', { name: 'Shop Mart Items' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Mart Items at ${CAMPUS}`);
    await expect(card(page, 'A4 Notebook')).toContainText('Rs 250.00');
    await expect(
      card(page, 'A4 Notebook').getByRole('button', { name: /Add to Cart/ }),
    ).toBeEnabled();
    await expect(
      card(page, 'Salted Crisps').getByRole('button', { name: 'Out of Stock' }),
    ).toBeDisabled();

    const search = page.getByRole('searchbox', { name: 'Search mart items' });
    await expect(search).toHaveAttribute(
      'placeholder',
      'Search mart items by name, category, or description...',
    );
    await expectSearch(search, 'stationery', { kept: 'A4 Notebook', dropped: 'Salted Crisps' });
    await search.fill('laptop');
    await expect(page.getByText('No mart items found matching "laptop"')).toBeVisible();
  });
});

test.describe('signed out', () => {
  test('every bucket action and the cart send a visitor to /login', async ({ page }) => {
    await page.goto('/');
    await chooseCampus(page);

    await page.goto('/mart-items');
    await card(page, 'A4 Notebook')
      .getByRole('button', { name: /Add to Cart/ })
      .click();
    await expect(page).toHaveURL(/\/login$/);

    await openMenu(page, 'Chai Dhaba');
    await card(page, 'Doodh Patti')
      .getByRole('button', { name: /Add to Bucket/ })
      .click();
    await expect(page).toHaveURL(/\/login$/);

    await page.goto('/mart-items');
    await page.getByRole('link', { name: /Open your bucket/ }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.goto('/cart');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/login$/);
    expect(await stored(page, 'cartItems')).toBe('[]');
  });
});

test.describe('every page', () => {
  test('a page that cannot show its data shows the error screen; Try Again recovers', async ({
    page,
    browserErrors,
  }) => {
    // The page's render error, as React reports it and as the page's error boundary logs it.
    browserErrors.allow({ text: /^TypeError: \S+\.openTime\?\.trim is not a function/ });
    browserErrors.allow({
      text: /^A page failed to render \{path: \/restaurants, error: TypeError: \S+\.openTime\?\.trim is not a function/,
    });
    // An answer of the wrong shape (hours that are not even text): the open/closed rule throws.
    // (Hours that are text but not a time read 'Hours unknown': student-walk.spec.ts.)
    await page.route('**/api/catalogue/campuses/*/restaurants', (route) =>
      route.fulfill({
        json: {
          ok: true,
          restaurants: [
            {
              id: 'broken',
              universityId: 'u',
              campusId: 'c',
              name: 'Broken Clock Cafe',
              location: 'Nowhere',
              cuisine: 'Mystery',
              openTime: 1000,
              closeTime: '10:00 PM',
              is24x7: false,
            },
          ],
        },
      }),
    );
    await page.goto('/');
    await chooseCampus(page);
    await page.goto('/restaurants');
    await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'CampusBucket' })).toBeVisible();

    await page.getByRole('button', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: /Currently serving/ })).toBeVisible();

    await page.goto('/restaurants');
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
    await page.unroute('**/api/catalogue/campuses/*/restaurants');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(card(page, 'Chai Dhaba')).toBeVisible();
  });

  test('the chat link opens WhatsApp with the configured number, and hides without one', async ({
    page,
    request,
  }) => {
    const answer = await request.get('/api/public-config');
    expect(await answer.json()).toEqual({ ok: true, whatsappNumber: null });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /WhatsApp/ })).toHaveCount(0);

    // The number as the api would give it, on a page the app loads its data for itself (a page
    // the server renders comes with the server's own configuration, which has none).
    await page.route('**/api/public-config', (route) =>
      route.fulfill({ json: { ok: true, whatsappNumber: '923001234567' } }),
    );
    await page.goto('/mart-items');
    await expect(page.getByRole('link', { name: /Chat with us on WhatsApp/ })).toHaveAttribute(
      'href',
      'https://wa.me/923001234567',
    );
  });

  test('demo photos come from the app itself, load lazily with a fixed size, in a 4:3 box', async ({
    page,
  }) => {
    // An item without a photo keeps a placeholder of the same box on a card.
    await withoutPhoto(page, 'Doodh Patti');
    await page.goto('/');
    await chooseCampus(page);
    await openMenu(page, 'Chai Dhaba');
    const img = card(page, 'Aloo Paratha').locator('img');
    // Drawn by the seed and stored where admins' photos go: served by the app, no other site.
    await expect(img).toHaveAttribute('src', /^\/uploads\/[\w-]+\.jpg$/);
    await expect(img).toHaveAttribute('loading', 'lazy');
    await expect(img).toHaveAttribute('decoding', 'async');
    await expect(img).toHaveAttribute('width', /\d+/);
    await expect(img).toHaveAttribute('height', /\d+/);
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((element) => (element as { naturalWidth: number }).naturalWidth))
      .toBe(400);
    expectFourByThree(await img.boundingBox());
    const placeholder = card(page, 'Doodh Patti').getByTestId('photo-placeholder');
    await expect(placeholder).toBeVisible();
    expectFourByThree(await placeholder.boundingBox());
  });
});

test.describe('signed-in bucket', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO.student.email, DEMO.student.password);
    await chooseCampus(page);
  });

  test('add, count, stock cap, badge and totals on the cards and in the cart', async ({ page }) => {
    const badge = page.getByTestId('cart-badge');
    await page.goto('/mart-items');
    await expect(badge).toHaveCount(0);
    const notebook = card(page, 'A4 Notebook');
    await notebook.getByRole('button', { name: /Add to Cart/ }).click();
    await expect(notebook.getByLabel('Quantity of A4 Notebook', { exact: true })).toHaveText('1');
    await expect(
      notebook.getByRole('button', { name: 'Decrease quantity of A4 Notebook' }),
    ).toBeDisabled();
    const plus = notebook.getByRole('button', { name: 'Increase quantity of A4 Notebook' });
    await plus.click();
    await plus.click();
    await expect(notebook.getByLabel('Quantity of A4 Notebook', { exact: true })).toHaveText('3');
    // Stock is 3: plus stops there.
    await expect(plus).toBeDisabled();
    await expect(badge).toHaveText('3');

    await openMenu(page, 'Chai Dhaba');
    const tea = card(page, 'Doodh Patti');
    await tea.getByRole('button', { name: /Add to Bucket/ }).click();
    await tea.getByRole('button', { name: 'Increase quantity of Doodh Patti' }).click();
    await expect(tea.getByLabel('Quantity of Doodh Patti', { exact: true })).toHaveText('2');
    await expect(badge).toHaveText('5');

    await page.getByRole('link', { name: /Open your bucket: 5 items/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Cart');
    await expect(page.getByRole('heading', { name: 'Your Bucket' })).toBeVisible();
    const notebookLine = page.getByRole('listitem').filter({ hasText: 'A4 Notebook' });
    const teaLine = page.getByRole('listitem').filter({ hasText: 'Doodh Patti' });
    await expect(notebookLine).toContainText('Mart');
    await expect(notebookLine).toContainText('Rs 250.00 each');
    await expect(notebookLine).toContainText('Rs 750.00');
    await expect(teaLine).toContainText('Restaurant: Chai Dhaba');
    await expect(teaLine).toContainText('Rs 160.00');
    await expect(page.getByTestId('cart-total')).toHaveText('Total: Rs 1,040.00');

    await expect(
      notebookLine.getByRole('button', { name: 'Increase quantity of A4 Notebook' }),
    ).toBeDisabled();
    await notebookLine.getByRole('button', { name: 'Decrease quantity of A4 Notebook' }).click();
    await expect(notebookLine).toContainText('Rs 500.00');
    await expect(page.getByTestId('cart-total')).toHaveText('Total: Rs 790.00');
    await teaLine.getByRole('button', { name: 'Decrease quantity of Doodh Patti' }).click();
    await expect(
      teaLine.getByRole('button', { name: 'Decrease quantity of Doodh Patti' }),
    ).toBeDisabled();
    await teaLine.getByRole('button', { name: /Remove/ }).click();
    await expect(teaLine).toHaveCount(0);
    await expect(page.getByTestId('cart-total')).toHaveText('Total: Rs 630.00');

    // The bucket is kept in the browser under cartItems and survives a reload.
    await page.reload();
    await expect(page.getByTestId('cart-total')).toHaveText('Total: Rs 630.00');
    await expect(page.getByRole('main').getByRole('link', { name: 'Checkout' })).toHaveAttribute(
      'href',
      '/checkout',
    );
    await page.getByRole('button', { name: /Remove/ }).click();
    await expect(page.getByText('Your bucket is empty.')).toBeVisible();
  });

  test('a student may only add items of their own campus, told in the app’s own dialog', async ({
    page,
  }) => {
    await chooseCampus(page, UNIVERSITY, 'Islamabad Campus');
    await page.goto('/mart-items');
    const nativeDialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      nativeDialogs.push(dialog.message());
      await dialog.dismiss();
    });
    await card(page, 'Energy Drink')
      .getByRole('button', { name: /Add to Cart/ })
      .click();
    const notice = page.getByRole('dialog', { name: 'Notice' });
    await expect(notice).toContainText(
      'You can only order from your own campus. Please select items from your campus only.',
    );
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect(notice).toBeHidden();
    expect(nativeDialogs).toEqual([]);
    await expect(
      card(page, 'Energy Drink').getByRole('button', { name: /Add to Cart/ }),
    ).toBeVisible();
    expect(await stored(page, 'cartItems')).toBe('[]');
  });
});
