import { isoRound, type TRound } from '@campus/shared/domain/batch-api';
import {
  CHECKOUT_LIMIT,
  CHECKOUT_MESSAGES,
  type TPlaceOrderResponse,
} from '@campus/shared/domain/checkout';
import type { TUserProfile } from '@campus/shared/domain/entities';
import type { CatalogueCache } from '@campus/shared/server/catalogue/cache';
import type { Db } from '@campus/shared/server/db/client';
import { roundOfOrder } from '@campus/shared/server/delivery/order-round';
import type { OrderEventPublisher } from '@campus/shared/server/events/order-events';
import { enqueueOutboxRows } from '@campus/shared/server/outbox';
import type { Producer } from '@campus/shared/server/queue';
import type { Logger } from 'pino';
import type { Captcha } from '../auth/captcha';
import { withinPersonLimit } from '../auth/needs-redis';
import type { RateLimiter } from '../auth/rate-limit';
import { parseWith } from '../http/body';
import { invalidField, tooManyRequests } from '../http/errors';
import { checkoutForm, ZOrderKey } from './checkout-form';
import type { EndStage } from './checkout-stages';
import { findOrderByIdempotencyKey } from './checkout-statements';
import { type PlaceOrderInput, placeOrder, settledValue } from './place-order';
import { awaitSameSubmission } from './same-submission';

/** A checkout's order: a new one with the round it joined, or the earlier one of its submission. */
export type CheckedOut =
  | { orderId: string; paymentReference: string; created: false }
  | {
      orderId: string;
      paymentReference: string;
      created: true;
      round: TRound | null;
      timeZone: string;
    };

/** What placing an order uses. */
type PlaceDeps = {
  db: Db;
  producer: Producer;
  catalogue: CatalogueCache;
  events: OrderEventPublisher;
  log: Logger;
  /** Told when a new order is placed, before its jobs go to Redis (the checkout's stage timing). */
  endStage?: EndStage;
};

const ORDER_LIMIT = { max: CHECKOUT_LIMIT.max, windowSeconds: CHECKOUT_LIMIT.minutes * 60 };

/** The answer of a placed order: with the round it goes with, to tell the student. */
async function placed(
  db: Db,
  order: { id: string; paymentReference: string },
): Promise<TPlaceOrderResponse> {
  const { round, timeZone } = await roundOfOrder(db, order.id);
  const { paymentReference } = order;
  return { ok: true, orderId: order.id, paymentReference, round: isoRound(round), timeZone };
}

/**
 * Checkout (docs/product.md §2, §5; docs/architecture.md §3), its whole policy in order: a repeat
 * of a placed order (a double click, a retry after a lost answer) is answered first, before the
 * captcha, whose one use the first submit spent, and before the form is judged; then the form, the
 * person's order limit, the captcha (a second request of a submission in progress waits for the
 * first one's order), and the order placed. 201 with a new order, 200 with the earlier one.
 * Each stage ends on `endStage` (checkout-stages.ts).
 */
export async function checkOut(
  deps: PlaceDeps & { captcha: Captcha; rateLimiter: RateLimiter; endStage: EndStage },
  user: TUserProfile,
  body: unknown,
): Promise<{ status: 200 | 201; answer: TPlaceOrderResponse }> {
  const { db, endStage } = deps;
  const { idempotencyKey } = parseWith(ZOrderKey, body);
  const [knownLookup, formCheck] = await Promise.allSettled([
    findOrderByIdempotencyKey(db, user.uid, idempotencyKey),
    checkoutForm(db, user, body),
  ]);
  const known = settledValue(knownLookup);
  if (known) return { status: 200, answer: await placed(db, known) };
  const values = settledValue(formCheck);
  endStage('form');
  if (!(await withinPersonLimit(deps, 'order', user.uid, ORDER_LIMIT))) {
    const logMessage = `user ${user.uid} is over the order limit`;
    throw tooManyRequests({ logMessage }, CHECKOUT_MESSAGES.tooManyOrders);
  }
  endStage('rate_limit');
  const captcha = await deps.captcha.verifyFor(values.captcha, `${user.uid}:${idempotencyKey}`);
  if (captcha === 'same-submission') {
    const same = await awaitSameSubmission(db, user.uid, idempotencyKey);
    return { status: 200, answer: await placed(db, same) };
  }
  if (captcha === 'invalid') throw invalidField('captcha', CHECKOUT_MESSAGES.captchaRequired);
  endStage('captcha');
  const order = await placeAndAnnounce(deps, user, { ...values, idempotencyKey });
  if (!order.created) {
    const earlier = { id: order.orderId, paymentReference: order.paymentReference };
    return { status: 200, answer: await placed(db, earlier) };
  }
  endStage('enqueue');
  const { orderId, paymentReference, round, timeZone } = order;
  return { status: 201, answer: { ok: true, orderId, paymentReference, round, timeZone } };
}

/**
 * Places the order, then queues its sheet and notify jobs, refreshes the campus's mart stock in
 * the storefront and tells the campus's open Payments queues, all three at once. Never waits for
 * Redis: what it does not take now, the outbox relay sends. A repeat of a placed order (same
 * idempotency key) is that order, not created.
 */
export async function placeAndAnnounce(
  deps: PlaceDeps,
  user: TUserProfile,
  input: PlaceOrderInput,
): Promise<CheckedOut> {
  const { db, producer, catalogue, log } = deps;
  const order = await placeOrder(db, user, input);
  const { paymentReference } = order;
  if (!order.created) return { orderId: order.orderId, paymentReference, created: false };
  deps.endStage?.('order');
  // Independent of one another, so at once: each is a round trip to Redis the student waits for.
  await Promise.all([
    enqueueOutboxRows(db, producer, order.jobs, log),
    order.hasMartLines &&
      catalogue
        .invalidateMartItems(order.campusId)
        .catch((error: unknown) => log.warn({ err: error }, 'stock cache not refreshed')),
    // The campus's Payments queue shows it without a reload.
    deps.events.publishOrder({
      orderId: order.orderId,
      state: 'placed',
      userId: user.uid,
      universityId: input.universityId,
      campusId: order.campusId,
    }),
  ]);
  log.info({ orderId: order.orderId }, 'order placed');
  return {
    orderId: order.orderId,
    paymentReference,
    created: true,
    round: isoRound(order.round),
    timeZone: order.timeZone,
  };
}
