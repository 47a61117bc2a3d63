// Simulated gateway: no card, no charge. The form says so plainly and completes the subscription.
import { Alert, Button, type PlanId, theme } from '@studio/kit';
import { Field, Input } from '@studio/kit/widgets';
import type { FormEvent } from 'react';
import type { CompleteReply } from '../api/types';
import { CHECKOUT } from '../texts';
import { wrappingButton } from './pay-button';
import { useCompleteSubscription } from './use-complete-subscription';

export interface SimulatedPaymentFormProps {
  planId: PlanId;
  submitLabel: string;
  onPaid: (reply: CompleteReply) => void;
}

export function SimulatedPaymentForm({ planId, submitLabel, onPaid }: SimulatedPaymentFormProps) {
  const complete = useCompleteSubscription(planId, onPaid);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete.isPending) complete.mutate();
  };
  return (
    <form onSubmit={submit} aria-label="Payment" css={{ display: 'grid', gap: 16 }}>
      <Alert tone="warning" title={CHECKOUT.testModeTitle}>
        {CHECKOUT.testModeText}
      </Alert>
      <Field label={CHECKOUT.testCard}>
        <Input value={CHECKOUT.testCardValue} readOnly css={{ color: theme.colors.textMuted }} />
      </Field>
      <Button type="submit" size="lg" css={wrappingButton} disabled={complete.isPending}>
        {complete.isPending ? CHECKOUT.processing : submitLabel}
      </Button>
    </form>
  );
}
