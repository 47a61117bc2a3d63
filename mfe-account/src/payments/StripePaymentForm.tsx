// Stripe Elements payment form for a subscription's client secret; lazily loaded, stripe mode only.
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { subscriptionReturnPath } from '@studio/events/plans';
import { Alert, Button, type PlanId, toast } from '@studio/kit';
import { type FormEvent, useMemo, useState } from 'react';
import type { CompleteReply } from '../api/types';
import { CHECKOUT, VALIDATION } from '../texts';
import { wrappingButton } from './pay-button';
import { loadStripeFor, useStripeLoadFailed } from './stripe-loader';
import { useCompleteSubscription } from './use-complete-subscription';

export interface StripePaymentFormProps {
  publishableKey: string;
  clientSecret: string;
  planId: PlanId;
  submitLabel: string;
  /** 'Payment Failed' on checkout, 'Payment Setup Failed' on the subscription setup page. */
  failureTitle: string;
  onPaid: (reply: CompleteReply) => void;
}

export default function StripePaymentForm({
  publishableKey,
  clientSecret,
  ...props
}: StripePaymentFormProps) {
  const stripe = useMemo(() => loadStripeFor(publishableKey), [publishableKey]);
  if (useStripeLoadFailed(stripe)) return <Alert tone="danger">{VALIDATION.cardMissing}</Alert>;
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      <PaymentForm {...props} />
    </Elements>
  );
}

function PaymentForm({
  planId,
  submitLabel,
  failureTitle,
  onPaid,
}: Omit<StripePaymentFormProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const complete = useCompleteSubscription(planId, onPaid);
  const processing = confirming || complete.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    if (!stripe || !elements || !ready) {
      toast({ title: failureTitle, description: VALIDATION.cardNotReady, variant: 'destructive' });
      return;
    }
    setConfirming(true);
    try {
      const { error } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}${subscriptionReturnPath(planId)}` },
      });
      if (error) {
        toast({
          title: failureTitle,
          description: error.message || VALIDATION.cardFailed,
          variant: 'destructive',
        });
        return;
      }
    } catch {
      toast({ title: failureTitle, description: VALIDATION.cardUnable, variant: 'destructive' });
      return;
    } finally {
      setConfirming(false);
    }
    complete.mutate();
  };

  return (
    <form onSubmit={submit} aria-label="Payment" css={{ display: 'grid', gap: 16 }}>
      <PaymentElement onReady={() => setReady(true)} />
      {/* Disabled until the provider's elements are ready and while processing (docs/product/accounts-billing-admin.md (Validation)). */}
      <Button type="submit" size="lg" css={wrappingButton} disabled={!ready || processing}>
        {processing ? CHECKOUT.processing : submitLabel}
      </Button>
    </form>
  );
}
