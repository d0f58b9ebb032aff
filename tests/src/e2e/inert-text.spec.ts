import type {
  TMartItemResponse,
  TMenuItemResponse,
  TRestaurantResponse,
  TUniversitiesResponse,
  TUserResponse,
} from '@campus/shared/domain/admin-api';
import type { TUserProfile } from '@campus/shared/domain/entities';
import type { APIResponse, Page } from '@playwright/test';
import { DEMO, signIn } from './support/auth';
import { chooseCampus, DEMO_CAMPUS, DEMO_UNIVERSITY } from './support/campus';
import { expect, test } from './support/test';

// Text people type is shown as text: markup an admin puts in a restaurant, a menu item, a mart
// item or a person's name reaches the storefront and the dashboards as letters on the page, never
// as elements or script.

/** Markup that runs as soon as a browser parses it as HTML: an image that fails to load. */
const PAYLOAD = '<img src=x onerror="window.__pwned=1">';

// The api's Content-Security-Policy (script-src 'self', asserted in integration/http/api.test.ts) would
// stop an inline handler even if the markup got into the page, and window.__pwned could then never
// be set. These tests are about the pages themselves rendering text as text, so the browser
// ignores the policy here: markup that got in would both show up as an element and run.
test.use({ bypassCSP: true });

const stamp = Date.now().toString(36);

/** The page shows no trace of the payload as HTML, and its script never ran. */
async function expectInert(page: Page) {
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('[onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
}

/** The JSON of an admin api answer, after checking its status (with the body when it is not). */
async function answer<T>(response: APIResponse, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status(), text).toBe(status);
  return JSON.parse(text) as T;
}

test('markup in a restaurant name is shown as text on the storefront, and never runs', async ({
  page,
}) => {
  const name = `${PAYLOAD}Hostile Grill`;
  await signIn(page, DEMO.campusAdmin.email, DEMO.campusAdmin.password);
  const session = (await (await page.request.get('/api/account/session')).json()) as {
    user: TUserProfile;
  };
  const { restaurant } = await answer<TRestaurantResponse>(
    await page.request.post('/api/admin/restaurants', {
      data: {
        universityId: session.user.universityId,
        campusId: session.user.campusId,
        name,
        location: '<b>Block 9</b>',
        cuisine: "'; DROP TABLE restaurants; --",
      },
    }),
    201,
  );
  try {
    await page.goto('/restaurants');
    await chooseCampus(page);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText('<b>Block 9</b>')).toBeVisible();
    await expectInert(page);
  } finally {
    const removed = await page.request.delete(`/api/admin/restaurants/${restaurant.id}`);
    expect(removed.status()).toBe(200);
  }
});

test('markup in menu items, mart items and a first name is shown as text, and never runs', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const menuName = `${PAYLOAD}Menu Item ${stamp}`;
  const menuDescription = `${PAYLOAD}Served hot ${stamp}`;
  const martName = `${PAYLOAD}Mart Item ${stamp}`;
  const martCategory = `${PAYLOAD}Category ${stamp}`;
  const martDescription = `<script>window.__pwned=1</script>Chilled ${stamp}`;
  const firstName = `${PAYLOAD}Rida${stamp}`;

  await signIn(page, DEMO.superAdmin.email, DEMO.superAdmin.password);
  await expect(page).toHaveURL(/\/super-admin$/);
  const { universities } = await answer<TUniversitiesResponse>(
    await page.request.get('/api/admin/universities'),
    200,
  );
  const university = universities.find((u) => u.name === DEMO_UNIVERSITY);
  const campus = university?.campuses.find((c) => c.name === DEMO_CAMPUS);
  if (!university || !campus) throw new Error('the demo university or campus is missing');
  const place = { universityId: university.id, campusId: campus.id };

  const created: string[] = [];
  try {
    const { restaurant } = await answer<TRestaurantResponse>(
      await page.request.post('/api/admin/restaurants', {
        data: { ...place, name: `Inert Kitchen ${stamp}`, location: 'Block 2', cuisine: 'Tea' },
      }),
      201,
    );
    created.push(`/api/admin/restaurants/${restaurant.id}`);
    await answer<TMenuItemResponse>(
      await page.request.post('/api/admin/menu-items', {
        data: {
          ...place,
          restaurantId: restaurant.id,
          name: menuName,
          price: '150',
          description: menuDescription,
        },
      }),
      201,
    );
    const { martItem } = await answer<TMartItemResponse>(
      await page.request.post('/api/admin/mart-items', {
        data: {
          ...place,
          name: martName,
          price: '60',
          description: martDescription,
          category: martCategory,
          stock: '5',
        },
      }),
      201,
    );
    created.push(`/api/admin/mart-items/${martItem.id}`);
    const { user } = await answer<TUserResponse>(
      await page.request.post('/api/admin/users', {
        data: {
          ...place,
          firstName,
          lastName: 'Inert',
          email: `inert${stamp}@lhr.northfield.edu.pk`,
          password: 'inert-secret',
          role: 'user',
        },
      }),
      201,
    );
    created.push(`/api/admin/users/${user.uid}`);

    await page.goto('/mart-items');
    await chooseCampus(page);
    await expect(page.getByRole('heading', { name: martName, exact: true })).toBeVisible();
    await expect(page.getByText(martCategory, { exact: true })).toBeVisible();
    await expect(page.getByText(martDescription, { exact: true })).toBeVisible();
    await expectInert(page);

    await page.goto(`/menu/${restaurant.id}`);
    await expect(page.getByRole('heading', { name: menuName, exact: true })).toBeVisible();
    await expect(page.getByText(menuDescription, { exact: true })).toBeVisible();
    await expectInert(page);

    await page.goto('/super-admin');
    await page.getByRole('tab', { name: 'User Management' }).click();
    await expect(page.getByRole('cell', { name: `${firstName} Inert`, exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: `Role of ${firstName} Inert` })).toBeVisible();
    await expectInert(page);
  } finally {
    // The restaurant takes its menu item with it.
    for (const path of created.reverse()) {
      expect((await page.request.delete(path)).status(), path).toBe(200);
    }
  }
});
