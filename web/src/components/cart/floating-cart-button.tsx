import { useNavigate } from 'react-router-dom';
import { Link } from '@/components/link';
import { type FromState, useAuth } from '@/stores/auth';
import { useCart } from '@/stores/cart';
import { itemCount, useCartBarShown } from './cart-bar';

/**
 * docs/product.md §2: a floating link to /cart with the total quantity; signed-out visitors go to
 * /login. On a phone the cart bar takes its place while it is up.
 */
export function FloatingCartButton() {
  const { totalQuantity } = useCart();
  const { loading, user } = useAuth();
  const navigate = useNavigate();
  const barShown = useCartBarShown();
  const label =
    totalQuantity > 0 ? `Open your bucket: ${itemCount(totalQuantity)}` : 'Open your bucket';
  return (
    <Link
      to="/cart"
      aria-label={label}
      onClick={(event) => {
        if (loading || user) return;
        event.preventDefault();
        // They asked for the cart: sign-in leads there, not back to this page.
        navigate('/login', { state: { from: '/cart' } satisfies FromState });
      }}
      className={`${barShown ? 'max-sm:hidden' : ''} fixed right-4 bottom-4 z-30 flex size-14 items-center justify-center rounded-full bg-orange-700 text-white shadow-lg hover:bg-orange-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700`}
    >
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="size-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2" />
        <circle cx="10" cy="20.5" r="1" />
        <circle cx="17" cy="20.5" r="1" />
      </svg>
      {totalQuantity > 0 && (
        <span
          aria-hidden="true"
          data-testid="cart-badge"
          className="absolute -top-1 -right-1 flex min-w-6 items-center justify-center rounded-full bg-gray-900 px-1.5 text-sm font-bold text-white"
        >
          {totalQuantity}
        </span>
      )}
    </Link>
  );
}
