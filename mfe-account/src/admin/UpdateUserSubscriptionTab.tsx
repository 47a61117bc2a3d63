// Update User Subscription: set another user's tier, customer id, subscription id and credits.
import { Alert, Button, Card, theme, toast } from '@studio/kit';
import { Field, Input, Select } from '@studio/kit/widgets';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { findUsersByEmail, updateUserSubscription } from '../api/admin';
import { toastFailure } from '../api/error-text';
import type { AdminUser } from '../api/types';
import { TextField } from '../common/TextField';
import { ADMIN, TOASTS } from '../texts';
import { creditsOfTier, DEFAULT_ADMIN_CREDITS, DEFAULT_ADMIN_TIER, TIER_OPTIONS } from './tiers';
import { checkUpdateForm, type UpdateFormValues as FormValues } from './update-form';

const EMPTY: FormValues = {
  userId: '',
  stripeCustomerId: '',
  subscriptionId: '',
  tier: DEFAULT_ADMIN_TIER,
  credits: String(DEFAULT_ADMIN_CREDITS),
};

export function UpdateUserSubscriptionTab() {
  const [email, setEmail] = useState('');
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof FormValues, string>>>({});
  const set = (key: keyof FormValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const form = { values, errors, set };

  const lookup = useMutation({
    mutationFn: findUsersByEmail,
    onSuccess: (users) => {
      const found: AdminUser | undefined = users[0];
      if (!found) return;
      setValues((v) => ({
        ...v,
        userId: found.id,
        stripeCustomerId: found.customerId ?? v.stripeCustomerId,
        subscriptionId: found.subscriptionId ?? v.subscriptionId,
      }));
    },
    onError: (error) => toastFailure(TOASTS.updateFailed, error, 'Lookup failed'),
  });

  const update = useMutation({
    mutationFn: updateUserSubscription,
    onSuccess: (reply) => {
      // The lookup line must not keep showing the plan and credits the update just replaced.
      if (lookup.variables && lookup.data?.some((u) => u.id === reply.user.id))
        lookup.mutate(lookup.variables);
      toast({
        title: TOASTS.subscriptionUpdated,
        description: ADMIN.update.result(
          reply.user.name,
          reply.previousCredits,
          reply.user.credits,
          reply.user.subscriptionTier,
        ),
        variant: 'success',
      });
    },
    onError: (error) => toastFailure(TOASTS.updateFailed, error, TOASTS.genericFailed.description),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { errors: next, request } = checkUpdateForm(values);
    setErrors(next);
    if (request && !update.isPending) update.mutate(request);
  };

  const found = lookup.data?.[0];
  return (
    <div css={{ display: 'grid', gap: 16 }}>
      <Card>
        <form
          aria-label={ADMIN.update.lookupForm}
          onSubmit={(event) => {
            event.preventDefault();
            if (email.trim()) lookup.mutate(email);
          }}
          css={{ display: 'grid', gap: 8 }}
        >
          <div css={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}>
            <div css={{ flex: '1 1 240px', minWidth: 0 }}>
              <Field label={ADMIN.update.lookupLabel}>
                <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
              </Field>
            </div>
            <Button type="submit" variant="outline" disabled={lookup.isPending}>
              {ADMIN.update.lookup}
            </Button>
          </div>
          {lookup.isSuccess && (
            <p role="status" css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>
              {found
                ? ADMIN.update.found(found.name, found.email, found.tier, found.credits)
                : ADMIN.update.lookupNone}
            </p>
          )}
        </form>
      </Card>
      <Card>
        <form
          aria-label={ADMIN.tabs.update}
          noValidate
          onSubmit={submit}
          css={{
            display: 'grid',
            gap: 14,
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(240px, 100%), 1fr))',
          }}
        >
          <TextField form={form} name="userId" label={ADMIN.update.userId} />
          <TextField form={form} name="stripeCustomerId" label={ADMIN.update.customerId} />
          {/* Optional: a message shows only for an id the route refuses (too long, control characters). */}
          <TextField form={form} name="subscriptionId" label={ADMIN.update.subscriptionId} />
          <Field label={ADMIN.update.tier}>
            <Select
              options={TIER_OPTIONS}
              value={values.tier}
              onValueChange={(tier) =>
                setValues((v) => ({ ...v, tier, credits: String(creditsOfTier(tier)) }))
              }
            />
          </Field>
          <TextField
            form={form}
            name="credits"
            label={ADMIN.update.credits}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
          />
          <div css={{ gridColumn: '1 / -1' }}>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? ADMIN.update.updating : ADMIN.update.submit}
            </Button>
          </div>
        </form>
      </Card>
      {update.isSuccess && (
        <Alert tone="success" title={TOASTS.subscriptionUpdated}>
          {ADMIN.update.result(
            update.data.user.name,
            update.data.previousCredits,
            update.data.user.credits,
            update.data.user.subscriptionTier,
          )}
        </Alert>
      )}
    </div>
  );
}
