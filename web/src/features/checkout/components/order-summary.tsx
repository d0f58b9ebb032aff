import { cartLineKey, cartLineSource, lineTotalPaisa } from '@campus/shared/domain/cart';
import type { TCartLine } from '@campus/shared/domain/entities';
import { formatRs } from '@campus/shared/domain/money';
import { useId, useState } from 'react';
import { TotalRow } from '@/components/cart/total-row';

/**
 * docs/product.md §2 Checkout's order summary: the lines (with what stops one from being ordered),
 * item total, delivery charge and grand total, and the delivery round it joins where the campus
 * runs rounds; no totals for an empty cart. On phones it heads the
 * form with the grand total in sight and the rest folded away behind 'Show items'.
 */
export function OrderSummary({
  items,
  totals,
  problems,
  round = null,
}: {
  items: readonly TCartLine[];
  totals: { itemTotal: number; deliveryCharge: number; grandTotal: number } | null;
  problems: ReadonlyMap<string, string | null>;
  /** When the order arrives, for a campus that delivers in rounds ('Arrives with the ...'). */
  round?: string | null;
}) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  return (
    <section aria-labelledby="order-summary-heading" className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="order-summary-heading" className="text-lg font-semibold">
          Order Summary
        </h2>
        {items.length > 0 && (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={() => setExpanded((value) => !value)}
            className="rounded px-2 py-1 text-sm font-medium text-orange-800 underline hover:text-orange-900 focus-visible:outline-2 focus-visible:outline-orange-700 lg:hidden"
          >
            {expanded ? 'Hide items' : 'Show items'}
          </button>
        )}
      </div>
      <div id={detailsId} className={`space-y-3 ${expanded ? '' : 'max-lg:hidden'}`}>
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
          <dl className="space-y-1 border-t border-gray-300 pt-3 text-sm">
            <TotalRow label="Item Total" testId="item-total" paisa={totals.itemTotal} />
            <TotalRow
              label="Delivery Charge"
              testId="delivery-charge"
              paisa={totals.deliveryCharge}
            />
          </dl>
        )}
      </div>
      {round && (
        <p
          data-testid="delivery-round"
          className="rounded bg-orange-50 px-3 py-2 text-sm text-orange-900"
        >
          {round}
        </p>
      )}
      {totals && (
        <dl className="border-t border-gray-300 pt-3">
          <TotalRow
            label="Grand Total"
            testId="grand-total"
            paisa={totals.grandTotal}
            className="font-semibold"
          />
        </dl>
      )}
    </section>
  );
}
