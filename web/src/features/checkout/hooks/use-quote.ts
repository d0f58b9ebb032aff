import type { TCartLine } from '@campus/shared/domain/entities';
import type { TQuote, TQuoteResponse } from '@campus/shared/domain/quote';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiPost } from '@/lib/api-client';

/** Where the quote stands, as checkout shows it (docs/decisions/025-held-quote.md). */
export type QuoteState =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'failed'; error: unknown }
  /** What changed since the cart, to accept before the pay-to account shows; `quote` null: nothing left. */
  | { kind: 'changed'; quote: TQuote | null; changes: TQuoteResponse['changes'] }
  | { kind: 'expired'; quote: TQuote }
  /** `unchanged`: a fresh quote after one ran out, and nothing changed. */
  | { kind: 'held'; quote: TQuote; secondsLeft: number; unchanged: boolean };

/** What a cart's quote depends on: its items and quantities, not the prices it last knew. */
function cartKey(items: readonly TCartLine[]): string {
  return items
    .map((line) => `${line.restaurantId ?? 'mart'}:${line.itemId}:${line.quantity}`)
    .sort()
    .join(',');
}

/** The device clock each second, while `ticking`. */
function useSecondClock(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

/**
 * The cart's quote from the api: asked when checkout opens and whenever the cart's items or
 * quantities change (each new one gives the last one's stock back), and again on `fresh()`. The
 * countdown runs on the device clock from the answer's arrival, for the time the api gave.
 */
export function useQuote(
  campus: { universityId: string; campusId: string },
  items: readonly TCartLine[],
) {
  const query = useQuery({
    queryKey: ['quote', campus.campusId, cartKey(items)],
    // A quote asked for a cart since changed is let go: only the last cart's counts.
    queryFn: ({ signal }) =>
      apiPost<TQuoteResponse>('/api/checkout/quote', { ...campus, cartItems: items }, signal),
    enabled: campus.campusId !== '' && items.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: 1,
  });
  // The quote whose changes the student accepted, and the quote that ran out before a fresh one
  // (its cart and item total): a fresh one says whether anything changed since.
  const [accepted, setAccepted] = useState<string | null>(null);
  const [ranOut, setRanOut] = useState<{ cart: string; itemTotalPaisa: number } | null>(null);
  const answer = query.data;
  const quote = answer?.quote ?? null;
  const now = useSecondClock(quote !== null);
  // Counted from when the answer came, on this device's clock: a phone's clock may be off.
  const endsAt = quote ? query.dataUpdatedAt + quote.heldForSeconds * 1000 : 0;
  const secondsLeft = quote ? Math.max(0, Math.ceil((endsAt - now) / 1000)) : 0;

  let state: QuoteState;
  if (campus.campusId === '' || items.length === 0) state = { kind: 'none' };
  else if (query.isFetching || (!answer && !query.error)) state = { kind: 'loading' };
  else if (!answer || query.isRefetchError) state = { kind: 'failed', error: query.error };
  else if (answer.changes.length > 0 && (quote === null || accepted !== quote.id)) {
    state = { kind: 'changed', quote, changes: answer.changes };
  } else if (!quote) state = { kind: 'changed', quote: null, changes: [] };
  else if (secondsLeft === 0) state = { kind: 'expired', quote };
  else {
    const unchanged =
      ranOut !== null &&
      ranOut.cart === cartKey(items) &&
      answer.changes.length === 0 &&
      ranOut.itemTotalPaisa === quote.itemTotalPaisa;
    state = { kind: 'held', quote, secondsLeft, unchanged };
  }

  return {
    state,
    /** The account to pay shows only beside a held quote (or, no campus chosen, with its hint). */
    showsPayTo: state.kind === 'held' || state.kind === 'none',
    /** Checkout places with a held quote; one that ran out is refused and renewed. */
    placeable: state.kind === 'held' || state.kind === 'expired' || state.kind === 'none',
    /** The student took the changes: the pay-to account shows for this quote. */
    accept(quoteId: string | null) {
      setAccepted(quoteId);
    },
    /** A new quote for the cart as it is, saying afterwards whether anything changed. */
    fresh() {
      setRanOut(quote ? { cart: cartKey(items), itemTotalPaisa: quote.itemTotalPaisa } : null);
      void query.refetch();
    },
  };
}
