import { clearMartItems } from '@campus/api/mart-items/clear-mart-items';
import { createMartItem } from '@campus/api/mart-items/create-mart-item';
import { deleteMartItem } from '@campus/api/mart-items/delete-mart-item';
import { updateMartItem } from '@campus/api/mart-items/update-mart-item';
import { clearMenuItems } from '@campus/api/menu-items/clear-menu-items';
import { createMenuItem } from '@campus/api/menu-items/create-menu-item';
import { deleteMenuItem } from '@campus/api/menu-items/delete-menu-item';
import { updateMenuItem } from '@campus/api/menu-items/update-menu-item';
import { clearRestaurants } from '@campus/api/restaurants/clear-restaurants';
import { createRestaurant } from '@campus/api/restaurants/create-restaurant';
import { deleteRestaurant } from '@campus/api/restaurants/delete-restaurant';
import { listAdminRestaurants } from '@campus/api/restaurants/list-admin-restaurants';
import { updateRestaurant } from '@campus/api/restaurants/update-restaurant';
import { findUser } from '@campus/api/users/find-user';
import {
  ADMIN_FORM_MESSAGES,
  createMenuItemSchema,
  ZMartItemForm,
  ZRestaurantForm,
} from '@campus/shared/domain/admin-forms';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { ROLE_MESSAGES } from '@campus/shared/domain/roles';
import { CatalogueCache } from '@campus/shared/server/catalogue/cache';
import { databaseCatalogueSource } from '@campus/shared/server/catalogue/queries';
import type { Database } from '@campus/shared/server/db/client';
import { auditLog, martItems } from '@campus/shared/server/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminTree,
  addMartItem,
  addMenuItem,
  addRestaurant,
  buildAdminTree,
  martItemForm,
  menuItemForm,
  restaurantForm,
} from '../../support/admin';
import { engine, openTestDatabase } from '../../support/database';
import { createPerson } from '../../support/people';

// The catalogue's write use cases, called directly (the routes' tests go through HTTP): each
// writes its row and its audit row, keeps a campus admin to their own campus, and the
// storefront shows the change at once.

let database: Database;
let catalogue: CatalogueCache;
let superAdmin: TUserProfile;

const db = () => database.db;
const deps = () => ({ db: db(), catalogue });

async function person(role: 'superAdmin' | 'campusAdmin', tree: AdminTree | null = null) {
  const made = await createPerson(db(), role, tree?.campus ?? null);
  const profile = await findUser(db(), made.id);
  if (!profile) throw new Error('no profile');
  return profile;
}

/** What the storefront lists of a campus now: its restaurants' names and its mart. */
async function storefront(tree: AdminTree) {
  const restaurants = JSON.parse((await catalogue.restaurants(tree.campus.id)).body) as {
    restaurants: { name: string }[];
  };
  const mart = JSON.parse((await catalogue.martItems(tree.campus.id)).body) as {
    martItems: { name: string; stock: number }[];
  };
  return { restaurants: restaurants.restaurants.map((r) => r.name), mart: mart.martItems };
}

/** The menu the storefront shows for one restaurant. */
async function menuOf(tree: AdminTree, restaurantId: string): Promise<string[]> {
  const found = await catalogue.restaurant(tree.campus.id, restaurantId);
  if (!found) return [];
  return (JSON.parse(found.body) as { menuItems: { name: string }[] }).menuItems.map((m) => m.name);
}

const auditActions = async (entity: string, entityId: string | null) =>
  (
    await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, entity),
          entityId === null ? undefined : eq(auditLog.entityId, entityId),
        ),
      )
  ).map((row) => row.action);

beforeAll(async () => {
  database = await openTestDatabase();
  catalogue = new CatalogueCache(databaseCatalogueSource(database.db));
  superAdmin = await person('superAdmin');
});

afterAll(async () => {
  await database?.close();
});

describe(`restaurants on ${engine}`, () => {
  it('opens, changes and deletes a restaurant the storefront shows at once', async () => {
    const tree = await buildAdminTree(db());
    const admin = await person('campusAdmin', tree);
    const form = ZRestaurantForm.parse(restaurantForm(tree));
    expect((await storefront(tree)).restaurants).not.toContain(form.name);
    const restaurant = await createRestaurant(deps(), admin, form);
    expect((await storefront(tree)).restaurants).toContain(form.name);
    await updateRestaurant(deps(), admin, restaurant.id, { ...form, name: `${form.name} 2` });
    expect((await storefront(tree)).restaurants).toContain(`${form.name} 2`);
    await deleteRestaurant(deps(), admin, restaurant.id);
    expect((await storefront(tree)).restaurants).not.toContain(`${form.name} 2`);
    expect(await auditActions('restaurant', restaurant.id)).toEqual(['create', 'update', 'delete']);
  });

  it('keeps the contact e-mail for the admins, never for the storefront', async () => {
    const tree = await buildAdminTree(db());
    const admin = await person('campusAdmin', tree);
    const form = ZRestaurantForm.parse(restaurantForm(tree, { contactEmail: 'Kitchen@Tea.PK' }));
    const restaurant = await createRestaurant(deps(), admin, form);
    const adminList = async () =>
      (await listAdminRestaurants(db(), { campusId: tree.campus.id })).find(
        (row) => row.id === restaurant.id,
      )?.contactEmail;
    expect(await adminList()).toBe('kitchen@tea.pk');
    const storefrontBody = (await catalogue.restaurants(tree.campus.id)).body;
    expect(storefrontBody).toContain(form.name);
    expect(storefrontBody).not.toContain('kitchen@tea.pk');
    expect(storefrontBody).not.toContain('contactEmail');
    await updateRestaurant(deps(), admin, restaurant.id, { ...form, contactEmail: null });
    expect(await adminList()).toBeNull();
  });

  it('keeps a campus admin to their own campus', async () => {
    const ours = await buildAdminTree(db());
    const theirs = await buildAdminTree(db());
    const admin = await person('campusAdmin', ours);
    const form = ZRestaurantForm.parse(restaurantForm(theirs));
    await expect(createRestaurant(deps(), admin, form)).rejects.toMatchObject({
      status: 403,
      userMessage: ROLE_MESSAGES.campusAdminRequired,
    });
    const moved = updateRestaurant(deps(), admin, ours.restaurant.id, form);
    await expect(moved).rejects.toMatchObject({ status: 403 });
    expect((await storefront(theirs)).restaurants).not.toContain(form.name);
  });

  it('clears a campus’s restaurants and says how many went', async () => {
    const tree = await buildAdminTree(db());
    await addRestaurant(db(), tree);
    expect(await clearRestaurants(deps(), superAdmin, tree.campus.id)).toBe(2);
    expect((await storefront(tree)).restaurants).toEqual([]);
    expect(await clearRestaurants(deps(), superAdmin, tree.campus.id)).toBe(0);
  });
});

describe(`menu items on ${engine}`, () => {
  const menuForm = (tree: AdminTree, restaurantId?: string) =>
    createMenuItemSchema('campusAdmin').parse(menuItemForm(tree, restaurantId));

  it('adds, changes and deletes a menu item the storefront shows at once', async () => {
    const tree = await buildAdminTree(db());
    const admin = await person('campusAdmin', tree);
    const form = menuForm(tree);
    const item = await createMenuItem(deps(), admin, form);
    expect(item).toMatchObject({ campusId: tree.campus.id, price: 25_050, photoURL: null });
    expect(await menuOf(tree, tree.restaurant.id)).toContain(form.name);
    const other = await addRestaurant(db(), tree);
    const moved = await updateMenuItem(deps(), admin, item.id, menuForm(tree, other.id));
    expect(await menuOf(tree, other.id)).toContain(moved.name);
    expect(await menuOf(tree, tree.restaurant.id)).not.toContain(form.name);
    await deleteMenuItem(deps(), admin, item.id);
    expect(await menuOf(tree, other.id)).not.toContain(moved.name);
    expect(await auditActions('menu-item', item.id)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses a restaurant of another campus, and a photo that is not one of our uploads', async () => {
    const ours = await buildAdminTree(db());
    const theirs = await buildAdminTree(db());
    const admin = await person('campusAdmin', ours);
    const elsewhere = { ...menuForm(ours), restaurantId: theirs.restaurant.id };
    await expect(createMenuItem(deps(), admin, elsewhere)).rejects.toMatchObject({
      status: 403,
    });
    const typedUrl = { ...menuForm(ours), photoURL: 'https://tracker.example/pixel.png' };
    await expect(createMenuItem(deps(), admin, typedUrl)).rejects.toMatchObject({
      status: 400,
      fields: { photoURL: expect.any(String) },
    });
  });

  it('empties a restaurant’s menu, and a restaurant that is not there is a 404', async () => {
    const tree = await buildAdminTree(db());
    await addMenuItem(db(), tree);
    expect(await clearMenuItems(deps(), superAdmin, tree.restaurant.id)).toBe(2);
    expect(await menuOf(tree, tree.restaurant.id)).toEqual([]);
    expect(await auditActions('menu-item', null)).toContain('clear');
    await expect(clearMenuItems(deps(), superAdmin, 'no-such-restaurant')).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe(`mart items on ${engine}`, () => {
  it('adds, changes and deletes a mart item the storefront shows at once', async () => {
    const tree = await buildAdminTree(db());
    const admin = await person('campusAdmin', tree);
    const form = ZMartItemForm.parse(martItemForm(tree));
    const item = await createMartItem(deps(), admin, form);
    expect((await storefront(tree)).mart).toContainEqual(
      expect.objectContaining({ name: form.name, stock: 12 }),
    );
    await updateMartItem(deps(), admin, item.id, { ...form, name: `${form.name} XL` });
    expect((await storefront(tree)).mart.map((m) => m.name)).toContain(`${form.name} XL`);
    await deleteMartItem(deps(), admin, item.id);
    expect((await storefront(tree)).mart.map((m) => m.name)).not.toContain(`${form.name} XL`);
    expect(await auditActions('mart-item', item.id)).toEqual(['create', 'update', 'delete']);
  });

  it('keeps the stock checkouts left when the admin did not change it', async () => {
    const tree = await buildAdminTree(db());
    const form = ZMartItemForm.parse(martItemForm(tree, { stock: '12', stockWas: 12 }));
    const item = await createMartItem(deps(), superAdmin, form);
    // Two were sold while the admin's form was open.
    await db().update(martItems).set({ stock: 10 }).where(eq(martItems.id, item.id));
    const kept = await updateMartItem(deps(), superAdmin, item.id, { ...form, price: 5_000 });
    expect(kept.stock).toBe(10);
    const set = await updateMartItem(deps(), superAdmin, item.id, { ...form, stock: 30 });
    expect(set.stock).toBe(30);
  });

  it('empties a campus’s mart, and refuses a campus that does not exist', async () => {
    const tree = await buildAdminTree(db());
    await addMartItem(db(), tree);
    expect(await clearMartItems(deps(), superAdmin, tree.campus.id)).toBe(2);
    expect((await storefront(tree)).mart).toEqual([]);
    const nowhere = ZMartItemForm.parse(martItemForm(tree, { campusId: 'no-such-campus' }));
    await expect(createMartItem(deps(), superAdmin, nowhere)).rejects.toMatchObject({
      status: 400,
      fields: { campusId: ADMIN_FORM_MESSAGES.selectUniversityAndCampus },
    });
  });
});
