/** Minus, quantity and plus for one item; minus stops at 1 (only Remove deletes a line). */
export function QuantityStepper({
  itemName,
  quantity,
  canDecrement,
  canIncrement,
  onDecrement,
  onIncrement,
}: {
  itemName: string;
  quantity: number;
  canDecrement: boolean;
  canIncrement: boolean;
  onDecrement(): void;
  onIncrement(): void;
}) {
  const button =
    'flex size-9 items-center justify-center rounded border border-orange-700 text-lg font-bold text-orange-700 hover:bg-orange-50 disabled:cursor-not-allowed disabled:border-gray-300 disabled:text-gray-400 disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700';
  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        className={button}
        disabled={!canDecrement}
        onClick={onDecrement}
        aria-label={`Decrease quantity of ${itemName}`}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output className="min-w-6 text-center font-semibold" aria-label={`Quantity of ${itemName}`}>
        {quantity}
      </output>
      <button
        type="button"
        className={button}
        disabled={!canIncrement}
        onClick={onIncrement}
        aria-label={`Increase quantity of ${itemName}`}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
