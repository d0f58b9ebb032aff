import {
  canDecrement,
  canIncrement,
  cartLineSource,
  lineTotalPaisa,
  quantityLimitText,
} from '@campus/shared/domain/cart';
import type { TCartLine } from '@campus/shared/domain/entities';
import { formatRs, rupeesToPaisa } from '@campus/shared/domain/money';
import { useId } from 'react';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { useCart } from '@/stores/cart';

/**
 * One cart line: name, source, single price, line total, minus / plus and Remove; and, when the
 * item can no longer be ordered (gone, sold out), why.
 */
export function CartLineItem({
  line,
  problem,
  onRemoved,
}: {
  line: TCartLine;
  problem: string | null;
  onRemoved(): void;
}) {
  const cart = useCart();
  const problemId = useId();
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h3 className="font-semibold">{line.name}</h3>
        <p className="text-sm text-gray-700">{cartLineSource(line)}</p>
        <p className="text-sm text-gray-700">{formatRs(rupeesToPaisa(line.price))} each</p>
        {problem && (
          <p id={problemId} className="mt-1 text-sm font-medium text-red-800">
            {problem}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <QuantityStepper
          itemName={line.name}
          quantity={line.quantity}
          canDecrement={canDecrement(line)}
          canIncrement={canIncrement(line)}
          limitText={quantityLimitText(line)}
          onDecrement={() => cart.decrement(line)}
          onIncrement={() => cart.increment(line)}
        />
        <p className="min-w-28 text-right font-semibold">
          <span className="sr-only">Line total: </span>
          {formatRs(lineTotalPaisa(line))}
        </p>
        <button
          type="button"
          data-remove
          onClick={() => {
            cart.remove(line);
            onRemoved();
          }}
          aria-label={`Remove ${line.name}`}
          aria-describedby={problem ? problemId : undefined}
          className="rounded px-2 py-1 text-sm font-medium text-red-800 underline hover:text-red-900 focus-visible:outline-2 focus-visible:outline-orange-700"
        >
          Remove
        </button>
      </div>
    </li>
  );
}
