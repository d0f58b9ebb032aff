import {
  canDecrement,
  canIncrement,
  martItemToCartLine,
  quantityInCart,
} from '@campus/shared/domain/cart';
import type { TMartItem } from '@campus/shared/domain/entities';
import { formatRs } from '@campus/shared/domain/money';
import { useRef } from 'react';
import { ItemCard, itemButton } from '@/components/ui/item-card';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { useCart } from '@/lib/cart-store';

/**
 * One mart item (SPEC §4): 'Add to Cart' while in stock; once in the bucket minus, quantity and
 * plus, plus stopping at the stock; a disabled 'Out of Stock' at stock 0 or less.
 */
export function MartItemCard({ item }: { item: TMartItem }) {
  const cart = useCart();
  const added = useRef(false);
  const line = martItemToCartLine(item);
  const quantity = quantityInCart(cart.items, line);
  const inStock = item.stock > 0;
  return (
    <ItemCard
      name={item.name}
      photoURL={item.photoURL}
      details={
        <>
          <p>{item.category}</p>
          {item.description && <p className="mt-1">{item.description}</p>}
        </>
      }
      price={formatRs(item.price)}
      action={
        !inStock ? (
          <button type="button" disabled className={itemButton}>
            Out of Stock
          </button>
        ) : quantity === 0 ? (
          <button
            type="button"
            className={itemButton}
            aria-label={`Add to Cart: ${item.name}`}
            onClick={() => {
              added.current = true;
              cart.add(line);
            }}
          >
            Add to Cart
          </button>
        ) : (
          <QuantityStepper
            // The add button the person pressed is gone: the focus goes to plus, not the page top.
            focusOnMount={added.current}
            itemName={item.name}
            quantity={quantity}
            canDecrement={canDecrement({ quantity })}
            // The stock shown now, not the one known when the line was added.
            canIncrement={canIncrement({ ...line, quantity })}
            onDecrement={() => cart.decrement(line)}
            // Adding again refreshes the stock the line knows, so a restock lifts the cap.
            onIncrement={() => cart.add(line)}
          />
        )
      }
    />
  );
}
