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
import { ItemCard, itemButton } from '@/components/ui/item-card';
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
        ) : quantity === 0 ? (
          <button
            type="button"
            className={itemButton}
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
        )
      }
    />
  );
}
