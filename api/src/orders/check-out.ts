import type { TRound } from '@campus/shared/domain/batch-api';
import type { TUserProfile } from '@campus/shared/domain/entities';
import type { CatalogueCache } from '@campus/shared/server/catalogue/cache';
import type { Db } from '@campus/shared/server/db/client';
import type { OrderEventPublisher } from '@campus/shared/server/events/order-events';
import { enqueueOutboxRows } from '@campus/shared/server/outbox';
import type { Producer } from '@campus/shared/server/queue';
import type { Logger } from 'pino';
import { isoRound } from '../delivery/round-of-order';
import type { EndStage } from './checkout-stages';
import { type PlaceOrderInput, placeOrder } from './place-order';

/** A checkout's order: a new one with the round it joined, or the earlier one of its submission. */
export type CheckedOut =
  | { orderId: string; created: false }
  | { orderId: string; created: true; round: TRound | null; timeZone: string };

/**
 * Checkout (DESIGN §3): places the order, then queues its sheet and notify jobs, refreshes the
 * campus's mart stock in the storefront and tells the campus's open Payments queues, all three at
 * once. Never waits for Redis: what it does not take now, the outbox relay sends. A repeat of a
 * placed order (same idempotency key) is that order, not created.
 */
export async function checkOut(
  deps: {
    db: Db;
    producer: Producer;
    catalogue: CatalogueCache;
    events: OrderEventPublisher;
    log: Logger;
    /** Told when a new order is placed, before its jobs go to Redis (the route's stage timing). */
    endStage?: EndStage;
  },
  user: TUserProfile,
  input: PlaceOrderInput,
): Promise<CheckedOut> {
  const { db, producer, catalogue, log } = deps;
  const order = await placeOrder(db, user, input);
  if (!order.created) return { orderId: order.orderId, created: false };
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
    created: true,
    round: isoRound(order.round),
    timeZone: order.timeZone,
  };
}
