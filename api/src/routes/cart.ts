import {
  type TCartPricesResponse,
  ZCartPricesRequest,
} from '@campus/shared/domain/cart-prices-api';
import type { Db } from '@campus/shared/server/db/client';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { Guards } from '../auth/guards';
import { jsonBody, parseWith } from '../http/body';
import { cartItemsNow } from '../orders/cart-items';

/**
 * POST /api/bucket/prices: what each item of a cart is now (price, name, hours, stock), so the
 * cart and checkout show live prices. Items that are gone are left out. Public like the catalogue;
 * a signed-in person's stock counts what their quote holds.
 */
export function cartRoutes(db: Db, guards: Guards) {
  return new Hono<AppEnv>().post('/prices', async (c) => {
    const { lines } = parseWith(ZCartPricesRequest, await jsonBody(c));
    // Only mart stock is held by quotes: a cart of menu items asks no session.
    const hasMart = lines.some((line) => line.restaurantId === null);
    const user = hasMart ? await guards.currentUser(c) : null;
    const items = await cartItemsNow(db, lines, user?.uid ?? null);
    const body: TCartPricesResponse = { ok: true, items };
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });
}
