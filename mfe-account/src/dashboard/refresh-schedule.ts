// After a subscription return the credits may land a moment later (a webhook), so the dashboard
// refreshes the user data every 3000 ms, 3 times (docs/product/accounts-billing-admin.md (States, Limits and costs)).
import { SUBSCRIPTION_REFRESH_ATTEMPTS, SUBSCRIPTION_REFRESH_INTERVAL_MS } from '@studio/kit';

export interface RefreshScheduleOptions {
  intervalMs?: number;
  attempts?: number;
}

/** Calls `refresh` at intervalMs, 2×intervalMs, … `attempts` times; returns a cancel function. */
export function scheduleRefreshes(
  refresh: (attempt: number) => void,
  {
    intervalMs = SUBSCRIPTION_REFRESH_INTERVAL_MS,
    attempts = SUBSCRIPTION_REFRESH_ATTEMPTS,
  }: RefreshScheduleOptions = {},
): () => void {
  let done = 0;
  const timer = setInterval(() => {
    done += 1;
    if (done >= attempts) clearInterval(timer);
    refresh(done);
  }, intervalMs);
  return () => clearInterval(timer);
}

/** Both return addresses of docs/product/accounts-billing-admin.md (States): ?subscription=success and ?subscription_success=true. */
export function isSubscriptionReturn(search: URLSearchParams): boolean {
  return search.get('subscription') === 'success' || search.get('subscription_success') === 'true';
}
