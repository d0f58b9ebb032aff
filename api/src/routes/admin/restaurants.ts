import type { TDeletedResponse } from '@campus/shared/domain/admin-api';
import {
  type TAdminRestaurantResponse,
  type TAdminRestaurantsResponse,
  ZRestaurantForm,
} from '@campus/shared/domain/admin-forms';
import { Hono } from 'hono';
import { campusOfRestaurant } from '../../admin/campus-lookup';
import type { AdminDeps } from '../../admin/deps';
import { INVALID_CAMPUS, listScope, requiredQuery } from '../../admin/scope';
import type { AppEnv } from '../../app-env';
import { assertRole, type Guards } from '../../auth/guards';
import { jsonBody, parseWith } from '../../http/body';
import { clearRestaurants } from '../../restaurants/clear-restaurants';
import { createRestaurant } from '../../restaurants/create-restaurant';
import { deleteRestaurant } from '../../restaurants/delete-restaurant';
import { listAdminRestaurants } from '../../restaurants/list-admin-restaurants';
import { updateRestaurant } from '../../restaurants/update-restaurant';

/**
 * Restaurants (docs/product.md §2): a super admin anywhere, a campus admin at their own campus
 * only. The campus is read from the database row and checked again for the campus a form names, so
 * a campus admin can neither reach nor move anything into another campus.
 */
export function restaurantRoutes(deps: AdminDeps, guards: Guards) {
  const { db } = deps;
  const { signedInUser } = guards;
  const rowAccess = guards.requireCampusAccess((c) =>
    campusOfRestaurant(db, c.req.param('id') ?? ''),
  );

  return new Hono<AppEnv>()
    .get('/restaurants', async (c) => {
      const filter = await listScope(db, await signedInUser(c), c.req.query());
      const body: TAdminRestaurantsResponse = {
        ok: true,
        restaurants: await listAdminRestaurants(db, filter),
      };
      return c.json(body);
    })
    .post('/restaurants', async (c) => {
      const actor = await signedInUser(c);
      assertRole(actor, 'superAdmin', 'campusAdmin');
      const form = parseWith(ZRestaurantForm, await jsonBody(c));
      const body: TAdminRestaurantResponse = {
        ok: true,
        restaurant: await createRestaurant(deps, actor, form),
      };
      return c.json(body, 201);
    })
    .patch('/restaurants/:id', rowAccess, async (c) => {
      const actor = await signedInUser(c);
      const form = parseWith(ZRestaurantForm, await jsonBody(c));
      const restaurant = await updateRestaurant(deps, actor, c.req.param('id'), form);
      const body: TAdminRestaurantResponse = { ok: true, restaurant };
      return c.json(body);
    })
    .delete('/restaurants/:id', rowAccess, async (c) => {
      await deleteRestaurant(deps, await signedInUser(c), c.req.param('id'));
      const body: TDeletedResponse = { ok: true, deleted: 1 };
      return c.json(body);
    })
    .delete('/restaurants', guards.requireRole('superAdmin'), async (c) => {
      const campusId = requiredQuery(c.req.query('campusId'), INVALID_CAMPUS);
      const deleted = await clearRestaurants(deps, await signedInUser(c), campusId);
      const body: TDeletedResponse = { ok: true, deleted };
      return c.json(body);
    });
}
