import { Alert, Button, Card, toast } from '@studio/kit';
import { useMutation } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { verifyAllSubscriptions } from '../api/admin';
import { errorText } from '../api/error-text';
import { ADMIN, TOASTS, verificationCounts } from '../texts';

export function VerifySubscriptionsTab() {
  const verify = useMutation({
    mutationFn: verifyAllSubscriptions,
    onSuccess: ({ verified, errors }) =>
      toast({
        title: TOASTS.verificationComplete,
        description: verificationCounts(verified, errors),
        variant: 'success',
      }),
    onError: (error) =>
      toast({
        title: TOASTS.verificationFailed,
        description: errorText(error, TOASTS.genericFailed.description),
        variant: 'destructive',
      }),
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
      {verify.isSuccess && (
        <Alert tone="success" title={TOASTS.verificationComplete}>
          {verificationCounts(verify.data.verified, verify.data.errors)}
        </Alert>
      )}
      {verify.isError && (
        <Alert tone="danger" title={TOASTS.verificationFailed}>
          {errorText(verify.error, TOASTS.genericFailed.description)}
        </Alert>
      )}
    </Card>
  );
}
