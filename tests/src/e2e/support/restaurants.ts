import type { Page } from '@playwright/test';
import { expect } from './test';

/**
 * Changes a restaurant of the demo campus through the admin api, as the campus admin signed in on
 * `page`; `restore` puts back what it was.
 */
export async function changeRestaurant(page: Page, name: string, change: Record<string, unknown>) {
  const session = await (await page.request.get('/api/account/session')).json();
  const { universityId, campusId } = session.user as { universityId: string; campusId: string };
  const listed = await page.request.get(
    `/api/admin/restaurants?universityId=${universityId}&campusId=${campusId}`,
  );
  expect(listed.status()).toBe(200);
  const { restaurants } = (await listed.json()) as { restaurants: Record<string, unknown>[] };
  const restaurant = restaurants.find((row) => row.name === name);
  if (!restaurant) throw new Error(`The demo has no restaurant ${name}`);
  const form = (values: Record<string, unknown>) => ({
    ...values,
    contactEmail: values.contactEmail ?? '',
    roundCapacity: values.roundCapacity === null ? '' : String(values.roundCapacity ?? ''),
  });
  const save = async (values: Record<string, unknown>) => {
    const response = await page.request.patch(`/api/admin/restaurants/${restaurant.id}`, {
      data: form(values),
    });
    expect(response.status()).toBe(200);
  };
  await save({ ...restaurant, ...change });
  return { restore: () => save(restaurant) };
}
