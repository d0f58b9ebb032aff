import type {
  TOrderResponse,
  TOrderStatusResponse,
  TOrdersResponse,
} from '@campus/shared/domain/order-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiPost } from '@/lib/api-client';
import { compressImage } from '@/lib/compress-image';
import { uploadScreenshot } from '@/lib/upload-screenshot';

// A student's My Orders (GET /api/orders, GET /api/orders/:id, POST /api/orders/:id/cancel and
// /resubmit).

/**
 * The query keys of My Orders, all under ['my-orders']: what the live updates invalidate when
 * an order of the signed-in student changes (`orderKeys.all`, or one order's `detail`).
 */
export const orderKeys = {
  all: ['my-orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (page: number) => [...orderKeys.lists(), page] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
};

const orderPath = (id: string) => `/api/orders/${encodeURIComponent(id)}`;

/** One page of the student's orders, newest first. */
export function useMyOrders(page: number) {
  return useQuery({
    queryKey: orderKeys.list(page),
    queryFn: () => apiFetch<TOrdersResponse>(`/api/orders?page=${page}`),
  });
}

/** One of the student's orders with its lines, timeline and what they may do with it. */
export function useMyOrder(id: string) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: () => apiFetch<TOrderResponse>(orderPath(id)),
    select: (answer) => answer.order,
    // A missing order stays missing: say so at once rather than after a retry.
    retry: false,
  });
}

/**
 * Cancels the order (a reason is welcome, never required). Whatever the answer, the order and
 * the lists are loaded again: after a 409 the page shows the state someone else gave it.
 */
export function useCancelOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      apiPost<TOrderStatusResponse>(`${orderPath(id)}/cancel`, { reason }),
    onSuccess: (answer) => {
      queryClient.setQueryData<TOrderResponse>(orderKeys.detail(id), (old) =>
        old ? { ...old, order: { ...old.order, status: answer.status, actions: [] } } : old,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/**
 * Sends a new payment screenshot for a rejected order (compressed and uploaded as at checkout),
 * with a note for the campus team if given; the order and the lists are loaded again after.
 */
export function useResubmitOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, note }: { file: File; note: string }) => {
      const upload = await uploadScreenshot(await compressImage(file, 'screenshot'));
      return apiPost<TOrderStatusResponse>(`${orderPath(id)}/resubmit`, {
        screenshot: upload.id,
        reason: note,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
