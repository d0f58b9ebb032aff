import { CHECKOUT_MESSAGES } from '@campus/shared/domain/checkout';
import { roundPromise } from '@campus/shared/domain/delivery-rounds';
import { formatRs } from '@campus/shared/domain/money';
import { useEffect, useRef } from 'react';
import { Link } from '@/components/link';
import { secondaryButton } from '@/components/ui/button-styles';
import type { PlacedOrder } from '@/lib/placed-order';
import { roundOf } from '@/lib/rounds';

/**
 * docs/product.md §2: the thank-you view after an order is placed, atop the order's own page
 * (whose header gives its number: the payment reference, decision 021), with its amount and the
 * delivery round it joined (docs/architecture.md §8).
 */
export function OrderPlaced({ order }: { order: PlacedOrder }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the person was in is gone: move focus to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-4 rounded-lg border border-green-200 bg-green-50 p-6 text-center shadow-sm">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        {CHECKOUT_MESSAGES.thankYou}
      </h1>
      <p className="text-gray-800">{CHECKOUT_MESSAGES.orderPlaced}</p>
      {order.round && (
        <p data-testid="order-round" className="font-medium text-gray-900">
          {roundPromise(roundOf(order.round), new Date(order.placedAt), order.timeZone)}
        </p>
      )}
      <p className="text-sm">
        <span className="font-medium">Amount</span>{' '}
        <span data-testid="order-amount">{formatRs(order.grandTotalPaisa)}</span>
      </p>
      <Link to="/restaurants" className={secondaryButton}>
        Start Ordering
      </Link>
    </div>
  );
}
