import { cartLineKey, cartLineSource, lineTotalPaisa } from '@campus/shared/domain/cart';
import type { TCartLine } from '@campus/shared/domain/entities';
import { formatRs } from '@campus/shared/domain/money';

/**
 * SPEC §2 Checkout's order summary: the lines (with what stops one from being ordered), item
 * total, delivery charge and grand total; no totals for an empty bucket.
 */
export function OrderSummary({
  items,
  totals,
  problems,
}: {
  items: readonly TCartLine[];
  totals: { itemTotal: number; deliveryCharge: number; grandTotal: number } | null;
  problems: ReadonlyMap<string, string | null>;
}) {
  return (
    <section aria-labelledby="order-summary-heading" className="space-y-3">
      <h2 id="order-summary-heading" className="text-lg font-semibold">
        Order Summary
      </h2>
      {items.length > 0 && (
        <ul className="divide-y divide-gray-200 text-sm">
          {items.map((line) => {
            const problem = problems.get(cartLineKey(line));
            return (
              <li key={cartLineKey(line)} className="py-2">
                <div className="flex justify-between gap-3">
                  <span className="min-w-0 break-words">
                    {line.name} × {line.quantity}
                    <span className="block text-xs text-gray-700">{cartLineSource(line)}</span>
                  </span>
                  <span className="shrink-0">{formatRs(lineTotalPaisa(line))}</span>
                </div>
                {problem && <p className="mt-1 font-medium text-red-800">{problem}</p>}
              </li>
            );
          })}
        </ul>
      )}
      {totals && (
        <dl className="space-y-1 border-t border-gray-300 pt-3 text-sm" data-testid="order-totals">
          <div className="flex justify-between gap-3">
            <dt>Item Total</dt>
            <dd data-testid="item-total">{formatRs(totals.itemTotal)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt>Delivery Charge</dt>
            <dd data-testid="delivery-charge">{formatRs(totals.deliveryCharge)}</dd>
          </div>
          <div className="flex justify-between gap-3 text-base font-semibold">
            <dt>Grand Total</dt>
            <dd data-testid="grand-total">{formatRs(totals.grandTotal)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
