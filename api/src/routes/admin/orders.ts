import {
  type TOrderQueueResponse,
  type TOrderResponse,
  type TOrderStatusResponse,
  type TVerifyAllClearResponse,
  ZOrderQueueQuery,
  ZVerifyAllClearRequest,
} from '@campus/shared/domain/order-api';
import { ZOrderTransitionRequest } from '@campus/shared/domain/order-status';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import type { Guards } from '../../auth/guards';
import { jsonBody, parseWith } from '../../http/body';
import { noStore } from '../../http/no-store';
import type { OrderStatusRouteDeps } from '../../orders/change-order-status';
import { changeOrderStatus } from '../../orders/change-order-status';
import { getOrder } from '../../orders/get-order';
import { listOrderQueue } from '../../orders/list-orders';
import { verifyAllClear } from '../../orders/verify-all-clear';

/**
 * Orders after checkout for admins (docs/architecture.md §8): the Payments queue, an order's page
 * and its transitions. A campus admin sees and moves only their campus's orders; a super admin any.
 */
export function orderRoutes(deps: OrderStatusRouteDeps, guards: Guards) {
  const { db } = deps;
  const { signedInUser } = guards;
  const admins = guards.requireRole('superAdmin', 'campusAdmin');
  return (
    new Hono<AppEnv>()
      // '/orders/*' is also '/orders' itself.
      .use('/orders/*', admins, noStore)
      .get('/orders', async (c) => {
        const query = parseWith(ZOrderQueueQuery, c.req.query());
        const body: TOrderQueueResponse = await listOrderQueue(
          db,
          await signedInUser(c),
          query,
          deps.payToDefault,
        );
        return c.json(body);
      })
      .post('/orders/verify-all-clear', async (c) => {
        const request = parseWith(ZVerifyAllClearRequest, await jsonBody(c));
        const verified = await verifyAllClear(
          { ...deps, log: c.get('log') },
          await signedInUser(c),
          request,
        );
        const body: TVerifyAllClearResponse = { ok: true, verified };
        return c.json(body);
      })
      .get('/orders/:id', async (c) => {
        const order = await getOrder(db, await signedInUser(c), c.req.param('id'), 'admin');
        const body: TOrderResponse = { ok: true, order };
        return c.json(body);
      })
      .post('/orders/:id/status', async (c) => {
        const admin = await signedInUser(c);
        const request = parseWith(ZOrderTransitionRequest, await jsonBody(c));
        const done = await changeOrderStatus(
          { ...deps, log: c.get('log') },
          admin,
          c.req.param('id'),
          request,
        );
        const body: TOrderStatusResponse = { ok: true, orderId: done.orderId, status: done.state };
        return c.json(body);
      })
  );
}
