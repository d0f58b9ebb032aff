import {
  type TOrderResponse,
  type TOrderStatusResponse,
  type TOrdersResponse,
  ZMyOrdersQuery,
} from '@campus/shared/domain/order-api';
import { ZCancelOrderRequest } from '@campus/shared/domain/order-status';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { Guards } from '../auth/guards';
import { jsonBody, parseWith } from '../http/body';
import { noStore } from '../http/no-store';
import type { OrderStatusRouteDeps } from '../orders/change-order-status';
import { changeOrderStatus } from '../orders/change-order-status';
import { getOrder } from '../orders/get-order';
import { listMyOrders } from '../orders/list-orders';

/** A student's My Orders: their orders, one order's page, and cancelling while unchecked. */
export function myOrderRoutes(deps: OrderStatusRouteDeps, guards: Guards) {
  const { db } = deps;
  const { signedInUser } = guards;
  return (
    new Hono<AppEnv>()
      // '/orders/*' is also '/orders' itself.
      .use('/orders/*', noStore)
      .get('/orders', async (c) => {
        const { page } = parseWith(ZMyOrdersQuery, c.req.query());
        const body: TOrdersResponse = await listMyOrders(db, await signedInUser(c), page);
        return c.json(body);
      })
      .get('/orders/:id', async (c) => {
        const order = await getOrder(db, await signedInUser(c), c.req.param('id'), 'student');
        const body: TOrderResponse = { ok: true, order };
        return c.json(body);
      })
      .post('/orders/:id/cancel', async (c) => {
        const student = await signedInUser(c);
        const { reason } = parseWith(ZCancelOrderRequest, await jsonBody(c));
        const request = { action: 'cancel' as const, reason };
        const done = await changeOrderStatus(
          { ...deps, log: c.get('log') },
          student,
          c.req.param('id'),
          request,
        );
        const body: TOrderStatusResponse = { ok: true, orderId: done.orderId, status: done.state };
        return c.json(body);
      })
  );
}
