import { menuItemToCartLine } from '@campus/shared/domain/cart';
import type { TMenuItem, TRestaurant } from '@campus/shared/domain/entities';
import { formatRs } from '@campus/shared/domain/money';
import { closedButtonTooltip } from '@campus/shared/domain/restaurant-hours';
import { useId } from 'react';
import { CartAction } from '@/components/cart/cart-action';
import { ItemCard } from '@/components/ui/item-card';

/**
 * One menu item (docs/product.md §4): '+ Add to Bucket' then a counter while the restaurant is
 * open; a disabled 'Closed' button with the opening-time tooltip while it is closed.
 */
export function MenuItemCard({
  item,
  restaurant,
  open,
}: {
  item: TMenuItem;
  restaurant: TRestaurant;
  open: boolean;
}) {
  const tooltipId = useId();
  const line = menuItemToCartLine(item, restaurant);
  return (
    <ItemCard
      name={item.name}
      photoURL={item.photoURL}
      details={item.description && <p className="mt-1">{item.description}</p>}
      price={formatRs(item.price)}
      action={
        !open ? (
          <div className="group relative">
            {/* aria-disabled rather than disabled, so keyboard users can reach the tooltip. */}
            <button
              type="button"
              aria-disabled="true"
              aria-describedby={tooltipId}
              onClick={(event) => event.preventDefault()}
              className="inline-flex cursor-not-allowed items-center justify-center rounded bg-gray-300 px-4 py-1.5 font-medium text-gray-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700 sm:w-full sm:py-2"
            >
              Closed
            </button>
            {/* Over the button's right end on a phone's row, where it sits at the screen's edge. */}
            <span
              id={tooltipId}
              role="tooltip"
              className="pointer-events-none invisible absolute right-0 bottom-full z-10 mb-2 w-max max-w-60 rounded bg-gray-900 px-2 py-1 text-sm text-white group-focus-within:visible group-hover:visible sm:right-auto sm:left-1/2 sm:-translate-x-1/2"
            >
              {closedButtonTooltip(restaurant)}
            </span>
          </div>
        ) : (
          <CartAction line={line} addLabel="+ Add to Bucket" />
        )
      }
    />
  );
}
