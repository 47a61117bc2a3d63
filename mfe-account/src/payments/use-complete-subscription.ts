// The last step of the embedded payment form: the server checks the payment and grants the credits.
import { type PlanId, toast } from '@studio/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { completeSubscription } from '../api/billing';
import { toastFailure } from '../api/error-text';
import { refreshAccountData } from '../api/queries';
import type { CompleteReply } from '../api/types';
import { TOASTS } from '../texts';

export function useCompleteSubscription(planId: PlanId, onPaid: (reply: CompleteReply) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => completeSubscription(planId),
    onSuccess: async (reply) => {
      if (!reply.success) {
        toast({
          title: TOASTS.subscriptionFailed,
          description: reply.message || reply.error || TOASTS.subscriptionFailedDefault,
          variant: 'destructive',
        });
        return;
      }
      await refreshAccountData(queryClient);
      onPaid(reply);
    },
    onError: (error) => {
      toastFailure(TOASTS.subscriptionFailed, error, TOASTS.subscriptionFailedDefault);
    },
  });
}
