import {
  ADMIN_API,
  type TCampusResponse,
  type TMartItemResponse,
  type TMenuItemResponse,
  type TRestaurantResponse,
  type TUserResponse,
} from '@campus/shared/domain/admin-api';
import { sheetTabName } from '@campus/shared/domain/sheet-tab';
import { auditLog, martItems } from '@campus/shared/server/db/schema';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  addMartItem,
  buildAdminTree,
  campusForm,
  createUserForm,
  martItemForm,
  menuItemForm,
  restaurantForm,
} from '../../support/admin';
import {
  access,
  answerOf,
  as,
  type Call,
  db,
  type ErrorBody,
  expectTabJob,
  expectUnchanged,
  martItemRow,
  menuItemRow,
  send,
  setUpAdminAccess,
} from '../../support/admin-access/context';
import { TEST_PUBLIC_URL } from '../../support/app';
import { engine } from '../../support/database';
import { createPerson } from '../../support/people';
import { signInCookie } from '../../support/session';

// What admins see at once (the public catalogue, a new campus's tab) and what they may send
// (rupees, stock, photo URLs, new users).

setUpAdminAccess();

/** A catalogue photo uploaded as the dashboards do, before the item form is sent. */
async function uploadPhoto(cookie: string, purpose: 'menu-photo' | 'mart-photo' | 'screenshot') {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set('file', new File([new Uint8Array(jpeg)], 'photo.jpg', { type: 'image/jpeg' }));
  form.set('purpose', purpose);
  const response = await access.testApp.app.request('/api/uploads', {
    method: 'POST',
    headers: { cookie, origin: TEST_PUBLIC_URL, 'x-forwarded-for': '203.0.113.30' },
    body: form,
  });
  expect(response.status).toBe(201);
  const answer = (await response.json()) as { url?: string; upload?: { url: string } };
  const url = answer.upload?.url ?? answer.url;
  if (!url) throw new Error('the upload answered no url');
  return url;
}

async function catalogue<T>(path: string): Promise<T> {
  const response = await access.testApp.app.request(`/api/catalogue${path}`);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describe(`admin writes on ${engine}`, () => {
  it('shows a campus admin’s catalogue changes in the public catalogue at once', async () => {
    const tree = await buildAdminTree(db());
    const admin = await createPerson(db(), 'campusAdmin', tree.campus);
    const cookie = await signInCookie(access.testApp.app, admin.email, admin.password);
    const write = async (call: Call, status: number) => {
      const response = await send(call, cookie);
      const answer = await answerOf(response);
      expect(response.status, JSON.stringify(answer)).toBe(status);
      return answer;
    };
    type Restaurants = { restaurants: { id: string; name: string }[] };
    type Menu = { menuItems: { id: string; name: string; price: number }[] };
    type Mart = { martItems: { id: string; name: string }[] };
    const restaurantsPath = `/campuses/${tree.campus.id}/restaurants`;

    // Warm the cache first: a stale copy is what invalidation must drop.
    expect((await catalogue<Restaurants>(restaurantsPath)).restaurants).toHaveLength(1);
    const body = restaurantForm(tree, { is24x7: true });
    const { restaurant } = (await write(
      { method: 'POST', path: ADMIN_API.restaurants, body },
      201,
    )) as TRestaurantResponse;
    expect((await catalogue<Restaurants>(restaurantsPath)).restaurants).toContainEqual(
      expect.objectContaining({ id: restaurant.id, name: body.name }),
    );

    const menuPath = `${restaurantsPath}/${restaurant.id}`;
    expect((await catalogue<Menu>(menuPath)).menuItems).toEqual([]);
    const itemBody = menuItemForm(tree, restaurant.id);
    const { menuItem } = (await write(
      { method: 'POST', path: ADMIN_API.menuItems, body: itemBody },
      201,
    )) as TMenuItemResponse;
    expect((await catalogue<Menu>(menuPath)).menuItems).toEqual([
      expect.objectContaining({ id: menuItem.id, price: 25_050 }),
    ]);
    await write(
      {
        method: 'PATCH',
        path: `${ADMIN_API.menuItems}/${menuItem.id}`,
        body: { ...itemBody, id: menuItem.id, price: '300' },
      },
      200,
    );
    expect((await catalogue<Menu>(menuPath)).menuItems).toEqual([
      expect.objectContaining({ id: menuItem.id, price: 30_000 }),
    ]);

    const martPath = `/campuses/${tree.campus.id}/mart-items`;
    expect((await catalogue<Mart>(martPath)).martItems).toHaveLength(1);
    const martBody = martItemForm(tree);
    await write({ method: 'POST', path: ADMIN_API.martItems, body: martBody }, 201);
    expect((await catalogue<Mart>(martPath)).martItems.map((item) => item.name)).toContain(
      martBody.name,
    );

    await write({ method: 'DELETE', path: `${ADMIN_API.restaurants}/${restaurant.id}` }, 200);
    expect((await catalogue<Restaurants>(restaurantsPath)).restaurants).toHaveLength(1);
    expect((await access.testApp.app.request(`/api/catalogue${menuPath}`)).status).toBe(404);
  });

  it('shows a new campus in the catalogue at once and queues its order sheet tab', async () => {
    const tree = await buildAdminTree(db());
    type Campuses = { campuses: { id: string; name: string }[] };
    const campusesPath = `/universities/${tree.university.id}/campuses`;
    expect((await catalogue<Campuses>(campusesPath)).campuses).toHaveLength(1);
    const body = campusForm(tree);
    const response = await as('superAdmin', { method: 'POST', path: ADMIN_API.campuses, body });
    expect(response.status).toBe(201);
    const { campus, sheetTab } = (await response.json()) as TCampusResponse;
    const tabName = sheetTabName(tree.university.name, body.name);
    expect(sheetTab).toEqual({ queued: true, tabName });
    await expectTabJob('create-sheet-tab', tabName);
    expect((await catalogue<Campuses>(campusesPath)).campuses.map((c) => c.id)).toContain(
      campus.id,
    );
  });

  it('stores typed rupees as paisa: "250.50" is 25050', async () => {
    const menu = await as('ourAdmin', {
      method: 'POST',
      path: ADMIN_API.menuItems,
      body: menuItemForm(access.ours, access.ours.restaurant.id, { price: '250.50' }),
    });
    expect(menu.status).toBe(201);
    const { menuItem } = (await menu.json()) as TMenuItemResponse;
    expect(menuItem.price).toBe(25_050);
    expect((await menuItemRow(menuItem.id))?.pricePaisa).toBe(25_050);

    const mart = await as('ourAdmin', {
      method: 'POST',
      path: ADMIN_API.martItems,
      body: martItemForm(access.ours, { price: '250.50', stock: '7' }),
    });
    expect(mart.status).toBe(201);
    const { martItem } = (await mart.json()) as TMartItemResponse;
    expect((await martItemRow(martItem.id))?.pricePaisa).toBe(25_050);
    expect((await martItemRow(martItem.id))?.stock).toBe(7);
  });

  it('keeps the stock checkouts took while an admin edited other fields, and sets stock the admin changed', async () => {
    const item = await addMartItem(db(), access.ours); // stock 3, as the admin's form shows it
    const path = `${ADMIN_API.martItems}/${item.id}`;
    // A checkout takes one while the form is open.
    await db().update(martItems).set({ stock: 2 }).where(eq(martItems.id, item.id));

    const priceOnly = await as('ourAdmin', {
      method: 'PATCH',
      path,
      body: martItemForm(access.ours, { id: item.id, price: '80', stock: '3', stockWas: '3' }),
    });
    expect(priceOnly.status).toBe(200);
    expect(((await priceOnly.json()) as TMartItemResponse).martItem.stock).toBe(2);
    expect(await martItemRow(item.id)).toMatchObject({ pricePaisa: 8_000, stock: 2 });

    const restocked = await as('ourAdmin', {
      method: 'PATCH',
      path,
      body: martItemForm(access.ours, { id: item.id, price: '80', stock: '20', stockWas: '2' }),
    });
    expect(restocked.status).toBe(200);
    expect(((await restocked.json()) as TMartItemResponse).martItem.stock).toBe(20);
    expect((await martItemRow(item.id))?.stock).toBe(20);
  });

  it('refuses with 400 a photo URL that is not one of our uploads, and takes one that is', async () => {
    const cookie = access.people.ourAdmin.cookie;
    const screenshot = await uploadPhoto(cookie, 'screenshot');
    for (const photoURL of [
      'https://evil.test/pixel.png',
      'javascript:alert(1)',
      `${TEST_PUBLIC_URL}/uploads/not-access.ours.jpg`,
      '/uploads/not-ours.jpg',
      screenshot,
    ]) {
      const answer = await expectUnchanged(
        'ourAdmin',
        {
          method: 'POST',
          path: ADMIN_API.menuItems,
          body: menuItemForm(access.ours, access.ours.restaurant.id, { photoURL }),
        },
        400,
      );
      expect((answer as ErrorBody).error.fields).toHaveProperty('photoURL');
      const martItem = await addMartItem(db(), access.ours);
      await expectUnchanged(
        'ourAdmin',
        {
          method: 'PATCH',
          path: `${ADMIN_API.martItems}/${martItem.id}`,
          body: martItemForm(access.ours, { id: martItem.id, photoURL }),
        },
        400,
      );
    }

    const menuPhoto = await uploadPhoto(cookie, 'menu-photo');
    const menu = await as('ourAdmin', {
      method: 'POST',
      path: ADMIN_API.menuItems,
      body: menuItemForm(access.ours, access.ours.restaurant.id, { photoURL: menuPhoto }),
    });
    expect(menu.status).toBe(201);
    const { menuItem } = (await menu.json()) as TMenuItemResponse;
    expect((await menuItemRow(menuItem.id))?.photoUrl).toBe(menuPhoto);

    const martPhoto = await uploadPhoto(cookie, 'mart-photo');
    const mart = await as('ourAdmin', {
      method: 'POST',
      path: ADMIN_API.martItems,
      body: martItemForm(access.ours, { photoURL: martPhoto }),
    });
    expect(mart.status).toBe(201);
    const { martItem } = (await mart.json()) as TMartItemResponse;
    expect((await martItemRow(martItem.id))?.photoUrl).toBe(martPhoto);
  });

  it('creates a verified user who can sign in at once', async () => {
    const body = createUserForm(access.ours, { role: 'user' });
    const response = await as('superAdmin', { method: 'POST', path: ADMIN_API.users, body });
    expect(response.status).toBe(201);
    const cookie = await signInCookie(access.testApp.app, body.email, body.password);
    expect(cookie).toContain('=');
    const { user } = (await response.json()) as TUserResponse;
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, user.uid)));
    expect(entry).toMatchObject({ actorId: access.people.superAdmin.id, action: 'create' });
  });
});
