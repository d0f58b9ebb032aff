import {
  CART_MESSAGES,
  cartItemTotalPaisa,
  cartLineKey,
  orderTotals,
} from '@campus/shared/domain/cart';
import { formatRs } from '@campus/shared/domain/money';
import { useEffect, useRef, useState } from 'react';
import { PriceChangesNotice } from '@/components/cart/price-changes-notice';
import { TotalRow } from '@/components/cart/total-row';
import { Link } from '@/components/link';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';
import { useLivePrices } from '@/lib/use-live-prices';
import { useCart } from '@/stores/cart';
import { CartLineItem } from './cart-line-item';

/**
 * docs/product.md §2 Cart: the cart's lines at live prices, the total in Rs and the way to
 * checkout. A line that can no longer be ordered says so here, before any payment step. The total
 * is what one person pays, delivery included: no charge first appears at checkout.
 */
export function CartScreen() {
  const { items } = useCart();
  const { problems } = useLivePrices();
  const blocked = [...problems.values()].some((problem) => problem !== null);
  const totals = orderTotals(cartItemTotalPaisa(items), 1);
  const list = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // After Remove, the focus goes to the line now in its place (or the one before), else the
  // heading.
  const [removedAt, setRemovedAt] = useState<number | null>(null);
  useEffect(() => {
    if (removedAt === null) return;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('[data-remove]') ?? [];
    const next = buttons[Math.min(removedAt, buttons.length - 1)];
    (next ?? heading.current)?.focus();
    setRemovedAt(null);
  }, [removedAt]);

  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold">{CART_MESSAGES.cartTitle}</h1>
      <div className="mt-6 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
          {CART_MESSAGES.bucketTitle}
        </h2>
        <PriceChangesNotice />
        {items.length === 0 ? (
          <div className="py-6">
            <p className="text-gray-700">{CART_MESSAGES.emptyBucket}</p>
            <Link to="/restaurants" className={`${secondaryButton} mt-4`}>
              Browse Restaurants
            </Link>
          </div>
        ) : (
          <>
            <ul ref={list} className="divide-y divide-gray-200">
              {items.map((line, index) => (
                <CartLineItem
                  key={cartLineKey(line)}
                  line={line}
                  problem={problems.get(cartLineKey(line)) ?? null}
                  onRemoved={() => setRemovedAt(index)}
                />
              ))}
            </ul>
            {/* Checkout at the right end on phones too: the chat link, at the left, never covers it. */}
            <dl className="space-y-1 border-t border-gray-300 pt-4 text-sm">
              <TotalRow label="Item Total" testId="item-total" paisa={totals.itemTotal} />
              <TotalRow
                label={
                  <>
                    {CART_MESSAGES.deliveryForOne}
                    <span className="block text-xs text-gray-700">
                      {CART_MESSAGES.deliveryPerPerson}
                    </span>
                  </>
                }
                testId="delivery-charge"
                paisa={totals.deliveryCharge}
              />
            </dl>
            <div className="mt-4 flex flex-wrap items-center justify-between gap-4 border-t border-gray-300 pt-4">
              <p className="text-lg font-semibold" data-testid="cart-total">
                Total: {formatRs(totals.grandTotal)}
              </p>
              {blocked ? (
                <p className="text-sm font-medium text-red-800">{CART_MESSAGES.fixCartFirst}</p>
              ) : (
                <Link to="/checkout" className={`${primaryButton} ml-auto`}>
                  Checkout
                </Link>
              )}
            </div>
          </>
        )}
      </div>
    </section>
  );
}
