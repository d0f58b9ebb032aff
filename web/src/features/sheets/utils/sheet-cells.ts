import type { ORDER_SHEET_COLUMNS } from '@campus/shared/domain/order';

type OrderSheetColumn = (typeof ORDER_SHEET_COLUMNS)[number];

// Columns whose text runs long (several lines of cart items); the rest stay on one line. Typed
// as the shared sheet columns, so a renamed column cannot silently stop wrapping.
const WRAPPED_COLUMNS: ReadonlySet<string> = new Set<OrderSheetColumn>([
  'Cart Items',
  'Special Instruction',
]);

/** Whether a column of this title wraps its text instead of staying on one line. */
export function wrapsText(title: string | undefined): boolean {
  return title !== undefined && WRAPPED_COLUMNS.has(title);
}

/**
 * The address to link a cell to, or null: only http(s) addresses and paths of this site (payment
 * screenshots), never `javascript:` or any other scheme a student might have typed.
 */
export function linkOf(cell: string | number | undefined): string | null {
  if (typeof cell !== 'string') return null;
  if (/^https?:\/\/\S+$/i.test(cell)) return cell;
  // Browsers read '/\host' like '//host', another site: no backslash at all.
  return /^\/(?!\/)[^\s\\]*$/.test(cell) ? cell : null;
}

/** '1 order', '12 orders'. */
export function orderCount(count: number): string {
  return `${count.toLocaleString('en')} ${count === 1 ? 'order' : 'orders'}`;
}
