import { CART_MESSAGES, cartItemTotalPaisa, cartLineKey } from '@campus/shared/domain/cart';
import { formatRs } from '@campus/shared/domain/money';
import { Link } from 'react-router-dom';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';
import { useCart } from '@/lib/cart-store';
import { CartLineItem } from './cart-line-item';

/** SPEC §2 Cart: the bucket's lines, the total in Rs and the way to checkout. */
export function CartScreen() {
  const { items } = useCart();
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold">{CART_MESSAGES.cartTitle}</h1>
      <div className="mt-6 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 className="text-xl font-semibold">{CART_MESSAGES.bucketTitle}</h2>
        {items.length === 0 ? (
          <div className="py-6">
            <p className="text-gray-700">{CART_MESSAGES.emptyBucket}</p>
            <Link to="/restaurants" className={`${secondaryButton} mt-4`}>
              Browse Restaurants
            </Link>
          </div>
        ) : (
          <>
            <ul className="divide-y divide-gray-200">
              {items.map((line) => (
                <CartLineItem key={cartLineKey(line)} line={line} />
              ))}
            </ul>
            <div className="mt-4 flex flex-col gap-4 border-t border-gray-300 pt-4 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-lg font-semibold" data-testid="cart-total">
                Total: {formatRs(cartItemTotalPaisa(items))}
              </p>
              <Link to="/checkout" className={primaryButton}>
                Checkout
              </Link>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
