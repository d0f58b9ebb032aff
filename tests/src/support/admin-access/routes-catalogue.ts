import {
  ADMIN_API,
  type TDeletedResponse,
  type TMartItemResponse,
  type TMartItemsResponse,
  type TMenuItemResponse,
  type TMenuItemsResponse,
  type TRestaurantResponse,
  type TRestaurantsResponse,
} from '@campus/shared/domain/admin-api';
import { martItems, menuItems, restaurants } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  addMartItem,
  addMenuItem,
  addRestaurant,
  martItemForm,
  menuItemForm,
  restaurantForm,
} from '../admin';
import {
  campusQuery,
  campusRow,
  db,
  martItemRow,
  menuItemRow,
  query,
  restaurantRow,
} from './context';
import type { Route } from './route';

/** The catalogue's routes, which a campus admin may call for their own campus. */
export const CATALOGUE_ROUTES: Route[] = [
  // -- C: restaurants ---------------------------------------------------------------------------
  {
    label: 'GET /api/admin/restaurants',
    who: 'C',
    make: async (tree) => ({
      method: 'GET',
      path: `${ADMIN_API.restaurants}${campusQuery(tree)}`,
      done: async (answer) => {
        const listed = (answer as TRestaurantsResponse).restaurants;
        expect(listed.map((r) => r.id)).toContain(tree.restaurant.id);
        for (const r of listed) expect(r.campusId).toBe(tree.campus.id);
      },
    }),
  },
  {
    label: 'POST /api/admin/restaurants',
    who: 'C',
    audit: { action: 'create', entity: 'restaurant' },
    make: async (tree) => {
      const body = restaurantForm(tree);
      return {
        method: 'POST',
        path: ADMIN_API.restaurants,
        body,
        done: async (answer) => {
          const { restaurant } = answer as TRestaurantResponse;
          expect(restaurant).toMatchObject({ name: body.name, campusId: tree.campus.id });
          expect(await restaurantRow(restaurant.id)).toMatchObject({
            campusId: tree.campus.id,
            name: body.name,
            cuisine: 'BBQ',
          });
        },
      };
    },
  },
  {
    label: 'PATCH /api/admin/restaurants/:id',
    who: 'C',
    audit: { action: 'update', entity: 'restaurant' },
    make: async (tree) => {
      const row = await addRestaurant(db(), tree);
      const body = restaurantForm(tree, { id: row.id });
      return {
        method: 'PATCH',
        path: `${ADMIN_API.restaurants}/${row.id}`,
        body,
        entityId: row.id,
        done: async () => {
          expect(await restaurantRow(row.id)).toMatchObject({
            name: body.name,
            campusId: tree.campus.id,
          });
        },
      };
    },
  },
  {
    label: 'DELETE /api/admin/restaurants/:id',
    who: 'C',
    audit: { action: 'delete', entity: 'restaurant' },
    make: async (tree) => {
      const row = await addRestaurant(db(), tree);
      const item = await addMenuItem(db(), tree, row.id);
      return {
        method: 'DELETE',
        path: `${ADMIN_API.restaurants}/${row.id}`,
        entityId: row.id,
        done: async (answer) => {
          expect((answer as TDeletedResponse).deleted).toBe(1);
          expect(await restaurantRow(row.id)).toBeUndefined();
          expect(await menuItemRow(item.id)).toBeUndefined();
        },
      };
    },
  },
  {
    label: 'DELETE /api/admin/restaurants?campusId=X',
    who: 'S',
    audit: { action: 'clear', entity: 'restaurant' },
    make: async (tree) => ({
      method: 'DELETE',
      path: `${ADMIN_API.restaurants}${query({ campusId: tree.campus.id })}`,
      done: async () => {
        expect(await db().$count(restaurants, eq(restaurants.campusId, tree.campus.id))).toBe(0);
        expect(await campusRow(tree.campus.id)).toBeDefined();
      },
    }),
  },
  // -- C: menu items ----------------------------------------------------------------------------
  {
    label: 'GET /api/admin/menu-items',
    who: 'C',
    make: async (tree) => ({
      method: 'GET',
      path: `${ADMIN_API.menuItems}${query({ universityId: tree.university.id, campusId: tree.campus.id, restaurantId: tree.restaurant.id })}`,
      done: async (answer) => {
        const listed = (answer as TMenuItemsResponse).menuItems;
        expect(listed).toContainEqual(
          expect.objectContaining({
            id: tree.menuItem.id,
            universityId: tree.university.id,
            campusId: tree.campus.id,
          }),
        );
        for (const item of listed) expect(item.restaurantId).toBe(tree.restaurant.id);
      },
    }),
  },
  {
    label: 'POST /api/admin/menu-items',
    who: 'C',
    audit: { action: 'create', entity: 'menu-item' },
    make: async (tree) => {
      const body = menuItemForm(tree);
      return {
        method: 'POST',
        path: ADMIN_API.menuItems,
        body,
        done: async (answer) => {
          const { menuItem } = answer as TMenuItemResponse;
          expect(menuItem).toMatchObject({
            name: body.name,
            price: 25_050,
            restaurantId: tree.restaurant.id,
          });
          expect(await menuItemRow(menuItem.id)).toMatchObject({
            restaurantId: tree.restaurant.id,
            pricePaisa: 25_050,
          });
        },
      };
    },
  },
  {
    label: 'PATCH /api/admin/menu-items/:id',
    who: 'C',
    audit: { action: 'update', entity: 'menu-item' },
    make: async (tree) => {
      const item = await addMenuItem(db(), tree);
      const body = menuItemForm(tree, tree.restaurant.id, { id: item.id, price: '250' });
      return {
        method: 'PATCH',
        path: `${ADMIN_API.menuItems}/${item.id}`,
        body,
        entityId: item.id,
        done: async () => {
          expect(await menuItemRow(item.id)).toMatchObject({
            name: body.name,
            pricePaisa: 25_000,
            restaurantId: tree.restaurant.id,
          });
        },
      };
    },
  },
  {
    label: 'DELETE /api/admin/menu-items/:id',
    who: 'C',
    audit: { action: 'delete', entity: 'menu-item' },
    make: async (tree) => {
      const item = await addMenuItem(db(), tree);
      return {
        method: 'DELETE',
        path: `${ADMIN_API.menuItems}/${item.id}`,
        entityId: item.id,
        done: async () => {
          expect(await menuItemRow(item.id)).toBeUndefined();
          expect(await restaurantRow(tree.restaurant.id)).toBeDefined();
        },
      };
    },
  },
  {
    label: 'DELETE /api/admin/menu-items?restaurantId=X',
    who: 'S',
    audit: { action: 'clear', entity: 'menu-item' },
    make: async (tree) => {
      await addMenuItem(db(), tree);
      return {
        method: 'DELETE',
        path: `${ADMIN_API.menuItems}${query({ restaurantId: tree.restaurant.id })}`,
        done: async (answer) => {
          expect((answer as TDeletedResponse).deleted).toBe(2);
          expect(await db().$count(menuItems, eq(menuItems.restaurantId, tree.restaurant.id))).toBe(
            0,
          );
          expect(await restaurantRow(tree.restaurant.id)).toBeDefined();
        },
      };
    },
  },
  // -- C: mart items ----------------------------------------------------------------------------
  {
    label: 'GET /api/admin/restaurants?restaurantId=X',
    who: 'C',
    make: async (tree) => ({
      method: 'GET',
      path: `${ADMIN_API.restaurants}${query({ restaurantId: tree.restaurant.id })}`,
      done: async (answer) => {
        const listed = (answer as TRestaurantsResponse).restaurants;
        expect(listed.map((r) => r.id)).toEqual([tree.restaurant.id]);
      },
    }),
  },
  {
    label: 'GET /api/admin/mart-items?restaurantId=X',
    who: 'C',
    make: async (tree) => ({
      method: 'GET',
      path: `${ADMIN_API.martItems}${query({ restaurantId: tree.restaurant.id })}`,
      done: async (answer) => {
        const listed = (answer as TMartItemsResponse).martItems;
        expect(listed.map((item) => item.id)).toContain(tree.martItem.id);
        for (const item of listed) expect(item.campusId).toBe(tree.campus.id);
      },
    }),
  },
  {
    label: 'GET /api/admin/mart-items',
    who: 'C',
    make: async (tree) => ({
      method: 'GET',
      path: `${ADMIN_API.martItems}${campusQuery(tree)}`,
      done: async (answer) => {
        const listed = (answer as TMartItemsResponse).martItems;
        expect(listed.map((item) => item.id)).toContain(tree.martItem.id);
        for (const item of listed) expect(item.campusId).toBe(tree.campus.id);
      },
    }),
  },
  {
    label: 'POST /api/admin/mart-items',
    who: 'C',
    audit: { action: 'create', entity: 'mart-item' },
    make: async (tree) => {
      const body = martItemForm(tree);
      return {
        method: 'POST',
        path: ADMIN_API.martItems,
        body,
        done: async (answer) => {
          const { martItem } = answer as TMartItemResponse;
          expect(martItem).toMatchObject({ name: body.name, price: 9_990, stock: 12 });
          expect(await martItemRow(martItem.id)).toMatchObject({
            campusId: tree.campus.id,
            pricePaisa: 9_990,
            stock: 12,
            category: 'Drinks',
          });
        },
      };
    },
  },
  {
    label: 'PATCH /api/admin/mart-items/:id',
    who: 'C',
    audit: { action: 'update', entity: 'mart-item' },
    make: async (tree) => {
      const item = await addMartItem(db(), tree);
      const body = martItemForm(tree, { id: item.id, price: '250.50', stock: 0 });
      return {
        method: 'PATCH',
        path: `${ADMIN_API.martItems}/${item.id}`,
        body,
        entityId: item.id,
        done: async () => {
          expect(await martItemRow(item.id)).toMatchObject({
            name: body.name,
            pricePaisa: 25_050,
            stock: 0,
            campusId: tree.campus.id,
          });
        },
      };
    },
  },
  {
    label: 'DELETE /api/admin/mart-items/:id',
    who: 'C',
    audit: { action: 'delete', entity: 'mart-item' },
    make: async (tree) => {
      const item = await addMartItem(db(), tree);
      return {
        method: 'DELETE',
        path: `${ADMIN_API.martItems}/${item.id}`,
        entityId: item.id,
        done: async () => {
          expect(await martItemRow(item.id)).toBeUndefined();
        },
      };
    },
  },
  {
    label: 'DELETE /api/admin/mart-items?campusId=X',
    who: 'S',
    audit: { action: 'clear', entity: 'mart-item' },
    make: async (tree) => {
      await addMartItem(db(), tree);
      return {
        method: 'DELETE',
        path: `${ADMIN_API.martItems}${query({ campusId: tree.campus.id })}`,
        done: async (answer) => {
          expect((answer as TDeletedResponse).deleted).toBe(2);
          expect(await db().$count(martItems, eq(martItems.campusId, tree.campus.id))).toBe(0);
        },
      };
    },
  },
];
