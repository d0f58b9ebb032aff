import type {
  TOrderQueueQuery,
  TOrderQueueResponse,
  TOrderStatusResponse,
  TVerifyAllClearRequest,
  TVerifyAllClearResponse,
} from '@campus/shared/domain/order-api';
import type { TOrderAction } from '@campus/shared/domain/order-status';
import {
  keepPreviousData,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { adminGet, adminKeys, byId } from './admin-client';

// The admins' Payments queue (GET /api/admin/orders) and
// its transitions (POST /api/admin/orders/:id/status). The live updates invalidate
// adminKeys.orderQueues() when an order changes.

const ORDERS_PATH = '/api/admin/orders';
const ACTION_KEY = [...adminKeys.all, 'order-action'] as const;

/** The queue's filters as the api reads them (ZOrderQueueQuery); '' is not set. */
export type TOrderQueueFilters = {
  [K in keyof TOrderQueueQuery]-?: K extends 'page' ? number : string;
};

/** Only the filters that are set, so equal filters give equal keys and query strings. */
function setFilters(filters: TOrderQueueFilters): Record<string, string | number> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
}

/** One page of the queue: oldest first, in the filters' state. */
export function useOrderQueue(filters: TOrderQueueFilters) {
  const set = setFilters(filters);
  const query = new URLSearchParams(Object.entries(set).map(([k, v]) => [k, String(v)]));
  const queryKey = adminKeys.orderQueue(set);
  const result = useQuery({
    queryKey,
    queryFn: () => adminGet<TOrderQueueResponse>(`${ORDERS_PATH}?${query}`),
    // Another page or filter keeps the list in place until its answer is there.
    placeholderData: keepPreviousData,
    retry: false,
  });
  return { ...result, queryKey };
}

/** An admin's action on an order; `whose` names it to the admin, it is not sent. */
type TActionRequest = {
  id: string;
  action: TOrderAction;
  reason: string;
  /** The differences of the payment's evidence the admin confirmed (a verify). */
  confirmed: readonly string[];
  /** A reject that asks only for what a short payment left unpaid. */
  askDifference?: boolean;
  whose: string;
};

/** The orders whose action is on its way: the queue shows them gone already. */
export function useOrdersInFlight(): ReadonlySet<string> {
  const ids = useMutationState({
    filters: { mutationKey: ACTION_KEY, status: 'pending' },
    select: (mutation) => (mutation.state.variables as TActionRequest | undefined)?.id ?? '',
  });
  return new Set(ids);
}

/**
 * An admin's action on an order. The order leaves the queue page at once (every action changes
 * its state, and the page shows one state); whatever the answer, the queue and the order are
 * loaded again, so a refused action (409) shows where the order is now.
 */
export function useOrderAction(
  queueKey: readonly unknown[],
  // Here rather than in mutate(): those run for the last of several quick actions only.
  outcome: {
    onSuccess(answer: TOrderStatusResponse, request: TActionRequest): void;
    onError(error: unknown, request: TActionRequest): void;
  },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ACTION_KEY,
    mutationFn: ({ id, action, reason, confirmed, askDifference = false }: TActionRequest) =>
      apiPost<TOrderStatusResponse>(`${byId(ORDERS_PATH, id)}/status`, {
        action,
        reason,
        confirmed,
        ...(askDifference ? { askDifference } : {}),
      }),
    onMutate: async ({ id }) => {
      // An answer already on its way would bring the order back.
      await queryClient.cancelQueries({ queryKey: queueKey });
      queryClient.setQueryData<TOrderQueueResponse>(queueKey, (page) =>
        page ? { ...page, orders: page.orders.filter((order) => order.id !== id) } : page,
      );
    },
    onSuccess: (answer, request) => outcome.onSuccess(answer, request),
    onError: (error, request) => outcome.onError(error, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.orderQueues() }),
  });
}

/** Verifies the all-clear orders of the campus (as many as the admin confirmed). */
export function useVerifyAllClear() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TVerifyAllClearRequest) =>
      apiPost<TVerifyAllClearResponse>(`${ORDERS_PATH}/verify-all-clear`, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.orderQueues() }),
  });
}
