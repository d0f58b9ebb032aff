import type { TCheckoutRoundResponse } from '@campus/shared/domain/batch-api';
import {
  type TCheckoutContextResponse,
  type TPayTo,
  type TSubmitOrderResponse,
  ZSubmitOrderRequest,
} from '@campus/shared/domain/checkout';
import type { TQuoteResponse } from '@campus/shared/domain/quote';
import type { OrderEventPublisher } from '@campus/shared/server/events/order-events';
import type { Metrics } from '@campus/shared/server/metrics/metrics';
import { Hono } from 'hono';
import type { AdminDeps } from '../admin/deps';
import type { AppEnv } from '../app-env';
import type { Captcha } from '../auth/captcha';
import type { Guards } from '../auth/guards';
import { withinPersonLimit } from '../auth/needs-redis';
import type { RateLimiter } from '../auth/rate-limit';
import { upcomingRound } from '../delivery/delivery-slots';
import { idListQuery, idQuery, jsonBody, parseWith } from '../http/body';
import { tooManyRequests } from '../http/errors';
import { noStore } from '../http/no-store';
import { checkOut } from '../orders/check-out';
import { startStageClock } from '../orders/checkout-stages';
import { getCheckoutContext } from '../orders/get-checkout-context';
import { quoteCart } from '../orders/quote-cart';
import { submitOrder } from '../orders/submit-order';

/** What the order routes use: the admin's deps and the checks of who may place an order. */
export type OrderRouteDeps = AdminDeps & {
  captcha: Captcha;
  rateLimiter: RateLimiter;
  events: OrderEventPublisher;
};

// Quotes one person may ask for in a window: checkout asks once a visit and once a cart change.
const QUOTE_LIMIT = { max: 120, windowSeconds: 10 * 60 };

/**
 * Checkout (docs/product.md §2, §5; docs/architecture.md §3): the page's context, the quote held
 * before payment (docs/decisions/025-held-quote.md) and placing the order.
 */
export function checkoutRoutes(
  deps: OrderRouteDeps & { payToDefault: TPayTo; metrics: Metrics; quoteHoldMinutes?: number },
  guards: Guards,
) {
  const { db } = deps;
  const { signedInUser } = guards;
  return new Hono<AppEnv>()
    .use('/checkout/*', noStore)
    .get('/checkout/context', async (c) => {
      const user = await signedInUser(c);
      const context = await getCheckoutContext(deps, user, idQuery(c, 'campusId'));
      const body: TCheckoutContextResponse = { ok: true, ...context };
      return c.json(body);
    })
    .post('/checkout/quote', async (c) => {
      const user = await signedInUser(c);
      if (
        !(await withinPersonLimit({ ...deps, log: c.get('log') }, 'quote', user.uid, QUOTE_LIMIT))
      ) {
        throw tooManyRequests({ logMessage: `user ${user.uid} is over the quote limit` });
      }
      const body: TQuoteResponse = await quoteCart(
        { ...deps, log: c.get('log'), holdMinutes: deps.quoteHoldMinutes },
        user,
        await jsonBody(c),
      );
      return c.json(body);
    })
    .get('/checkout-round', noStore, async (c) => {
      await signedInUser(c);
      const body: TCheckoutRoundResponse = {
        ok: true,
        ...(await upcomingRound(
          db,
          idQuery(c, 'campusId'),
          new Date(),
          idListQuery(c, 'restaurants'),
        )),
      };
      return c.json(body);
    })
    .post('/orders', noStore, async (c) => {
      // Where a checkout's time goes, for operators and the bench (campus_checkout_stage_seconds).
      const endStage = startStageClock(deps.metrics);
      const user = await signedInUser(c);
      endStage('session');
      const body = await jsonBody(c);
      const { status, answer } = await checkOut(
        { ...deps, log: c.get('log'), endStage },
        user,
        body,
      );
      return c.json(answer, status);
    });
}

/**
 * POST /submit-order (docs/product.md §7): the operators' trigger of an order's notify job. Only
 * the person who placed the order or a super admin; the mails go out once, whatever the number of
 * calls.
 */
export function submitOrderRoutes(deps: AdminDeps, guards: Guards) {
  return new Hono<AppEnv>().post('/submit-order', async (c) => {
    const user = await guards.signedInUser(c);
    const { orderId } = parseWith(ZSubmitOrderRequest, await jsonBody(c));
    const jobId = await submitOrder({ ...deps, log: c.get('log') }, user, orderId);
    const body: TSubmitOrderResponse = { ok: true, orderId, jobId };
    return c.json(body, 202);
  });
}
