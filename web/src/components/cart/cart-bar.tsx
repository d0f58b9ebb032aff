import { cartItemTotalPaisa } from '@campus/shared/domain/cart';
import { formatRs } from '@campus/shared/domain/money';
import { useLocation } from 'react-router-dom';
import { Link } from '@/components/link';
import { primaryButton } from '@/components/ui/button-styles';
import { useCart } from '@/stores/cart';

/** The pages a student shops from; the cart and checkout have their own total and Checkout. */
const SHOPPING_PAGES = [/^\/(home)?$/, /^\/restaurants$/, /^\/mart-items$/, /^\/menu\//];

/** '1 item', '3 items'. */
export function itemCount(quantity: number): string {
  return `${quantity} ${quantity === 1 ? 'item' : 'items'}`;
}

/** Whether the cart bar is up: on a shopping page, once the cart has something in it. */
export function useCartBarShown(): boolean {
  const { totalQuantity } = useCart();
  const { pathname } = useLocation();
  return totalQuantity > 0 && SHOPPING_PAGES.some((page) => page.test(pathname));
}

/**
 * Phones only: the cart's count and total, a link to it and 'Checkout', at the bottom of the
 * screen while the student browses (wider screens have the floating cart button).
 */
export function CartBar() {
  const { items, totalQuantity } = useCart();
  return (
    <div className="pointer-events-auto flex items-center justify-between gap-3 border-t border-gray-200 bg-white px-4 py-2 shadow-[0_-2px_8px_rgb(0_0_0/0.08)] sm:hidden">
      <Link
        to="/cart"
        className="min-w-0 rounded leading-tight focus-visible:outline-2 focus-visible:outline-orange-700"
      >
        <span className="sr-only">Open your bucket: </span>
        <span className="block text-sm text-gray-700">{itemCount(totalQuantity)}</span>
        <span className="block font-semibold" data-testid="bucket-bar-total">
          {formatRs(cartItemTotalPaisa(items))}
        </span>
      </Link>
      <Link to="/checkout" className={primaryButton}>
        Checkout
      </Link>
    </div>
  );
}
