import { ZCheckoutRoundResponse } from '@campus/shared/domain/batch-api';
import type {
  TCheckoutContextResponse,
  TCheckoutForm,
  TPlaceOrderResponse,
} from '@campus/shared/domain/checkout';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiPost } from '@/lib/api-client';

/**
 * The body of POST /api/orders: the checkout values as the shared schema gives them, the
 * uploaded screenshot's id, and the key that makes a repeated submit return the first order.
 */
export type TOrderRequest = Omit<TCheckoutForm, 'screenshot'> & {
  idempotencyKey: string;
  screenshot: string;
};

/** The pay-to account and allowed domains; nothing is fetched while no campus is chosen. */
export function checkoutContextQueryOptions(campusId: string | null) {
  return queryOptions({
    queryKey: ['checkout-context', campusId],
    queryFn: () =>
      apiFetch<TCheckoutContextResponse>(
        `/api/checkout/context?campusId=${encodeURIComponent(campusId ?? '')}`,
      ),
    enabled: campusId !== null,
    staleTime: 5 * 60_000,
  });
}

/**
 * The delivery round an order placed now joins (null: the campus delivers outside batches).
 * Asked again every minute, so a cut-off passing while the form is open moves the promise on.
 */
export function checkoutRoundQueryOptions(
  campusId: string | null,
  restaurantIds: readonly string[] = [],
) {
  const query = new URLSearchParams({ campusId: campusId ?? '' });
  if (restaurantIds.length > 0) query.set('restaurants', restaurantIds.join(','));
  return queryOptions({
    queryKey: ['checkout-round', campusId, restaurantIds],
    queryFn: async () =>
      ZCheckoutRoundResponse.parse(await apiFetch(`/api/checkout-round?${query}`)),
    enabled: campusId !== null,
    refetchInterval: 60_000,
  });
}

/** What placing an order answers: the order, and the delivery round it joined in its zone. */
export type TPlacedOrderAnswer = Omit<TPlaceOrderResponse, 'ok'>;

/** Places the order; the api answers the order id (the first one again for a repeated key). */
export async function submitOrder(body: TOrderRequest): Promise<TPlacedOrderAnswer> {
  const { ok, ...placed } = await apiPost<TPlaceOrderResponse>('/api/orders', body);
  return placed;
}
