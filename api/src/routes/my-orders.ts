import {
  type TOrderResponse,
  type TOrderStatusResponse,
  type TOrdersResponse,
  ZMyOrdersQuery,
} from '@campus/shared/domain/order-api';
import {
  type TOrderTransitionRequest,
  ZCancelOrderRequest,
  ZResubmitOrderRequest,
} from '@campus/shared/domain/order-status';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { Guards } from '../auth/guards';
import { jsonBody, parseWith } from '../http/body';
import { noStore } from '../http/no-store';
import type { OrderStatusRouteDeps } from '../orders/change-order-status';
import { changeOrderStatus } from '../orders/change-order-status';
import { getOrder } from '../orders/get-order';
import { listMyOrders } from '../orders/list-orders';

/**
 * A student's My Orders: their orders, one order's page, cancelling while unchecked, and a new
 * payment screenshot for a rejected order.
 */
export function myOrderRoutes(deps: OrderStatusRouteDeps, guards: Guards) {
  const { db } = deps;
  const { signedInUser } = guards;
  /** The signed-in student's move of the order of the path. */
  const studentMoves = async (
    c: Context<AppEnv>,
    request: TOrderTransitionRequest,
  ): Promise<TOrderStatusResponse> => {
    const done = await changeOrderStatus(
      { ...deps, log: c.get('log') },
      await signedInUser(c),
      c.req.param('id') ?? '',
      request,
    );
    return { ok: true, orderId: done.orderId, status: done.state };
  };
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
        const { reason } = parseWith(ZCancelOrderRequest, await jsonBody(c));
        return c.json(await studentMoves(c, { action: 'cancel', reason }));
      })
      .post('/orders/:id/resubmit', async (c) => {
        const { screenshot, reason } = parseWith(ZResubmitOrderRequest, await jsonBody(c));
        return c.json(await studentMoves(c, { action: 'resubmit', reason, screenshot }));
      })
  );
}
