import {
  REFUND_PATHS,
  type TRecordRefundByReferenceRequest,
  type TRefundResponse,
  type TRefundsResponse,
} from '@campus/shared/domain/refunds';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { adminGet, adminKeys } from './admin-client';

// Refunds (GET and POST /api/admin/refunds, POST /api/admin/refunds/:id/sent; decision 024).

/** A campus's refunds, or (null, a super admin's) every campus's. */
type TRefundScope = { universityId: string; campusId: string } | null;

const refundsKey = (scope: TRefundScope) => adminKeys.refunds(scope?.campusId ?? 'all');

export function useRefunds(scope: TRefundScope) {
  return useQuery({
    queryKey: refundsKey(scope),
    queryFn: () =>
      adminGet<TRefundsResponse>(
        scope ? `${REFUND_PATHS.list}?${new URLSearchParams(scope)}` : REFUND_PATHS.list,
      ),
    select: (answer) => answer.refunds,
    retry: false,
  });
}

/** Marks a refund sent with its transfer's reference; the list loads again either way. */
export function useMarkRefundSent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reference }: { id: string; reference: string }) =>
      apiPost<TRefundResponse>(REFUND_PATHS.sent(id), { reference }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.allRefunds() }),
  });
}

/** Records a refund due for the campus's order of a payment reference. */
export function useRecordRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TRecordRefundByReferenceRequest) =>
      apiPost<TRefundResponse>(REFUND_PATHS.recordByReference, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.allRefunds() }),
  });
}
