import { formatError } from '@campus/shared/domain/error-catalogue';
import {
  QUOTE_MESSAGES,
  quoteTotals,
  type TQuote,
  timeLeftText,
} from '@campus/shared/domain/quote';
import { Alert } from '@/components/ui/alert';
import { secondaryButton } from '@/components/ui/button-styles';
import { CHECKOUT_STEP_LABELS } from '../hooks/checkout-process';
import type { QuoteState } from '../hooks/use-quote';

const box = 'rounded border p-3 text-sm';

/**
 * Where checkout's quote stands, above the pay-to account (docs/decisions/025-held-quote.md): the
 * time it still holds the prices; what changed since the cart, line by line with the new total,
 * to accept first; a quote that ran out, to renew.
 */
export function QuoteHold({
  state,
  persons,
  onAccept,
  onFresh,
}: {
  state: QuoteState;
  persons: number;
  onAccept(quote: TQuote | null): void;
  onFresh(): void;
}) {
  switch (state.kind) {
    case 'none':
      return null;
    case 'loading':
      return (
        <p role="status" className="text-sm text-gray-800">
          {CHECKOUT_STEP_LABELS['checking-prices']}
        </p>
      );
    case 'failed':
      return (
        <div className="space-y-2">
          <Alert>{formatError(state.error).message}</Alert>
          <button type="button" className={secondaryButton} onClick={onFresh}>
            {QUOTE_MESSAGES.freshQuote}
          </button>
        </div>
      );
    case 'changed': {
      const { quote } = state;
      return (
        <div
          data-testid="quote-changes"
          className={`${box} space-y-2 border-amber-300 bg-amber-50 text-amber-950`}
        >
          {state.changes.length > 0 && (
            <>
              <p className="font-medium">{QUOTE_MESSAGES.changedTitle}</p>
              <ul className="list-disc space-y-1 pl-5">
                {state.changes.map((change) => (
                  <li key={`${change.kind}:${change.name}`}>{change.message}</li>
                ))}
              </ul>
            </>
          )}
          <p className="font-semibold">
            {quote
              ? QUOTE_MESSAGES.newTotal(quoteTotals(quote, persons).grandTotal)
              : QUOTE_MESSAGES.nothingLeft}
          </p>
          <button type="button" className={secondaryButton} onClick={() => onAccept(quote)}>
            {QUOTE_MESSAGES.acceptChanges}
          </button>
        </div>
      );
    }
    case 'expired':
      return (
        <div data-testid="quote-expired" className={`${box} space-y-2 border-red-300 bg-red-50`}>
          <p className="font-medium text-red-900">{QUOTE_MESSAGES.expiredOnScreen}</p>
          <button type="button" className={secondaryButton} onClick={onFresh}>
            {QUOTE_MESSAGES.freshQuote}
          </button>
        </div>
      );
    case 'held':
      return (
        <div className="space-y-1 text-sm">
          {state.unchanged && (
            <p role="status" className="text-green-900">
              {QUOTE_MESSAGES.nothingChanged}
            </p>
          )}
          <p data-testid="quote-countdown" className="text-gray-800">
            {QUOTE_MESSAGES.heldFor(timeLeftText(state.secondsLeft))}
          </p>
        </div>
      );
  }
}
