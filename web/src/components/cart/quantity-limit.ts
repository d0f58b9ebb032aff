import { MAX_LINE_QUANTITY, maxQuantity } from '@campus/shared/domain/cart';
import type { TCartLine } from '@campus/shared/domain/entities';

/**
 * Why plus stops where it does (maxQuantity): the mart's stock when that is less than the most
 * one line may hold, else that most.
 */
export function quantityLimitText(line: Pick<TCartLine, 'restaurantName' | 'stock'>): string {
  const most = maxQuantity(line);
  if (most === 0) return 'Out of stock';
  if (most < MAX_LINE_QUANTITY) return `Only ${most} left in stock`;
  return `At most ${MAX_LINE_QUANTITY} of one item`;
}
