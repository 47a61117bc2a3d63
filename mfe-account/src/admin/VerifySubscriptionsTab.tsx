import { Button, Card, toast } from '@studio/kit';
import { useMutation } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { verifyAllSubscriptions } from '../api/admin';
import { toastFailure } from '../api/error-text';
import { ADMIN, TOASTS, verificationCounts } from '../texts';
import { RunOutcome } from './RunOutcome';

export function VerifySubscriptionsTab() {
  const verify = useMutation({
    mutationFn: verifyAllSubscriptions,
    onSuccess: ({ verified, errors }) =>
      toast({
        title: TOASTS.verificationComplete,
        description: verificationCounts(verified, errors),
        variant: 'success',
      }),
    onError: (error) => toastFailure(TOASTS.verificationFailed, error, TOASTS.genericFailed.description),
  });
  return (
    <Card>
      <p>{ADMIN.verify.text}</p>
      <div>
        <Button onClick={() => verify.mutate()} disabled={verify.isPending}>
          <ShieldCheck aria-hidden />
          {verify.isPending ? ADMIN.verify.running : ADMIN.verify.button}
        </Button>
      </div>
      <RunOutcome
        run={verify}
        doneTitle={TOASTS.verificationComplete}
        failedTitle={TOASTS.verificationFailed}
        done={({ verified, errors }) => verificationCounts(verified, errors)}
      />
    </Card>
  );
}
