import type { TRound } from '@campus/shared/domain/batch-api';
import { CHECKOUT_MESSAGES } from '@campus/shared/domain/checkout';
import { roundPromise } from '@campus/shared/domain/delivery-rounds';
import { formatRs } from '@campus/shared/domain/money';
import { useEffect, useRef, useState } from 'react';
import { Link } from '@/components/link';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';
import { roundOf } from '@/lib/rounds';

/** What the thank-you view tells about the order just placed, with the round it joined. */
export type PlacedOrder = {
  orderId: string;
  /** The order's short code, the one in the transfer's note (decision 021). */
  paymentReference: string;
  grandTotalPaisa: number;
  round: TRound | null;
  timeZone: string;
};

/**
 * docs/product.md §2: the thank-you view after an order is placed, with its number (the payment
 * reference, decision 021) and amount, the delivery round it joined (docs/architecture.md §8), and
 * the way to its page in My Orders, where its state shows.
 */
export function CheckoutSuccess({ order }: { order: PlacedOrder }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Seen from the moment it was placed, as the checkout promised it.
  const [placedAt] = useState(() => new Date());
  // The form the person was in is gone: move focus to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="mx-auto max-w-lg px-4 py-10 sm:py-16">
      <div className="space-y-4 rounded-lg border border-gray-200 bg-white p-6 text-center shadow-sm">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          {CHECKOUT_MESSAGES.thankYou}
        </h1>
        <p className="text-gray-700">{CHECKOUT_MESSAGES.orderPlaced}</p>
        {order.round && (
          <p data-testid="order-round" className="font-medium text-gray-900">
            {roundPromise(roundOf(order.round), placedAt, order.timeZone)}
          </p>
        )}
        <dl className="mx-auto grid w-fit grid-cols-[auto_auto] gap-x-4 gap-y-1 text-left text-sm">
          <dt className="font-medium">Order number</dt>
          <dd className="font-mono break-all" data-testid="order-number">
            {order.paymentReference}
          </dd>
          <dt className="font-medium">Amount</dt>
          <dd data-testid="order-amount">{formatRs(order.grandTotalPaisa)}</dd>
        </dl>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to={`/orders/${encodeURIComponent(order.orderId)}`} className={primaryButton}>
            View your order
          </Link>
          <Link to="/restaurants" className={secondaryButton}>
            Start Ordering
          </Link>
        </div>
      </div>
    </section>
  );
}
