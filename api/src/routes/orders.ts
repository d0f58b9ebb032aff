import type { TCheckoutRoundResponse } from '@campus/shared/domain/batch-api';
import {
  CHECKOUT_LIMIT,
  CHECKOUT_MESSAGES,
  createCheckoutSchema,
  type TCheckoutContextResponse,
  type TPayTo,
  type TPlaceOrderResponse,
  type TSubmitOrderResponse,
  ZIdempotencyKey,
  ZSubmitOrderRequest,
} from '@campus/shared/domain/checkout';
import type { TUserProfile } from '@campus/shared/domain/entities';
import { zText } from '@campus/shared/domain/form-validation';
import { isIdText, TEXT_LIMITS } from '@campus/shared/domain/text';
import type { Db } from '@campus/shared/server/db/client';
import type { OrderEventPublisher } from '@campus/shared/server/events/order-events';
import type { Metrics } from '@campus/shared/server/metrics/metrics';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AdminDeps } from '../admin/deps';
import type { AppEnv } from '../app-env';
import { campusDomainNames } from '../auth/allowed-domains';
import type { Captcha } from '../auth/captcha';
import type { Guards } from '../auth/guards';
import type { RateLimiter } from '../auth/rate-limit';
import { upcomingRound } from '../delivery/delivery-slots';
import { roundOfOrder } from '../delivery/round-of-order';
import { idQuery, jsonBody, parseWith } from '../http/body';
import { invalidField, tooManyRequests } from '../http/errors';
import { withinPersonLimit } from '../http/needs-redis';
import { noStore } from '../http/no-store';
import { checkOut } from '../orders/check-out';
import { startStageClock } from '../orders/checkout-stages';
import { getCheckoutContext } from '../orders/get-checkout-context';
import { findOrderByIdempotencyKey, settledValue } from '../orders/place-order';
import { awaitSameSubmission } from '../orders/same-submission';
import { submitOrder } from '../orders/submit-order';

/** What the order routes use: the admin's deps and the checks of who may place an order. */
export type OrderRouteDeps = AdminDeps & {
  captcha: Captcha;
  rateLimiter: RateLimiter;
  events: OrderEventPublisher;
};

const ORDER_LIMIT = { max: CHECKOUT_LIMIT.max, windowSeconds: CHECKOUT_LIMIT.minutes * 60 };

// Presence is the checkout rules' business (in the spec's order); this only checks its format.
const ZScreenshotId = zText({ max: TEXT_LIMITS.param }).refine(
  (id) => id === '' || isIdText(id),
  CHECKOUT_MESSAGES.paymentFields,
);

const ZOrderKey = z.object({ idempotencyKey: ZIdempotencyKey });

const checkoutSchemaFor = (allowedDomains: string[]) =>
  createCheckoutSchema({ allowedDomains }, ZScreenshotId);

// Building the schema costs about ten times parsing a body with it (zod compiles a schema at its
// first parse), so there is one per list of domains; a full map (domains edited many times over)
// starts again.
const checkoutSchemas = new Map<string, ReturnType<typeof checkoutSchemaFor>>();
const MAX_CHECKOUT_SCHEMAS = 1_000;

/** The checkout form of a body, checked against the e-mail domains of the person's campus. */
async function checkoutForm(db: Db, user: TUserProfile, body: unknown) {
  const domains = await campusDomainNames(db, user.campusId);
  const key = JSON.stringify(domains);
  let schema = checkoutSchemas.get(key);
  if (!schema) {
    if (checkoutSchemas.size >= MAX_CHECKOUT_SCHEMAS) checkoutSchemas.clear();
    schema = checkoutSchemaFor(domains);
    checkoutSchemas.set(key, schema);
  }
  // The e-mail field is read-only: the order goes to the signed-in person's address.
  return parseWith(schema, { ...(body as object), email: user.email });
}

/** The answer of a placed order: with the round it goes with, to tell the student. */
async function placed(db: Db, orderId: string): Promise<TPlaceOrderResponse> {
  return { ok: true, orderId, ...(await roundOfOrder(db, orderId)) };
}

/** Checkout (SPEC §2, §5; DESIGN §3): the page's context and placing the order. */
export function checkoutRoutes(
  deps: OrderRouteDeps & { payToDefault: TPayTo; metrics: Metrics },
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
    .get('/checkout-round', noStore, async (c) => {
      await signedInUser(c);
      const body: TCheckoutRoundResponse = {
        ok: true,
        ...(await upcomingRound(db, idQuery(c, 'campusId'), new Date())),
      };
      return c.json(body);
    })
    .post('/orders', noStore, async (c) => {
      // Where a checkout's time goes, for operators and the bench (campus_checkout_stage_seconds).
      const endStage = startStageClock(deps.metrics);
      const user = await signedInUser(c);
      endStage('session');
      const body = await jsonBody(c);
      const { idempotencyKey } = parseWith(ZOrderKey, body);
      // A repeat of a placed order (a double click, a retry after a lost answer) is answered
      // before the captcha, whose one use the first submit spent, and before the form is judged.
      const [knownLookup, formCheck] = await Promise.allSettled([
        findOrderByIdempotencyKey(db, user.uid, idempotencyKey),
        checkoutForm(db, user, body),
      ]);
      const known = settledValue(knownLookup);
      if (known) return c.json(await placed(db, known), 200);
      const values = settledValue(formCheck);
      endStage('form');
      const log = c.get('log');
      if (!(await withinPersonLimit({ ...deps, log }, 'order', user.uid, ORDER_LIMIT))) {
        const logMessage = `user ${user.uid} is over the order limit`;
        throw tooManyRequests({ logMessage }, CHECKOUT_MESSAGES.tooManyOrders);
      }
      endStage('rate_limit');
      const captcha = await deps.captcha.verifyFor(values.captcha, `${user.uid}:${idempotencyKey}`);
      if (captcha === 'same-submission') {
        const same = await awaitSameSubmission(db, user.uid, idempotencyKey);
        return c.json(await placed(db, same), 200);
      }
      if (captcha === 'invalid') throw invalidField('captcha', CHECKOUT_MESSAGES.captchaRequired);
      endStage('captcha');
      const order = await checkOut({ ...deps, log, endStage }, user, { ...values, idempotencyKey });
      if (!order.created) return c.json(await placed(db, order.orderId), 200);
      endStage('enqueue');
      const { orderId, round, timeZone } = order;
      const answer: TPlaceOrderResponse = { ok: true, orderId, round, timeZone };
      return c.json(answer, 201);
    });
}

/**
 * POST /submit-order (SPEC §7): the operators' trigger of an order's notify job. Only the person
 * who placed the order or a super admin; the mails go out once, whatever the number of calls.
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
