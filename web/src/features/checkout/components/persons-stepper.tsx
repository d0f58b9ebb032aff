import { MAX_PERSONS, MIN_PERSONS } from '@campus/shared/domain/cart';
import { DELIVERY_CHARGE_PER_PERSON_PAISA, formatRs } from '@campus/shared/domain/money';
import { useId } from 'react';

const button =
  'flex size-10 items-center justify-center rounded border border-orange-700 text-lg font-bold text-orange-700 hover:bg-orange-50 disabled:cursor-not-allowed disabled:border-gray-300 disabled:text-gray-400 disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700';

/**
 * Number of persons with minus and plus; never below 1 (docs/product.md §5 Checkout) nor above
 * MAX_PERSONS.
 */
export function PersonsStepper({
  persons,
  onChange,
}: {
  persons: number;
  onChange(persons: number): void;
}) {
  const labelId = useId();
  const hintId = useId();
  return (
    <fieldset aria-describedby={hintId}>
      <legend id={labelId} className="text-sm font-medium text-gray-800">
        Number of Persons
      </legend>
      <div className="mt-1 flex items-center gap-3">
        <button
          type="button"
          className={button}
          disabled={persons <= MIN_PERSONS}
          onClick={() => onChange(Math.max(MIN_PERSONS, persons - 1))}
          aria-label="Decrease number of persons"
        >
          <span aria-hidden="true">−</span>
        </button>
        <output
          aria-labelledby={labelId}
          aria-live="polite"
          className="min-w-8 text-center text-lg font-semibold"
        >
          {persons}
        </output>
        <button
          type="button"
          className={button}
          disabled={persons >= MAX_PERSONS}
          onClick={() => onChange(Math.min(MAX_PERSONS, persons + 1))}
          aria-label="Increase number of persons"
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      <p id={hintId} className="mt-1 text-xs text-gray-700">
        Delivery is {formatRs(DELIVERY_CHARGE_PER_PERSON_PAISA)} per person.
      </p>
    </fieldset>
  );
}
