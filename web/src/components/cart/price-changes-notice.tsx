import { CART_MESSAGES } from '@campus/shared/domain/cart';
import { useCart } from '@/stores/cart';

/** Says which prices changed since the person last saw their cart, until they dismiss it. */
export function PriceChangesNotice() {
  const { priceChanges, dismissPriceChanges } = useCart();
  if (priceChanges.length === 0) return null;
  return (
    <div
      role="status"
      data-testid="price-changes"
      className="mt-3 flex flex-wrap items-start justify-between gap-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p>{CART_MESSAGES.pricesUpdated(priceChanges)}</p>
      <button
        type="button"
        onClick={dismissPriceChanges}
        className="rounded px-2 py-0.5 font-medium underline focus-visible:outline-2 focus-visible:outline-orange-700"
      >
        OK
      </button>
    </div>
  );
}
