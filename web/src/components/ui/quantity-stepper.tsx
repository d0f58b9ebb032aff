import { useEffect, useRef } from 'react';

/**
 * Minus, quantity and plus for one item; minus stops at 1 (only Remove deletes a line). A button
 * at its bound is aria-disabled, not disabled, so the keyboard focus stays on it. `focusOnMount`
 * puts the focus on plus when the stepper replaces the add button the person just pressed.
 */
export function QuantityStepper({
  itemName,
  quantity,
  canDecrement,
  canIncrement,
  onDecrement,
  onIncrement,
  focusOnMount = false,
}: {
  itemName: string;
  quantity: number;
  canDecrement: boolean;
  canIncrement: boolean;
  onDecrement(): void;
  onIncrement(): void;
  focusOnMount?: boolean;
}) {
  const plus = useRef<HTMLButtonElement>(null);
  // Only on mount: a later change of the flag must not pull the focus back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on mount, on purpose
  useEffect(() => {
    if (focusOnMount) plus.current?.focus();
  }, []);
  const button =
    'flex size-9 items-center justify-center rounded border border-orange-700 text-lg font-bold text-orange-700 hover:bg-orange-50 aria-disabled:cursor-not-allowed aria-disabled:border-gray-300 aria-disabled:text-gray-500 aria-disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700';
  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        className={button}
        aria-disabled={!canDecrement || undefined}
        onClick={() => canDecrement && onDecrement()}
        aria-label={`Decrease quantity of ${itemName}`}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output className="min-w-6 text-center font-semibold" aria-label={`Quantity of ${itemName}`}>
        {quantity}
      </output>
      <button
        ref={plus}
        type="button"
        className={button}
        aria-disabled={!canIncrement || undefined}
        onClick={() => canIncrement && onIncrement()}
        aria-label={`Increase quantity of ${itemName}`}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
