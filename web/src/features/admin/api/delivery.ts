import { ADMIN_API } from '@campus/shared/domain/admin-api';
import {
  type TBatchAction,
  type TBatchList,
  ZBagLabelsResponse,
  ZBatchActionResponse,
  ZBatchDetailResponse,
  ZBatchesResponse,
  ZDeliverySlotsResponse,
} from '@campus/shared/domain/batch-api';
import {
  type TDeliveryPlaceInput,
  ZDeliveryPlacesResponse,
} from '@campus/shared/domain/delivery-places';
import type { TDeliverySlot } from '@campus/shared/domain/delivery-rounds';
import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch, apiPost } from '@/lib/api-client';
import { adminGet, adminKeys, byId } from './admin-client';

// Delivery rounds and their batches (docs/architecture.md §8, decision 013): a campus's weekly
// slots (GET/PUT /api/admin/delivery-slots), the rounds of the Batches tab (GET
// /api/admin/batches), one batch with its lists (GET /api/admin/batches/:id) and its actions (POST
// .../close, /dispatch, /deliver). Answers are checked against the shared schemas before they are
// shown.

const SLOTS_PATH = '/api/admin/delivery-slots';
const BATCHES_PATH = '/api/admin/batches';

/** A campus, or '' for every campus (a super admin's Batches tab without a filter). */
export type TBatchCampus = { universityId: string; campusId: string };

const campusQuery = ({ universityId, campusId }: TBatchCampus) => {
  const params = new URLSearchParams();
  if (universityId) params.set('universityId', universityId);
  if (campusId) params.set('campusId', campusId);
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
};

/** The answer, checked to have the shape the shared schema says. */
async function checked<T extends z.ZodType>(schema: T, answer: Promise<unknown>) {
  return schema.parse(await answer) as z.output<T>;
}

export const batchKeys = {
  /** Everything about rounds and batches: what an order's change invalidates. */
  all: () => [...adminKeys.all, 'batches'] as const,
  slots: (campus: TBatchCampus) => [...adminKeys.all, 'batches', 'slots', campus] as const,
  places: (campus: TBatchCampus) => [...adminKeys.all, 'batches', 'places', campus] as const,
  list: (campus: TBatchCampus) => [...adminKeys.all, 'batches', 'list', campus] as const,
  detail: (id: string) => [...adminKeys.all, 'batches', 'detail', id] as const,
};

/** A campus's week of delivery rounds. */
export function useDeliverySlots(campus: TBatchCampus, enabled = true) {
  return useQuery({
    queryKey: batchKeys.slots(campus),
    queryFn: () => checked(ZDeliverySlotsResponse, adminGet(`${SLOTS_PATH}${campusQuery(campus)}`)),
    enabled: enabled && campus.campusId !== '',
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** A campus's delivery places (decision 026), in checkout's order. */
export function useDeliveryPlaces(campus: TBatchCampus) {
  return useQuery({
    queryKey: batchKeys.places(campus),
    queryFn: () =>
      checked(
        ZDeliveryPlacesResponse,
        adminGet(`${ADMIN_API.deliveryPlaces}${campusQuery(campus)}`),
      ),
    enabled: campus.campusId !== '',
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Saves a campus's whole list of places; a 400 names the refused field ('places.2.code'). */
export function useSaveDeliveryPlaces(campus: TBatchCampus) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (places: TDeliveryPlaceInput[]) =>
      checked(
        ZDeliveryPlacesResponse,
        apiFetch(`${ADMIN_API.deliveryPlaces}${campusQuery(campus)}`, {
          method: 'PUT',
          body: JSON.stringify({ places }),
        }),
      ),
    onSuccess: (answer) => queryClient.setQueryData(batchKeys.places(campus), answer),
  });
}

/**
 * Saves a campus's week of rounds. A 400 names the refused field ('slots.3.cutoff'); the editor
 * shows it beside that field. The rounds and batches are loaded again afterwards.
 */
export function useSaveDeliverySlots(campus: TBatchCampus) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slots: TDeliverySlot[]) =>
      checked(
        ZDeliverySlotsResponse,
        apiFetch(`${SLOTS_PATH}${campusQuery(campus)}`, {
          method: 'PUT',
          body: JSON.stringify({ slots }),
        }),
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(batchKeys.slots(campus), answer);
      return queryClient.invalidateQueries({ queryKey: batchKeys.all() });
    },
  });
}

/** Today's and the coming rounds of a campus (or, for a super admin, of every campus). */
export function useBatches(campus: TBatchCampus) {
  return useQuery({
    queryKey: batchKeys.list(campus),
    queryFn: () => checked(ZBatchesResponse, adminGet(`${BATCHES_PATH}${campusQuery(campus)}`)),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** One batch with its pick lists and drop list. */
export function useBatch(id: string | null) {
  return useQuery({
    queryKey: batchKeys.detail(id ?? ''),
    queryFn: () => checked(ZBatchDetailResponse, adminGet(byId(BATCHES_PATH, id ?? ''))),
    enabled: id !== null && id !== '',
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** The bag labels of a batch, one per order and restaurant part, in the drop list's order. */
export function useBagLabels(id: string) {
  return useQuery({
    queryKey: [...batchKeys.detail(id), 'labels'],
    queryFn: () => checked(ZBagLabelsResponse, adminGet(`${byId(BATCHES_PATH, id)}/labels`)),
    enabled: id !== '',
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/**
 * Close early, dispatch or deliver a whole batch. Whatever the answer (a 409 says another admin
 * was first), the rounds and the orders' lists are loaded again.
 */
export function useBatchAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: TBatchAction) =>
      checked(ZBatchActionResponse, apiPost(`${byId(BATCHES_PATH, id)}/${action}`, {})),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: batchKeys.all() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.orderQueues() }),
      ]),
  });
}

const DELIVER_KEY = [...adminKeys.all, 'batches', 'deliver-order'] as const;

/** The orders of drop lists whose 'Delivered' is on its way. */
export function useOrdersBeingDelivered(): ReadonlySet<string> {
  const ids = useMutationState({
    filters: { mutationKey: DELIVER_KEY, status: 'pending' },
    select: (mutation) => String(mutation.state.variables ?? ''),
  });
  return new Set(ids);
}

/** Marks one order of the drop list delivered (the order's own transition). */
export function useDeliverOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: DELIVER_KEY,
    mutationFn: (orderId: string) =>
      apiPost(`${byId('/api/admin/orders', orderId)}/status`, { action: 'deliver', reason: '' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: batchKeys.all() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.orderQueues() }),
      ]),
  });
}

/** Where a batch's list downloads: GET /api/admin/batches/:id/{pick-list,drop-list}.{xlsx,csv}. */
export function batchListUrl(id: string, list: TBatchList, format: 'xlsx' | 'csv'): string {
  return `${byId(BATCHES_PATH, id)}/${list}.${format}`;
}
