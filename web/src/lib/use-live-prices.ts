import { bucketLineProblem, bucketPricesRequest } from '@campus/shared/domain/bucket-check';
import type { TBucketPricesResponse } from '@campus/shared/domain/bucket-prices-api';
import { cartLineKey, type NewCartLine } from '@campus/shared/domain/cart';
import type { TCartLine } from '@campus/shared/domain/entities';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { apiPost } from './api-client';
import { useCart } from './cart-store';

/** How often an open cart or checkout asks again, besides on focus and on opening. */
const RECHECK_MS = 60_000;

/** What each item of a bucket is now (price, name, hours, stock); gone items are left out. */
export async function fetchBucketItems(cart: readonly TCartLine[]): Promise<NewCartLine[]> {
  const answer = await apiPost<TBucketPricesResponse>(
    '/api/bucket/prices',
    bucketPricesRequest(cart),
  );
  return answer.items;
}

/**
 * Live prices for the cart and checkout: the bucket is re-priced from the api when the page opens,
 * when the window regains focus and every minute; each line's problem (gone, sold out) is known
 * once the check answered.
 */
export function useLivePrices() {
  const { items, reprice } = useCart();
  const ids = items.map((line) => `${line.restaurantId ?? 'mart'}:${line.itemId}`).sort();
  const query = useQuery({
    queryKey: ['bucket-prices', ids],
    queryFn: () => fetchBucketItems(items),
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
      known ? items.map((line) => [cartLineKey(line), bucketLineProblem(line, known)]) : [],
    );
  }, [items, query.data]);
  return { problems, refresh: query.refetch, error: query.error };
}
