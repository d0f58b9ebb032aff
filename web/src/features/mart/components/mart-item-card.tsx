import { martItemToCartLine } from '@campus/shared/domain/cart';
import type { TMartItem } from '@campus/shared/domain/entities';
import { formatRs } from '@campus/shared/domain/money';
import { CartAction } from '@/components/cart/cart-action';
import { ItemCard, itemButton } from '@/components/ui/item-card';

/**
 * One mart item (docs/product.md §4): 'Add to Cart' while in stock; once in the cart minus,
 * quantity and plus, plus stopping at the stock; a disabled 'Out of Stock' at stock 0 or less.
 */
export function MartItemCard({ item }: { item: TMartItem }) {
  const line = martItemToCartLine(item);
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
        ) : (
          <CartAction line={line} addLabel="Add to Cart" refreshOnIncrement />
        )
      }
    />
  );
}
