import type { ReactNode } from 'react';
import { primaryButton } from './button-styles';
import { ItemImage } from './item-image';

/**
 * An item's add (or out-of-stock) button: on a phone's row as high as the quantity stepper that
 * replaces it and small enough to sit beside the price (in a wide font too), on a card the card's
 * width.
 */
export const itemButton = `${primaryButton} max-sm:px-3 max-sm:py-1.5 max-sm:text-sm sm:w-full`;

/**
 * A menu or mart item. On phones a compact row (thumbnail when there is a photo, name, details,
 * price and the cart control), so a screen shows several; from the sm breakpoint a card of the
 * grid with the photo box on top.
 */
export function ItemCard({
  name,
  photoURL,
  details,
  price,
  action,
}: {
  name: string;
  photoURL?: string | null;
  details: ReactNode;
  price: string;
  action: ReactNode;
}) {
  return (
    <article className="flex w-full gap-3 rounded-lg border border-gray-200 bg-white p-3 shadow-sm sm:flex-col sm:gap-0 sm:overflow-hidden sm:p-0">
      <ItemImage src={photoURL} alt={name} />
      <div className="flex min-w-0 flex-1 flex-col sm:p-4">
        <h2 className="font-semibold sm:text-lg">{name}</h2>
        <div className="text-sm text-gray-700 max-sm:line-clamp-2">{details}</div>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-2 pt-2 sm:flex-col sm:items-stretch sm:pt-4">
          <p className="font-semibold sm:text-lg">{price}</p>
          {action}
        </div>
      </div>
    </article>
  );
}
