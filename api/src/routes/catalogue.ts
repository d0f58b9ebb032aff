import { CATALOGUE_MESSAGES } from '@campus/shared/domain/storefront-messages';
import type { CachedResponse, CatalogueCache } from '@campus/shared/server/catalogue/cache';
import { type Context, Hono } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from '../app-env';
import { catalogueHeaders, isNotModified } from '../catalogue/catalogue-headers';
import type { RepeatAnswers } from '../catalogue/repeat-answers';
import { notFound } from '../http/errors';

// A Response of its own with its headers as a plain record, which @hono/node-server writes as it
// is: c.body with more than one header would build a fetch Headers object for every answer. A
// GET's answer is kept for Node to send again (RepeatAnswers) while the cache holds it.
function send(c: Context<AppEnv>, cached: CachedResponse, repeats: RepeatAnswers): Response {
  // Kept only from a request without a query: a repeat has none (its target is the path), and
  // should a route ever read one, an answer to another query must not stand for the plain path.
  if (c.req.method === 'GET' && !c.req.url.includes('?')) {
    repeats.keep(c.req.path, routePath(c), cached);
  }
  const notModified = isNotModified(c.req.header('If-None-Match'), cached.etag);
  const headers = catalogueHeaders(cached, notModified);
  return new Response(notModified ? null : cached.body, {
    status: notModified ? 304 : 200,
    headers,
  });
}

const restaurantNotFound = () => notFound(CATALOGUE_MESSAGES.restaurantNotFound);

/**
 * The public catalogue, readable without signing in. Unknown universities and campuses answer an
 * empty list (a remembered selection whose campus was removed shows "No restaurants available");
 * an unknown restaurant answers 404 'Restaurant not found at this campus.'.
 */
export function catalogueRoutes(cache: CatalogueCache, repeats: RepeatAnswers) {
  return new Hono<AppEnv>()
    .get('/universities', async (c) => send(c, await cache.universities(), repeats))
    .get('/universities/:universityId/campuses', async (c) =>
      send(c, await cache.campuses(c.req.param('universityId')), repeats),
    )
    .get('/campuses/:campusId/restaurants', async (c) =>
      send(c, await cache.restaurants(c.req.param('campusId')), repeats),
    )
    .get('/campuses/:campusId/mart-items', async (c) =>
      send(c, await cache.martItems(c.req.param('campusId')), repeats),
    )
    .get('/campuses/:campusId/restaurants/:restaurantId', async (c) => {
      const found = await cache.restaurant(c.req.param('campusId'), c.req.param('restaurantId'));
      if (!found) throw restaurantNotFound();
      return send(c, found, repeats);
    })
    .get('/restaurants/:restaurantId', async (c) => {
      const found = await cache.restaurantOfAnyCampus(c.req.param('restaurantId'));
      if (!found) throw restaurantNotFound();
      return send(c, found, repeats);
    });
}
