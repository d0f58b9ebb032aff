import { SCREENSHOT_MAX_BYTES, SCREENSHOT_MAX_DIMENSION_PX } from '@campus/shared/domain/limits';
import { ROLE_MESSAGES } from '@campus/shared/domain/roles';
import { ADMIN_CONFIRM_MESSAGES, ADMIN_MESSAGES } from '@campus/shared/domain/screen-messages';
import { sheetTabName } from '@campus/shared/domain/sheet-tab';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSevereViolations } from './support/a11y';
import { DEMO, signIn } from './support/auth';
import { expect, test } from './support/test';

// The admin dashboards of docs/product.md §2 end to end (decision 006): a super admin builds a
// campus from nothing, its campus admin runs it and cannot reach another campus, and deleting the
// university takes everything under it away.

const stamp = Date.now().toString(36);
const UNIVERSITY = `Riverbend University ${stamp}`;
const CAMPUS = 'Riverside';
const RESTAURANT = 'River Grill';
const MENU_ITEM = 'Smoked Wings';
const MART_ITEM = 'River Water';
const DOMAIN = `river${stamp}.edu.pk`;
const ADMIN = { email: `manager@${DOMAIN}`, password: 'river-admin-secret' };

test.describe.configure({ mode: 'serial' });

/** The form of a dashboard section, by the name its heading gives it. */
const form = (page: Page, name: string) => page.getByRole('form', { name });

/** Picks an option of a select whose label starts with `label` (its name also holds its value). */
async function choose(scope: Locator, label: string, option: string) {
  await scope.getByLabel(new RegExp(`^${label}`)).selectOption({ label: option });
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

/** The ids of the university and campus the super admin created, read from the admin api. */
async function createdIds(page: Page) {
  const answer = (await (await page.request.get('/api/admin/universities')).json()) as {
    universities: { id: string; name: string; campuses: { id: string; name: string }[] }[];
  };
  const university = answer.universities.find((u) => u.name === UNIVERSITY);
  const campus = university?.campuses.find((c) => c.name === CAMPUS);
  if (!university || !campus) throw new Error('the new university or campus is missing');
  return { universityId: university.id, campusId: campus.id };
}

let ids: { universityId: string; campusId: string };

type SentImage = { width: number; height: number; bytes: number };

/**
 * Records every image the page uploads as it leaves the browser, in window.__sentImages (the
 * request body of a blob is not visible to Playwright). The server also fits images in 1000 px,
 * so only this shows that the browser compressed them first.
 */
const RECORD_UPLOADS = `
  window.__sentImages = [];
  const send = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const file = init && init.body instanceof FormData ? init.body.get('file') : null;
    if (file instanceof Blob) {
      const bitmap = await createImageBitmap(file);
      window.__sentImages.push({ width: bitmap.width, height: bitmap.height, bytes: file.size });
    }
    return send(input, init);
  };
`;

/** Checks an image against docs/product.md §9's limits: at most 1000 px a side and 0.5 MB. */
function expectWithinImageLimits({ width, height, bytes }: SentImage) {
  expect(width).toBeGreaterThan(0);
  expect(width).toBeLessThanOrEqual(SCREENSHOT_MAX_DIMENSION_PX);
  expect(height).toBeLessThanOrEqual(SCREENSHOT_MAX_DIMENSION_PX);
  expect(bytes).toBeLessThanOrEqual(SCREENSHOT_MAX_BYTES);
}

test('the super admin builds a university, campus, catalogue, domain and campus admin', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(RECORD_UPLOADS);
  await signIn(page, DEMO.superAdmin.email, DEMO.superAdmin.password);
  await expect(page).toHaveURL(/\/super-admin$/);
  await expect(page.getByRole('heading', { name: 'Super Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText([
    'System Overview',
    'Universities & Campuses',
    'User Management',
    'All Restaurants',
    'All Menu Items',
    'All Mart Items',
    'Domain Management',
    'Order Dashboard',
    'Payments',
    'Refunds',
    'Batches',
    'Insights',
  ]);

  await openTab(page, 'Universities & Campuses');
  const universityForm = form(page, 'Add University');
  await universityForm.getByLabel('University Name').fill(UNIVERSITY);
  await universityForm.getByRole('button', { name: 'Add University' }).click();
  await expect(page.getByRole('button', { name: `Add Campus to ${UNIVERSITY}` })).toBeVisible();
  await page.getByRole('button', { name: `Add Campus to ${UNIVERSITY}` }).click();
  const campusForm = form(page, 'Add Campus');
  await choose(campusForm, 'University', UNIVERSITY);
  await campusForm.getByLabel('Campus Name').fill(CAMPUS);
  await campusForm.getByRole('button', { name: 'Add Campus' }).click();
  await expect(page.getByRole('list', { name: `Campuses of ${UNIVERSITY}` })).toContainText(CAMPUS);
  ids = await createdIds(page);

  // The worker makes the campus's tab; the Order Dashboard lists it with its 'View Orders' link.
  const tab = sheetTabName(UNIVERSITY, CAMPUS);
  await expect(async () => {
    await page.reload();
    await openTab(page, 'Order Dashboard');
    const link = page.getByRole('link', { name: `View Orders of ${tab}` });
    await expect(link).toBeVisible({ timeout: 2_000 });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', /\/sheets\//);
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'View Orders of Master' })).toHaveCount(0);

  await openTab(page, 'All Restaurants');
  const restaurantForm = form(page, 'Add restaurant');
  // Cancel empties a half-filled add form (docs/product.md §4), which stays in add mode.
  await choose(restaurantForm, 'University', UNIVERSITY);
  await restaurantForm.getByLabel('Restaurant Name').fill('Half-typed Cafe');
  await restaurantForm.getByRole('button', { name: 'Cancel' }).click();
  await expect(restaurantForm.getByLabel('Restaurant Name')).toHaveValue('');
  await expect(restaurantForm.getByLabel(/^University/)).toHaveValue('');
  await expect(restaurantForm.getByRole('button', { name: 'Add Restaurant' })).toBeVisible();
  await choose(restaurantForm, 'University', UNIVERSITY);
  await choose(restaurantForm, 'Campus', CAMPUS);
  await restaurantForm.getByLabel('Restaurant Name').fill(RESTAURANT);
  await restaurantForm.getByLabel('Location').fill('Block A');
  await restaurantForm.getByLabel('Cuisine').fill('BBQ');
  await restaurantForm.getByRole('button', { name: 'Add Restaurant' }).click();
  await expect(page.getByRole('button', { name: `Edit ${RESTAURANT}` })).toBeVisible();

  await openTab(page, 'All Menu Items');
  const menuForm = form(page, 'Add menu item');
  await choose(menuForm, 'University', UNIVERSITY);
  await choose(menuForm, 'Campus', CAMPUS);
  await choose(menuForm, 'Restaurant', RESTAURANT);
  await menuForm.getByLabel('Item Name').fill(MENU_ITEM);
  await menuForm.getByLabel('Price (Rs)').fill('450');
  const photo = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 90, b: 30 } },
  })
    .jpeg()
    .toBuffer();
  await menuForm
    .getByLabel('Photo')
    .setInputFiles({ name: 'wings.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(menuForm.getByRole('button', { name: 'Remove photo' })).toBeVisible({
    timeout: 20_000,
  });
  // Compressed in the browser before it was sent (docs/product.md §5 Admin, §9).
  const sent = (await page.evaluate('window.__sentImages')) as SentImage[];
  expect(sent).toHaveLength(1);
  expectWithinImageLimits(sent[0] as SentImage);
  await menuForm.getByRole('button', { name: 'Add Menu Item' }).click();
  await expect(page.getByRole('button', { name: `Edit ${MENU_ITEM}` })).toBeVisible();
  // The photo stored for the item keeps within the limits too.
  const menuItems = (await (
    await page.request.get(`/api/admin/menu-items?universityId=${ids.universityId}`)
  ).json()) as { menuItems: { name: string; photoURL?: string | null }[] };
  const photoURL = menuItems.menuItems.find((item) => item.name === MENU_ITEM)?.photoURL;
  if (!photoURL) throw new Error(`${MENU_ITEM} was saved without its photo`);
  const storedPhoto = await page.request.get(photoURL);
  expect(storedPhoto.status()).toBe(200);
  const stored = await storedPhoto.body();
  const { width = 0, height = 0 } = await sharp(stored).metadata();
  expectWithinImageLimits({ width, height, bytes: stored.length });

  await openTab(page, 'All Mart Items');
  const martForm = form(page, 'Add mart item');
  await choose(martForm, 'University', UNIVERSITY);
  await choose(martForm, 'Campus', CAMPUS);
  await martForm.getByLabel('Item Name').fill(MART_ITEM);
  await martForm.getByLabel('Price (Rs)').fill('60');
  await martForm.getByLabel('Category').fill('Drinks');
  await martForm.getByLabel('Stock').fill('12');
  await martForm.getByRole('button', { name: 'Add Mart Item' }).click();
  await expect(page.getByRole('button', { name: `Edit ${MART_ITEM}` })).toBeVisible();

  await openTab(page, 'Domain Management');
  const domainForm = form(page, 'Add Domain');
  await choose(domainForm, 'University', UNIVERSITY);
  await choose(domainForm, 'Campus', CAMPUS);
  await domainForm.getByLabel('Name', { exact: true }).fill('Riverside students');
  await domainForm.getByLabel('Domain').fill(DOMAIN);
  await domainForm.getByRole('button', { name: 'Add Domain' }).click();
  // Stored with its leading @ (docs/product.md §5 Admin).
  await expect(page.getByRole('button', { name: `Delete @${DOMAIN}` })).toBeVisible();

  await openTab(page, 'User Management');
  const userForm = form(page, 'Create User');
  await userForm.getByLabel('First Name').fill('Rida');
  await userForm.getByLabel('Last Name').fill('Manager');
  await userForm.getByLabel('Email').fill(ADMIN.email);
  await userForm.getByLabel('Password').fill(ADMIN.password);
  await expect(userForm.getByLabel(/^Role/)).toHaveValue('campusAdmin');
  await choose(userForm, 'University', UNIVERSITY);
  await choose(userForm, 'Campus', CAMPUS);
  await userForm.getByRole('button', { name: 'Create User' }).click();
  await expect(userForm.getByText(ADMIN_MESSAGES.userCreated)).toBeVisible();
  await expectNoSevereViolations(page, 'user management: ');
});

test('the new campus admin edits the menu of their restaurant and cannot reach another campus', async ({
  page,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(`/admin/${ids.universityId}/${ids.campusId}`);
  await expect(page.getByRole('heading', { name: 'Campus Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText([
    'Overview',
    'Restaurants',
    'Mart Items',
    'Order Dashboard',
    'Payments',
    'Refunds',
    'Batches',
    'Insights',
  ]);
  // The dashboard opens on what an operator reads first (docs/product.md §10).
  await expect(page.getByRole('tab', { selected: true })).toHaveText('Overview');
  await expect(page.getByText('Payments waiting')).toBeVisible();
  await openTab(page, 'Restaurants');

  // Opening the restaurant for editing also selects it and loads its menu (docs/product.md §2).
  await page.getByRole('button', { name: `Edit ${RESTAURANT}` }).click();
  await expect(form(page, 'Edit restaurant').getByLabel('Restaurant Name')).toHaveValue(RESTAURANT);
  await page.getByRole('button', { name: `Edit ${MENU_ITEM}` }).click();
  const menuForm = form(page, 'Edit menu item');
  await expect(menuForm.getByLabel('Item Name')).toHaveValue(MENU_ITEM);
  await menuForm.getByLabel('Price (Rs)').fill('500');
  await menuForm.getByRole('button', { name: 'Update Menu Item' }).click();
  await expect(form(page, 'Add menu item')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: MENU_ITEM })).toContainText('500');
  await expectNoSevereViolations(page, 'campus admin: ');

  // The storefront shows the new price at once.
  const menu = (await (
    await page.request.get(`/api/catalogue/campuses/${ids.campusId}/restaurants`)
  ).json()) as { restaurants: { id: string; name: string }[] };
  const grill = menu.restaurants.find((r) => r.name === RESTAURANT);
  const items = (await (
    await page.request.get(`/api/catalogue/campuses/${ids.campusId}/restaurants/${grill?.id}`)
  ).json()) as { menuItems: { name: string; price: number }[] };
  expect(items.menuItems).toEqual([expect.objectContaining({ name: MENU_ITEM, price: 50_000 })]);

  // Another campus: the screen sends them away, and the api refuses and changes nothing.
  const universities = (await (await page.request.get('/api/catalogue/universities')).json()) as {
    universities: { id: string; name: string }[];
  };
  const northfield = universities.universities.find((u) => u.name === 'Northfield University');
  const campuses = (await (
    await page.request.get(`/api/catalogue/universities/${northfield?.id}/campuses`)
  ).json()) as { campuses: { id: string }[] };
  const lahore = campuses.campuses[0];
  await page.goto(`/admin/${northfield?.id}/${lahore?.id}`);
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText(ROLE_MESSAGES.campusAdminRequired)).toBeVisible();
  const foreign = await page.request.get(
    `/api/admin/restaurants?universityId=${northfield?.id}&campusId=${lahore?.id}`,
  );
  expect(foreign.status()).toBe(403);
  const intrusion = await page.request.post('/api/admin/restaurants', {
    data: {
      universityId: northfield?.id,
      campusId: lahore?.id,
      name: 'Intruder Cafe',
      location: 'Nowhere',
      cuisine: 'None',
    },
  });
  expect(intrusion.status()).toBe(403);
  const lahoreRestaurants = (await (
    await page.request.get(`/api/catalogue/campuses/${lahore?.id}/restaurants`)
  ).json()) as { restaurants: { name: string }[] };
  expect(lahoreRestaurants.restaurants.map((r) => r.name)).not.toContain('Intruder Cafe');
});

test('a student opening the super admin dashboard is told it needs a super admin', async ({
  page,
}) => {
  await signIn(page, DEMO.student.email, DEMO.student.password);
  await page.goto('/super-admin');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText(ROLE_MESSAGES.superAdminRequired)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Home' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Super Admin Dashboard' })).toHaveCount(0);
});

test('deleting the university, after the confirmation dialog, removes everything under it', async ({
  page,
}) => {
  await signIn(page, DEMO.superAdmin.email, DEMO.superAdmin.password);
  await openTab(page, 'Universities & Campuses');
  await page.getByRole('button', { name: `Delete ${UNIVERSITY}` }).click();
  const dialog = page.getByRole('alertdialog', {
    name: ADMIN_CONFIRM_MESSAGES.deleteUniversity.title,
  });
  await expect(dialog).toContainText(ADMIN_CONFIRM_MESSAGES.deleteUniversity.message(UNIVERSITY));
  // Cancel first: nothing happens.
  await dialog.getByRole('button', { name: ADMIN_CONFIRM_MESSAGES.cancel }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Delete ${UNIVERSITY}` })).toBeVisible();

  await page.getByRole('button', { name: `Delete ${UNIVERSITY}` }).click();
  await dialog.getByRole('button', { name: ADMIN_CONFIRM_MESSAGES.confirm }).click();
  await expect(page.getByRole('button', { name: `Delete ${UNIVERSITY}` })).toHaveCount(0);

  const left = (await (await page.request.get('/api/admin/universities')).json()) as {
    universities: { id: string; name: string; campuses: { id: string }[] }[];
  };
  expect(left.universities.length).toBeGreaterThan(0);
  expect(left.universities.map((u) => u.id)).not.toContain(ids.universityId);
  expect(left.universities.map((u) => u.name)).not.toContain(UNIVERSITY);
  expect(left.universities.flatMap((u) => u.campuses.map((c) => c.id))).not.toContain(ids.campusId);
  const under = async (path: string, key: string) => {
    const answer = (await (
      await page.request.get(`${path}?universityId=${ids.universityId}`)
    ).json()) as Record<string, unknown[]>;
    return answer[key];
  };
  expect(await under('/api/admin/restaurants', 'restaurants')).toEqual([]);
  expect(await under('/api/admin/menu-items', 'menuItems')).toEqual([]);
  expect(await under('/api/admin/mart-items', 'martItems')).toEqual([]);
  const domains = (await (await page.request.get('/api/admin/domains')).json()) as {
    domains: { domain: string }[];
  };
  expect(domains.domains.map((d) => d.domain)).not.toContain(`@${DOMAIN}`);
  // Its campus admin keeps the account, without a campus; its tab goes too.
  const users = (await (await page.request.get('/api/admin/users')).json()) as {
    users: { email: string; campusId: string | null }[];
  };
  expect(users.users.find((u) => u.email === ADMIN.email)).toMatchObject({ campusId: null });
  const tab = sheetTabName(UNIVERSITY, CAMPUS);
  await expect
    .poll(
      async () => {
        const tabs = (await (await page.request.get('/api/sheets/tabs')).json()) as {
          tabs: { name: string }[];
        };
        return tabs.tabs.map((t) => t.name);
      },
      { timeout: 30_000 },
    )
    .not.toContain(tab);
});
