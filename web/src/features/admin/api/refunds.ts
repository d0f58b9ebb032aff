import {
  REFUND_PATHS,
  type TRefundResponse,
  type TRefundsResponse,
} from '@campus/shared/domain/refunds';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { adminGet, adminKeys } from './admin-client';

// A campus's refunds (GET /api/admin/refunds, POST /api/admin/refunds/:id/sent; decision 024).

type TRefundCampus = { universityId: string; campusId: string };

export function useRefunds(campus: TRefundCampus) {
  return useQuery({
    queryKey: adminKeys.refunds(campus.campusId),
    queryFn: () =>
      adminGet<TRefundsResponse>(`${REFUND_PATHS.list}?${new URLSearchParams(campus)}`),
    select: (answer) => answer.refunds,
    retry: false,
  });
}

/** Marks a refund sent with its transfer's reference; the list loads again either way. */
export function useMarkRefundSent(campus: TRefundCampus) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reference }: { id: string; reference: string }) =>
      apiPost<TRefundResponse>(REFUND_PATHS.sent(id), { reference }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: adminKeys.refunds(campus.campusId) }),
  });
}
