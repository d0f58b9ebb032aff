import type { TPublicConfig } from '@campus/shared/domain/public-config';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiGet } from './api-client';
import { PUBLIC_CONFIG_PATH } from './first-paint-requests';

/** The server settings the browser may see (GET /api/public-config), loaded once per visit. */
export function usePublicConfig(): TPublicConfig | undefined {
  const query = useQuery({
    queryKey: ['public-config'],
    ...apiGet<TPublicConfig>(PUBLIC_CONFIG_PATH),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  useEffect(() => {
    // Only the chat link depends on it, so the page goes on without; the operator still hears.
    if (query.error) console.warn('Could not load the public configuration', query.error);
  }, [query.error]);
  return query.data;
}
