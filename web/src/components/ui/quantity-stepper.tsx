import { useEffect, useId, useRef } from 'react';

/**
 * Minus, quantity and plus for one item; minus stops at 1 (only Remove deletes a line). A button
 * at its bound is aria-disabled, not disabled, so the keyboard focus stays on it; plus at its
 * bound says why (`limitText`) beside it, as its description and its tooltip. `focusOnMount`
 * puts the focus on plus when the stepper replaces the add button the person just pressed.
 */
export function QuantityStepper({
  itemName,
  quantity,
  canDecrement,
  canIncrement,
  limitText,
  onDecrement,
  onIncrement,
  focusOnMount = false,
}: {
  itemName: string;
  quantity: number;
  canDecrement: boolean;
  canIncrement: boolean;
  /** Why plus stops where it does (the stock, the most of one item). */
  limitText: string;
  onDecrement(): void;
  onIncrement(): void;
  focusOnMount?: boolean;
}) {
  const plus = useRef<HTMLButtonElement>(null);
  const limitId = useId();
  // Only on mount: a later change of the flag must not pull the focus back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on mount, on purpose
  useEffect(() => {
    if (focusOnMount) plus.current?.focus();
  }, []);
  const button =
    'flex size-9 items-center justify-center rounded border border-orange-700 text-lg font-bold text-orange-700 hover:bg-orange-50 aria-disabled:cursor-not-allowed aria-disabled:border-gray-300 aria-disabled:text-gray-500 aria-disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700';
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
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
        aria-describedby={canIncrement ? undefined : limitId}
        title={canIncrement ? undefined : limitText}
        onClick={() => canIncrement && onIncrement()}
        aria-label={`Increase quantity of ${itemName}`}
      >
        <span aria-hidden="true">+</span>
      </button>
      {!canIncrement && (
        <p id={limitId} className="text-xs text-gray-700">
          {limitText}
        </p>
      )}
    </div>
  );
}
