import {
  type TBucketPricesResponse,
  ZBucketPricesRequest,
} from '@campus/shared/domain/bucket-prices-api';
import type { Db } from '@campus/shared/server/db/client';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { jsonBody, parseWith } from '../http/body';
import { bucketItemsNow } from '../orders/bucket-items';

/**
 * POST /api/bucket/prices: what each item of a bucket is now (price, name, hours, stock), so the
 * cart and checkout show live prices. Items that are gone are left out. Public like the catalogue.
 */
export function bucketRoutes(db: Db) {
  return new Hono<AppEnv>().post('/prices', async (c) => {
    const { lines } = parseWith(ZBucketPricesRequest, await jsonBody(c));
    const body: TBucketPricesResponse = { ok: true, items: await bucketItemsNow(db, lines) };
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });
}
