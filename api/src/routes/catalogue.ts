import { CATALOGUE_MESSAGES } from '@campus/shared/domain/storefront-messages';
import type { CachedResponse, CatalogueCache } from '@campus/shared/server/catalogue/cache';
import { type Context, Hono } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from '../app-env';
import { notFound } from '../http/errors';
import type { RepeatAnswers } from '../http/repeat-answers';

// Browsers (and any shared cache) keep a copy but must ask again before every use: mart stock
// changes with every order and an admin's edit must show at once, so a max-age would show a
// student items that are gone. Asking again is cheap: a matching If-None-Match gets an empty 304
// from memory, without a database query. The data is the same for everyone, hence public.
const CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** RFC 9110 §13.1.2: If-None-Match compares weakly, so W/"x" matches "x". */
export function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** The headers of a catalogue answer: its 304 (`notModified`) or its 200 with the body. */
export function catalogueHeaders(cached: CachedResponse, notModified: boolean) {
  const headers = { ETag: cached.etag, 'Cache-Control': CACHE_CONTROL };
  return notModified ? headers : { ...headers, 'Content-Type': 'application/json' };
}

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
