// The reads of this remote, through the kit's default query function (GET of the key joined by '/')
// and its defaults (never stale, no refetch, no retry: docs/product/accounts-billing-admin.md (API)).
import { USER_QUERY_KEY, useAuth } from '@studio/kit';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { Book, CreditEntry, CurrentUser, PaymentsConfig } from './types';

export const PAYMENTS_CONFIG_KEY = ['/api/payments/config'] as const;
export const CURRENT_USER_KEY = ['/api/current-user'] as const;
export const CREDIT_HISTORY_KEY = ['/api/credits/history'] as const;
const BOOKS_ROOT = '/api/airtable/books';
export const booksKey = (userId: string) => [BOOKS_ROOT, userId] as const;
export const inProgressBooksKey = (userId: string) => [BOOKS_ROOT, userId, 'status', 'in-progress'] as const;

export function usePaymentsConfig() {
  return useQuery<PaymentsConfig>({ queryKey: PAYMENTS_CONFIG_KEY });
}

// The signed-in user's own reads wait for a session: after Sign Out clears the cache, a screen
// still on its way out must not ask again (a 401 for nothing).
export function useCurrentUser() {
  const { user } = useAuth();
  return useQuery<CurrentUser>({ queryKey: CURRENT_USER_KEY, enabled: Boolean(user) });
}

export function useCreditHistory() {
  const { user } = useAuth();
  return useQuery<CreditEntry[]>({ queryKey: CREDIT_HISTORY_KEY, enabled: Boolean(user) });
}

/** Both book reads run only when a user id exists (docs/product/accounts-billing-admin.md (API)). */
export function useBooks(userId: string | undefined) {
  return useQuery<Book[]>({ queryKey: booksKey(userId ?? ''), enabled: Boolean(userId) });
}

export function useInProgressBooks(userId: string | undefined) {
  return useQuery<Book[]>({ queryKey: inProgressBooksKey(userId ?? ''), enabled: Boolean(userId) });
}

/**
 * Reads never go stale on their own, so anything that changes the account (a payment, an admin fix,
 * the dashboard's Refresh Data) refetches the account's reads explicitly.
 */
export async function refreshAccountData(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
    queryClient.invalidateQueries({ queryKey: CREDIT_HISTORY_KEY }),
    queryClient.invalidateQueries({ queryKey: [BOOKS_ROOT] }),
  ]);
}
