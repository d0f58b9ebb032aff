import { MART_RESTAURANT_NAME } from '../../domain/cart';
import { orderLines } from '../db/schema';

/** One line of an order as its parts are made of it. */
type PartLine = {
  kind: string;
  restaurantId: string | null;
  restaurantName: string;
  name: string;
  quantity: number;
};

/** The columns of order_lines an order's parts are made of, for a query's select. */
export const PART_LINE_FIELDS = {
  kind: orderLines.kind,
  restaurantId: orderLines.restaurantId,
  restaurantName: orderLines.restaurantName,
  name: orderLines.name,
  quantity: orderLines.quantity,
};

/** What one restaurant (or the mart) prepares for an order: one bag of it (decision 026). */
export type OrderPart = {
  isMart: boolean;
  restaurantId: string | null;
  restaurantName: string;
  lines: { name: string; quantity: number }[];
};

/**
 * Which part a line belongs to: the mart's, or its restaurant's. A restaurant deleted since keeps
 * its lines together under the name they were ordered from.
 */
export function partKey(line: {
  kind: string;
  restaurantId: string | null;
  restaurantName: string;
}) {
  return line.kind === 'mart' ? 'mart' : `restaurant-${line.restaurantId ?? line.restaurantName}`;
}

/**
 * An order's lines by the restaurant (or the mart) they come from: the restaurants in the order of
 * their first line, the mart's part last.
 */
export function orderParts(lines: readonly PartLine[]): OrderPart[] {
  const parts = new Map<string, OrderPart>();
  for (const line of lines) {
    const isMart = line.kind === 'mart';
    const key = partKey(line);
    const part = parts.get(key) ?? {
      isMart,
      restaurantId: isMart ? null : line.restaurantId,
      restaurantName: isMart ? MART_RESTAURANT_NAME : line.restaurantName,
      lines: [],
    };
    part.lines.push({ name: line.name, quantity: line.quantity });
    parts.set(key, part);
  }
  return [...parts.values()].sort((a, b) => Number(a.isMart) - Number(b.isMart));
}
