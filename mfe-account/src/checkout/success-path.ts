// Where a completed embedded payment goes: /subscription-success?plan=&credits=&total= (spec 01 §2.10).
import type { CompleteReply } from '../api/types';

export function successPath(planName: string, reply: CompleteReply): string {
  const params = new URLSearchParams({
    plan: planName,
    credits: String(reply.creditsAdded ?? 0),
    total: String(reply.newTotalCredits ?? 0),
  });
  return `/subscription-success?${params}`;
}
