// Asks the server for a subscription's client secret once, on load (checkout and /subscribe).
import type { PlanId } from '@studio/kit';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { IntentReply } from '../api/types';

export function useSubscriptionIntent(
  planId: PlanId | null,
  request: (planId: PlanId) => Promise<IntentReply>,
) {
  const intent = useMutation({ mutationFn: request });
  const requested = useRef<PlanId | null>(null);
  const { mutate } = intent;
  useEffect(() => {
    if (!planId || requested.current === planId) return;
    requested.current = planId;
    mutate(planId);
  }, [planId, mutate]);
  return intent;
}
