import {
  canDecrement,
  canIncrement,
  menuItemToCartLine,
  quantityInCart,
} from '@campus/shared/domain/cart';
import type { TMenuItem, TRestaurant } from '@campus/shared/domain/entities';
import { formatRs } from '@campus/shared/domain/money';
import { closedButtonTooltip } from '@campus/shared/domain/restaurant-hours';
import { useId, useRef } from 'react';
import { primaryButton } from '@/components/ui/button-styles';
import { ItemImage } from '@/components/ui/item-image';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { useCart } from '@/lib/cart-store';

/**
 * One menu item (SPEC §4): '+ Add to Bucket' then a counter while the restaurant is open; a
 * disabled 'Closed' button with the opening-time tooltip while it is closed.
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
  const cart = useCart();
  const added = useRef(false);
  const tooltipId = useId();
  const line = menuItemToCartLine(item, restaurant);
  const quantity = quantityInCart(cart.items, line);
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm">
      <ItemImage src={item.photoURL} alt={item.name} />
      <div className="flex flex-1 flex-col p-4">
        <h2 className="text-lg font-semibold">{item.name}</h2>
        {item.description && <p className="mt-1 text-sm text-gray-700">{item.description}</p>}
        <p className="mt-2 text-lg font-semibold">{formatRs(item.price)}</p>
        <div className="mt-auto pt-4">
          {!open ? (
            <div className="group relative">
              {/* aria-disabled rather than disabled, so keyboard users can reach the tooltip. */}
              <button
                type="button"
                aria-disabled="true"
                aria-describedby={tooltipId}
                onClick={(event) => event.preventDefault()}
                className="inline-flex w-full cursor-not-allowed items-center justify-center rounded bg-gray-300 px-4 py-2 font-medium text-gray-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700"
              >
                Closed
              </button>
              <span
                id={tooltipId}
                role="tooltip"
                className="pointer-events-none invisible absolute bottom-full left-1/2 z-10 mb-2 w-max max-w-60 -translate-x-1/2 rounded bg-gray-900 px-2 py-1 text-sm text-white group-focus-within:visible group-hover:visible"
              >
                {closedButtonTooltip(restaurant)}
              </span>
            </div>
          ) : quantity === 0 ? (
            <button
              type="button"
              className={`${primaryButton} w-full`}
              aria-label={`+ Add to Bucket: ${item.name}`}
              onClick={() => {
                added.current = true;
                cart.add(line);
              }}
            >
              + Add to Bucket
            </button>
          ) : (
            <QuantityStepper
              // The add button the person pressed is gone: the focus goes to plus, not the page top.
              focusOnMount={added.current}
              itemName={item.name}
              quantity={quantity}
              canDecrement={canDecrement({ quantity })}
              canIncrement={canIncrement({ ...line, quantity })}
              onDecrement={() => cart.decrement(line)}
              onIncrement={() => cart.increment(line)}
            />
          )}
        </div>
      </div>
    </article>
  );
}
