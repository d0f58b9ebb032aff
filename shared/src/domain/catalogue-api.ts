// zod/mini, as entities.ts: the storefront reads these on first paint.
import * as z from 'zod/mini';
import { ZCampus, ZMartItem, ZMenuItem, ZRestaurant, ZUniversity } from './entities';

// The public catalogue's answers (under /api/catalogue); every one is `{ ok: true, ... }` or the
// error shape of CONVENTIONS.md. The api sends them from its catalogue cache.

/** GET /universities. */
export const ZUniversitiesResponse = z.object({
  ok: z.literal(true),
  universities: z.array(ZUniversity),
});
export type TUniversitiesResponse = z.infer<typeof ZUniversitiesResponse>;

/** GET /universities/:id/campuses. */
export const ZCampusesResponse = z.object({ ok: z.literal(true), campuses: z.array(ZCampus) });
export type TCampusesResponse = z.infer<typeof ZCampusesResponse>;

/** GET /campuses/:id/restaurants. */
export const ZRestaurantsResponse = z.object({
  ok: z.literal(true),
  restaurants: z.array(ZRestaurant),
});
export type TRestaurantsResponse = z.infer<typeof ZRestaurantsResponse>;

/** GET /campuses/:id/mart-items. */
export const ZCatalogueMartItemsResponse = z.object({
  ok: z.literal(true),
  martItems: z.array(ZMartItem),
});
export type TCatalogueMartItemsResponse = z.infer<typeof ZCatalogueMartItemsResponse>;

/** GET /campuses/:id/restaurants/:id/menu: the restaurant and its items. */
export const ZRestaurantMenuResponse = z.object({
  ok: z.literal(true),
  restaurant: ZRestaurant,
  menuItems: z.array(ZMenuItem),
});
export type TRestaurantMenuResponse = z.infer<typeof ZRestaurantMenuResponse>;
