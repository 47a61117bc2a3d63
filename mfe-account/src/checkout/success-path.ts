// Where a completed embedded payment goes: /subscription-success?plan=&credits=&total= (docs/product/accounts-billing-admin.md (Screens and routes: Subscription success)).
import type { CompleteReply } from '../api/types';

export function successPath(planName: string, reply: CompleteReply): string {
  const params = new URLSearchParams({
    plan: planName,
    credits: String(reply.creditsAdded ?? 0),
    total: String(reply.newTotalCredits ?? 0),
  });
  return `/subscription-success?${params}`;
}
