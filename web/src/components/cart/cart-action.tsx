import {
  canDecrement,
  canIncrement,
  type NewCartLine,
  quantityInCart,
  quantityLimitText,
} from '@campus/shared/domain/cart';
import { useRef } from 'react';
import { itemButton } from '@/components/ui/item-card';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { useCart } from '@/stores/cart';

/**
 * An item's cart control (docs/product.md §4): its add button, then minus, quantity and plus once
 * the item is in the cart. `refreshOnIncrement` makes plus add the line again, so the stock the
 * line knows is the one shown now (a mart item's restock lifts the cap).
 */
export function CartAction({
  line,
  addLabel,
  refreshOnIncrement = false,
}: {
  line: NewCartLine;
  addLabel: string;
  refreshOnIncrement?: boolean;
}) {
  const cart = useCart();
  const added = useRef(false);
  const quantity = quantityInCart(cart.items, line);
  if (quantity === 0) {
    return (
      <button
        type="button"
        className={itemButton}
        aria-label={`${addLabel}: ${line.name}`}
        onClick={() => {
          added.current = true;
          cart.add(line);
        }}
      >
        {addLabel}
      </button>
    );
  }
  return (
    <QuantityStepper
      // The add button the person pressed is gone: the focus goes to plus, not the page top.
      focusOnMount={added.current}
      itemName={line.name}
      quantity={quantity}
      canDecrement={canDecrement({ quantity })}
      // The stock shown now, not the one known when the line was added.
      canIncrement={canIncrement({ ...line, quantity })}
      limitText={quantityLimitText(line)}
      onDecrement={() => cart.decrement(line)}
      onIncrement={() => (refreshOnIncrement ? cart.add(line) : cart.increment(line))}
    />
  );
}
