// React Query defaults of docs/product/accounts-billing-admin.md (API): never refetch on its own, never stale, never retry.
import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

export const queryDefaults = {
  queries: {
    queryFn: getQueryFn({ on401: 'throw' }),
    refetchInterval: false,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  },
  mutations: { retry: false },
} as const;

/** The shell creates the one client; remotes reach it through the shared react-query singleton. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}
