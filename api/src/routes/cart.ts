import {
  type TCartPricesResponse,
  ZCartPricesRequest,
} from '@campus/shared/domain/cart-prices-api';
import type { Db } from '@campus/shared/server/db/client';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { jsonBody, parseWith } from '../http/body';
import { cartItemsNow } from '../orders/cart-items';

/**
 * POST /api/bucket/prices: what each item of a cart is now (price, name, hours, stock), so the
 * cart and checkout show live prices. Items that are gone are left out. Public like the catalogue.
 */
export function cartRoutes(db: Db) {
  return new Hono<AppEnv>().post('/prices', async (c) => {
    const { lines } = parseWith(ZCartPricesRequest, await jsonBody(c));
    const body: TCartPricesResponse = { ok: true, items: await cartItemsNow(db, lines) };
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });
}
