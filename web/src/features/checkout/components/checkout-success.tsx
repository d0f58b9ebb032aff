import { CHECKOUT_MESSAGES } from '@campus/shared/domain/checkout';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { primaryButton } from '@/components/ui/button-styles';

/** SPEC §2: the thank-you view after an order is placed. */
export function CheckoutSuccess() {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the person was in is gone: move focus to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="mx-auto max-w-lg px-4 py-10 sm:py-16">
      <div className="space-y-4 rounded-lg border border-gray-200 bg-white p-6 text-center shadow-sm">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          {CHECKOUT_MESSAGES.thankYou}
        </h1>
        <p className="text-gray-700">{CHECKOUT_MESSAGES.orderPlaced}</p>
        <Link to="/restaurants" className={primaryButton}>
          Start Ordering
        </Link>
      </div>
    </section>
  );
}
