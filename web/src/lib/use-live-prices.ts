import { cartLineKey, type NewCartLine } from '@campus/shared/domain/cart';
import { cartLineProblem, cartPricesRequest } from '@campus/shared/domain/cart-check';
import type { TCartPricesResponse } from '@campus/shared/domain/cart-prices-api';
import type { TCartLine } from '@campus/shared/domain/entities';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useCart } from '@/stores/cart';
import { apiPost } from './api-client';

/** How often an open cart or checkout asks again, besides on focus and on opening. */
const RECHECK_MS = 60_000;

/** What each item of a cart is now (price, name, hours, stock); gone items are left out. */
export async function fetchCartItems(cart: readonly TCartLine[]): Promise<NewCartLine[]> {
  const answer = await apiPost<TCartPricesResponse>('/api/bucket/prices', cartPricesRequest(cart));
  return answer.items;
}

/**
 * Live prices for the cart and checkout: the cart is re-priced from the api when the page opens,
 * when the window regains focus and every minute; each line's problem (gone, sold out) is known
 * once the check answered.
 */
export function useLivePrices() {
  const { items, reprice } = useCart();
  const ids = items.map((line) => `${line.restaurantId ?? 'mart'}:${line.itemId}`).sort();
  const query = useQuery({
    queryKey: ['cart-prices', ids],
    queryFn: () => fetchCartItems(items),
    enabled: items.length > 0,
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: RECHECK_MS,
    retry: 1,
  });
  useEffect(() => {
    if (query.data) reprice(query.data);
  }, [query.data, reprice]);
  const problems = useMemo(() => {
    const known = query.data;
    return new Map(
      known ? items.map((line) => [cartLineKey(line), cartLineProblem(line, known)]) : [],
    );
  }, [items, query.data]);
  return { problems, refresh: query.refetch, error: query.error };
}
