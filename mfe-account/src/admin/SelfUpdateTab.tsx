// Self Update: a testing tool that changes the signed-in user's own subscription; reloads 2.5 s later.
import { Button, Card, SELF_UPDATE_RELOAD_MS, toast, useAuth } from '@studio/kit';
import { Field, Input, Select } from '@studio/kit/widgets';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { manualSubscriptionUpdate } from '../api/admin';
import { toastFailure } from '../api/error-text';
import { useCurrentUser } from '../api/queries';
import { ADMIN, TOASTS } from '../texts';
import { DEFAULT_ADMIN_TIER, PAID_TIER_OPTIONS } from './tiers';

export function SelfUpdateTab() {
  const { user } = useAuth();
  const current = useCurrentUser();
  const [customerId, setCustomerId] = useState('');
  const [subscriptionId, setSubscriptionId] = useState('');
  const [tier, setTier] = useState(DEFAULT_ADMIN_TIER);

  // Prefill with what the account already has.
  useEffect(() => {
    if (!current.data) return;
    setCustomerId((v) => v || current.data.stripeCustomerId || '');
    setSubscriptionId((v) => v || current.data.stripeSubscriptionId || '');
    if (PAID_TIER_OPTIONS.some((o) => o.value === current.data.subscriptionTier))
      setTier(current.data.subscriptionTier);
  }, [current.data]);

  const update = useMutation({
    mutationFn: manualSubscriptionUpdate,
    onSuccess: (reply) => {
      toast({ title: TOASTS.subscriptionUpdated, description: reply.message, variant: 'success' });
      setTimeout(() => window.location.reload(), SELF_UPDATE_RELOAD_MS);
    },
    onError: (error) => toastFailure(TOASTS.updateFailed, error, TOASTS.genericFailed.description),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending || update.isSuccess) return;
    if (!user) {
      toast({ title: TOASTS.updateFailed, description: ADMIN.self.notLoggedIn, variant: 'destructive' });
      return;
    }
    update.mutate({
      userId: user.id,
      customerId: customerId.trim(),
      subscriptionId: subscriptionId.trim(),
      tier,
    });
  };

  return (
    <Card>
      <p>{ADMIN.self.text}</p>
      <form
        aria-label={ADMIN.tabs.self}
        onSubmit={submit}
        css={{
          display: 'grid',
          gap: 14,
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(240px, 100%), 1fr))',
        }}
      >
        <Field label={ADMIN.self.customerId}>
          <Input value={customerId} onChange={(e) => setCustomerId(e.target.value)} />
        </Field>
        <Field label={ADMIN.self.subscriptionId}>
          <Input value={subscriptionId} onChange={(e) => setSubscriptionId(e.target.value)} />
        </Field>
        <Field label={ADMIN.self.tier}>
          <Select options={PAID_TIER_OPTIONS} value={tier} onValueChange={setTier} />
        </Field>
        <div css={{ gridColumn: '1 / -1' }}>
          <Button type="submit" disabled={update.isPending || update.isSuccess}>
            {update.isSuccess ? ADMIN.self.reloading : ADMIN.self.submit}
          </Button>
        </div>
      </form>
    </Card>
  );
}
