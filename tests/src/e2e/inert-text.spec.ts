import type { TRestaurantResponse } from '@campus/shared/domain/admin-api';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support/auth';
import { chooseCampus } from './support/campus';

// Text people type is shown as text: markup a campus admin puts in a restaurant's name reaches the
// storefront as letters on the page, never as elements or script.

const HOSTILE = '<img src=x onerror="window.__xss=1">Hostile Grill';

test('markup in a restaurant name is shown as text on the storefront, and never runs', async ({
  page,
}) => {
  await signIn(page, DEMO.campusAdmin.email, DEMO.campusAdmin.password);
  const session = (await (await page.request.get('/api/account/session')).json()) as {
    user: TUserProfile;
  };
  const created = await page.request.post('/api/admin/restaurants', {
    data: {
      universityId: session.user.universityId,
      campusId: session.user.campusId,
      name: HOSTILE,
      location: '<b>Block 9</b>',
      cuisine: "'; DROP TABLE restaurants; --",
    },
  });
  expect(created.status()).toBe(201);
  const { restaurant } = (await created.json()) as TRestaurantResponse;
  try {
    await page.goto('/restaurants');
    await chooseCampus(page);
    await expect(page.getByRole('heading', { name: HOSTILE })).toBeVisible();
    await expect(page.getByText('<b>Block 9</b>')).toBeVisible();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    expect(await page.evaluate(() => (globalThis as { __xss?: number }).__xss)).toBeUndefined();
  } finally {
    const removed = await page.request.delete(`/api/admin/restaurants/${restaurant.id}`);
    expect(removed.status()).toBe(200);
  }
});
