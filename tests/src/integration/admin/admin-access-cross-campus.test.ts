import { ADMIN_API, type TMenuItemsResponse } from '@campus/shared/domain/admin-api';
import { ROLE_MESSAGES } from '@campus/shared/domain/roles';
import { describe, expect, it } from 'vitest';
import {
  addMartItem,
  addMenuItem,
  addRestaurant,
  changesBetween,
  martItemForm,
  menuItemForm,
  restaurantForm,
} from '../../support/admin';
import {
  access,
  as,
  type Call,
  campusQuery,
  db,
  everything,
  expectUnchanged,
  type Persona,
  query,
  send,
  setUpAdminAccess,
} from '../../support/admin-access/context';
import { engine } from '../../support/database';

// Campus admins and rows, or bodies, of another campus (docs/decisions/006-admin-scope.md): each
// refusal leaves the database and the local sheet exactly as they were.

setUpAdminAccess();

interface CrossCase {
  name: string;
  persona: Persona;
  status: number | readonly number[];
  make: () => Promise<Call>;
}

const CAMPUS_ONLY = ROLE_MESSAGES.campusAdminRequired;

const CROSS_CAMPUS: CrossCase[] = [
  {
    name: 'our admin moves our restaurant to their campus',
    persona: 'ourAdmin',
    status: 403,
    make: async () => {
      const row = await addRestaurant(db(), access.ours);
      return {
        method: 'PATCH',
        path: `${ADMIN_API.restaurants}/${row.id}`,
        body: restaurantForm(access.theirs, { id: row.id }),
      };
    },
  },
  {
    name: 'their admin edits our restaurant, naming their own campus in the body',
    persona: 'theirAdmin',
    status: 403,
    make: async () => {
      const row = await addRestaurant(db(), access.ours);
      return {
        method: 'PATCH',
        path: `${ADMIN_API.restaurants}/${row.id}`,
        body: restaurantForm(access.theirs, { id: row.id }),
      };
    },
  },
  {
    name: 'our admin moves our menu item to their restaurant',
    persona: 'ourAdmin',
    status: 403,
    make: async () => {
      const item = await addMenuItem(db(), access.ours);
      return {
        method: 'PATCH',
        path: `${ADMIN_API.menuItems}/${item.id}`,
        body: menuItemForm(access.theirs, access.theirs.restaurant.id, { id: item.id }),
      };
    },
  },
  {
    name: 'our admin moves our menu item to their restaurant, naming our campus in the body',
    persona: 'ourAdmin',
    status: 403,
    make: async () => {
      const item = await addMenuItem(db(), access.ours);
      return {
        method: 'PATCH',
        path: `${ADMIN_API.menuItems}/${item.id}`,
        body: menuItemForm(access.ours, access.theirs.restaurant.id, { id: item.id }),
      };
    },
  },
  {
    name: 'our admin adds a menu item to their restaurant, naming our campus in the body',
    persona: 'ourAdmin',
    status: 403,
    make: async () => ({
      method: 'POST',
      path: ADMIN_API.menuItems,
      body: menuItemForm(access.ours, access.theirs.restaurant.id),
    }),
  },
  {
    name: 'their admin adds a menu item to our restaurant, naming their campus in the body',
    persona: 'theirAdmin',
    status: 403,
    make: async () => ({
      method: 'POST',
      path: ADMIN_API.menuItems,
      body: menuItemForm(access.theirs, access.ours.restaurant.id),
    }),
  },
  {
    name: 'their admin edits our menu item, keeping it in our restaurant',
    persona: 'theirAdmin',
    status: 403,
    make: async () => {
      const item = await addMenuItem(db(), access.ours);
      return {
        method: 'PATCH',
        path: `${ADMIN_API.menuItems}/${item.id}`,
        body: menuItemForm(access.ours, access.ours.restaurant.id, { id: item.id }),
      };
    },
  },
  {
    name: 'our admin moves our mart item to their campus',
    persona: 'ourAdmin',
    status: 403,
    make: async () => {
      const item = await addMartItem(db(), access.ours);
      return {
        method: 'PATCH',
        path: `${ADMIN_API.martItems}/${item.id}`,
        body: martItemForm(access.theirs, { id: item.id }),
      };
    },
  },
  {
    name: 'their admin edits our mart item, naming their own campus in the body',
    persona: 'theirAdmin',
    status: 403,
    make: async () => {
      const item = await addMartItem(db(), access.ours);
      return {
        method: 'PATCH',
        path: `${ADMIN_API.martItems}/${item.id}`,
        body: martItemForm(access.theirs, { id: item.id }),
      };
    },
  },
  {
    name: 'our admin adds a restaurant naming our university and their campus',
    persona: 'ourAdmin',
    status: 403,
    make: async () => ({
      method: 'POST',
      path: ADMIN_API.restaurants,
      body: restaurantForm(access.ours, { campusId: access.theirs.campus.id }),
    }),
  },
  {
    name: 'our admin adds a mart item naming their university and our campus',
    persona: 'ourAdmin',
    status: 403,
    make: async () => ({
      method: 'POST',
      path: ADMIN_API.martItems,
      body: martItemForm(access.ours, { universityId: access.theirs.university.id }),
    }),
  },
  {
    name: 'our admin lists the restaurants of their campus',
    persona: 'ourAdmin',
    status: 403,
    make: async () => ({
      method: 'GET',
      path: `${ADMIN_API.restaurants}${campusQuery(access.theirs)}`,
    }),
  },
  {
    name: 'our admin lists the menu of their restaurant',
    persona: 'ourAdmin',
    status: 403,
    make: async () => ({
      method: 'GET',
      path: `${ADMIN_API.menuItems}${query({ universityId: access.theirs.university.id, campusId: access.theirs.campus.id, restaurantId: access.theirs.restaurant.id })}`,
    }),
  },
  {
    name: 'our admin lists the mart items of their campus',
    persona: 'ourAdmin',
    status: 403,
    make: async () => ({
      method: 'GET',
      path: `${ADMIN_API.martItems}${campusQuery(access.theirs)}`,
    }),
  },
];

describe(`campus admins and other campuses on ${engine}`, () => {
  it.each(CROSS_CAMPUS)('refuses: $name', async ({ persona, status, make }) => {
    await expectUnchanged(persona, await make(), status, CAMPUS_ONLY);
  });

  it('makes a campus admin name their own campus to list (no campus means no list)', async () => {
    for (const path of [ADMIN_API.restaurants, ADMIN_API.menuItems, ADMIN_API.martItems]) {
      await expectUnchanged('ourAdmin', { method: 'GET', path }, [400, 403]);
    }
  });

  it('shows a campus admin none of their menu items when naming our campus with their restaurant', async () => {
    const response = await as('ourAdmin', {
      method: 'GET',
      path: `${ADMIN_API.menuItems}${query({ universityId: access.ours.university.id, campusId: access.ours.campus.id, restaurantId: access.theirs.restaurant.id })}`,
    });
    if (response.status === 200) {
      const { menuItems: listed } = (await response.json()) as TMenuItemsResponse;
      expect(listed.filter((item) => item.restaurantId === access.theirs.restaurant.id)).toEqual(
        [],
      );
    } else {
      expect(response.status).toBe(403);
    }
  });

  it('refuses a write from another site even to a super admin', async () => {
    const row = await addRestaurant(db(), access.ours);
    const before = await everything();
    const response = await send(
      { method: 'DELETE', path: `${ADMIN_API.restaurants}/${row.id}` },
      access.people.superAdmin.cookie,
      'http://evil.test',
    );
    expect(response.status).toBe(403);
    expect(changesBetween(before, await everything())).toEqual([]);
  });
});
