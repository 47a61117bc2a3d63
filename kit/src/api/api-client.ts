// The one place the front ends talk to the API, with the shared behaviour of docs/product/accounts-billing-admin.md (API).
import type { QueryFunction } from '@tanstack/query-core';
import { readStoredUserId } from '../auth/storage';
import { throwIfResNotOk } from './api-error';

export const USER_ID_HEADER = 'X-User-Id';

/** Headers every call carries: X-User-Id when a stored userId exists (the server checks it). */
function baseHeaders(): Record<string, string> {
  const userId = readStoredUserId();
  return userId ? { [USER_ID_HEADER]: userId } : {};
}

/**
 * Sends a JSON body (when given) with cookies included; throws ApiError on a non-ok status.
 * Returns the Response so callers choose how to read it. `extra` adds headers (an Idempotency-Key).
 */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  extra: Record<string, string> = {},
): Promise<Response> {
  const headers = { ...extra, ...baseHeaders() };
  if (data !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/** Sends a request and parses the JSON reply. */
export async function apiJson<T>(
  method: string,
  url: string,
  data?: unknown,
  extra?: Record<string, string>,
): Promise<T> {
  const res = await apiRequest(method, url, data, extra);
  return (await res.json()) as T;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * Default read: GET the path made of the query key's parts joined by '/', parsed as JSON.
 * A 401 throws unless `on401: 'returnNull'` is chosen (used for "who am I").
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join('/'), { headers: baseHeaders(), credentials: 'include' });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}
