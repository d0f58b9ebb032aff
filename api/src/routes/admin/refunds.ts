import {
  REFUND_PATHS,
  type TRefundResponse,
  type TRefundsResponse,
  ZRecordRefundByReferenceRequest,
  ZRecordRefundRequest,
  ZRefundSentRequest,
} from '@campus/shared/domain/refunds';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import type { Guards } from '../../auth/guards';
import { jsonBody, parseWith } from '../../http/body';
import { noStore } from '../../http/no-store';
import type { OrderStatusRouteDeps } from '../../orders/change-order-status';
import {
  listRefunds,
  markRefundSent,
  recordRefund,
  recordRefundByReference,
} from '../../refunds/refunds';

const local = (path: string) => path.replace(/^\/api\/admin/, '');

/**
 * A campus's refunds (decision 024): the list, a refund due an admin records for an order, and
 * one marked sent with its transfer's reference. For a super admin or the campus's admin.
 */
export function refundRoutes(deps: OrderStatusRouteDeps, guards: Guards) {
  const { db } = deps;
  const { signedInUser } = guards;
  const admins = guards.requireRole('superAdmin', 'campusAdmin');
  return (
    new Hono<AppEnv>()
      // '/refunds/*' is also '/refunds' itself.
      .use('/refunds/*', admins, noStore)
      .get(local(REFUND_PATHS.list), async (c) => {
        const refunds = await listRefunds(db, await signedInUser(c), c.req.query());
        const body: TRefundsResponse = { ok: true, refunds };
        return c.json(body);
      })
      .post(local(REFUND_PATHS.recordByReference), async (c) => {
        const request = parseWith(ZRecordRefundByReferenceRequest, await jsonBody(c));
        const refund = await recordRefundByReference(
          { db, producer: deps.producer, log: c.get('log') },
          await signedInUser(c),
          request,
        );
        const body: TRefundResponse = { ok: true, refund };
        return c.json(body, 201);
      })
      .post('/orders/:id/refund', admins, noStore, async (c) => {
        const request = parseWith(ZRecordRefundRequest, await jsonBody(c));
        const refund = await recordRefund(
          { db, producer: deps.producer, log: c.get('log') },
          await signedInUser(c),
          c.req.param('id'),
          request,
        );
        const body: TRefundResponse = { ok: true, refund };
        return c.json(body, 201);
      })
      .post('/refunds/:id/sent', async (c) => {
        const { reference } = parseWith(ZRefundSentRequest, await jsonBody(c));
        const refund = await markRefundSent(
          { db, producer: deps.producer, log: c.get('log') },
          await signedInUser(c),
          c.req.param('id'),
          reference,
        );
        const body: TRefundResponse = { ok: true, refund };
        return c.json(body);
      })
  );
}
