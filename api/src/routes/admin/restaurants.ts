import type {
  TDeletedResponse,
  TRestaurantResponse,
  TRestaurantsResponse,
} from '@campus/shared/domain/admin-api';
import {
  ADMIN_FORM_MESSAGES,
  type TRestaurantForm,
  ZRestaurantForm,
} from '@campus/shared/domain/admin-forms';
import type { TRestaurant } from '@campus/shared/domain/entities';
import { listRestaurants } from '@campus/shared/server/catalogue/queries';
import { newId } from '@campus/shared/server/db/ids';
import { restaurants } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { audit } from '../../admin/audit';
import { clearAudited, deleteAudited } from '../../admin/audited-deletes';
import { campusOfRestaurant } from '../../admin/campus-lookup';
import type { AdminDeps } from '../../admin/deps';
import { campusFromBody, listScope, requiredQuery } from '../../admin/scope';
import type { AppEnv } from '../../app-env';
import {
  assertRole,
  type CampusRef,
  requireCampusAccess,
  requireRole,
  signedInUser,
} from '../../auth/guards';
import { jsonBody, parseWith } from '../../http/body';
import { notFound } from '../../http/errors';

const invalidCampus = {
  field: 'campusId',
  message: ADMIN_FORM_MESSAGES.selectUniversityAndCampus,
};

/**
 * Restaurants (SPEC §2): a super admin anywhere, a campus admin at their own campus only. The
 * campus is read from the database row and checked again for the campus a form names, so a
 * campus admin can neither reach nor move anything into another campus.
 */
export function restaurantRoutes(deps: AdminDeps) {
  const { db, catalogue } = deps;
  const rowAccess = requireCampusAccess((c) => campusOfRestaurant(db, c.req.param('id') ?? ''));

  return new Hono<AppEnv>()
    .get('/restaurants', async (c) => {
      const filter = await listScope(db, await signedInUser(c), c.req.query());
      const body: TRestaurantsResponse = {
        ok: true,
        restaurants: await listRestaurants(db, filter),
      };
      return c.json(body);
    })
    .post('/restaurants', async (c) => {
      const actor = await signedInUser(c);
      assertRole(actor, 'superAdmin', 'campusAdmin');
      const form = parseWith(ZRestaurantForm, await jsonBody(c));
      const campus = await campusFromBody(db, actor, form, invalidCampus);
      const restaurant = restaurantOf(newId(), campus, form);
      await db.transaction(async (tx) => {
        await tx.insert(restaurants).values(columnsOf(restaurant));
        await audit(tx, actor, {
          action: 'create',
          entity: 'restaurant',
          entityId: restaurant.id,
          details: { name: restaurant.name, campusId: restaurant.campusId },
        });
      });
      await catalogue.invalidateCampus(restaurant.campusId);
      const body: TRestaurantResponse = { ok: true, restaurant };
      return c.json(body, 201);
    })
    .patch('/restaurants/:id', rowAccess, async (c) => {
      const actor = await signedInUser(c);
      const id = c.req.param('id');
      const before = await campusOfRestaurant(db, id);
      if (!before) throw notFound();
      const form = parseWith(ZRestaurantForm, await jsonBody(c));
      const campus = await campusFromBody(db, actor, form, invalidCampus);
      const restaurant = restaurantOf(id, campus, form);
      await db.transaction(async (tx) => {
        const changed = await tx
          .update(restaurants)
          .set(columnsOf(restaurant))
          .where(eq(restaurants.id, id))
          .returning({ id: restaurants.id });
        if (changed.length === 0) throw notFound();
        await audit(tx, actor, {
          action: 'update',
          entity: 'restaurant',
          entityId: id,
          details: { name: restaurant.name, campusId: restaurant.campusId, from: before.campusId },
        });
      });
      await catalogue.invalidateCampus(before.campusId);
      if (before.campusId !== campus.campusId) await catalogue.invalidateCampus(campus.campusId);
      const body: TRestaurantResponse = { ok: true, restaurant };
      return c.json(body);
    })
    .delete('/restaurants/:id', rowAccess, async (c) => {
      const actor = await signedInUser(c);
      const id = c.req.param('id');
      const gone = await deleteAudited(db, actor, {
        entity: 'restaurant',
        table: restaurants,
        id,
        details: (row) => ({ name: row.name, campusId: row.campusId }),
      });
      await catalogue.invalidateCampus(gone.campusId);
      const body: TDeletedResponse = { ok: true, deleted: 1 };
      return c.json(body);
    })
    .delete('/restaurants', requireRole('superAdmin'), async (c) => {
      const actor = await signedInUser(c);
      const campusId = requiredQuery(c.req.query('campusId'), invalidCampus);
      const deleted = await clearAudited(db, actor, {
        entity: 'restaurant',
        table: restaurants,
        where: [eq(restaurants.campusId, campusId)],
        scope: { campusId },
      });
      await catalogue.invalidateCampus(campusId);
      const body: TDeletedResponse = { ok: true, deleted };
      return c.json(body);
    });
}

/** The table's columns of a restaurant; a time not set is stored empty. */
/** The restaurant a valid form makes, in the campus it was checked against. */
function restaurantOf(id: string, campus: CampusRef, form: TRestaurantForm): TRestaurant {
  return {
    id,
    universityId: campus.universityId,
    campusId: campus.campusId,
    name: form.name,
    location: form.location,
    cuisine: form.cuisine,
    openTime: form.openTime,
    closeTime: form.closeTime,
    is24x7: form.is24x7,
  };
}

function columnsOf(restaurant: TRestaurant) {
  return {
    id: restaurant.id,
    campusId: restaurant.campusId,
    name: restaurant.name,
    location: restaurant.location,
    cuisine: restaurant.cuisine,
    openTime: restaurant.openTime ?? '',
    closeTime: restaurant.closeTime ?? '',
    is24x7: restaurant.is24x7,
  };
}
