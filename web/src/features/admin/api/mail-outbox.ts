import type { TMailOutboxResponse } from '@campus/shared/domain/account-api';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** The local outbox (GET /api/admin/mail): the e-mails the app wrote instead of sending them. */
export function useMailOutbox() {
  return useQuery({
    queryKey: ['outbox'],
    queryFn: () => apiFetch<TMailOutboxResponse>('/api/admin/mail'),
  });
}
