// The embedded payment form of checkout and subscription setup: Stripe Elements when the server's
// gateway is 'stripe', otherwise the clearly labelled simulated form.
import { type PlanId, Spinner } from '@studio/kit';
import { lazy, Suspense } from 'react';
import type { CompleteReply, PaymentsConfig } from '../api/types';
import { CHECKOUT } from '../texts';
import { SimulatedPaymentForm } from './SimulatedPaymentForm';

const StripePaymentForm = lazy(() => import('./StripePaymentForm'));

export interface PaymentFormProps {
  config: PaymentsConfig;
  clientSecret: string;
  planId: PlanId;
  submitLabel: string;
  failureTitle: string;
  onPaid: (reply: CompleteReply) => void;
}

export function PaymentForm({ config, clientSecret, ...props }: PaymentFormProps) {
  if (config.gateway === 'stripe' && config.publishableKey) {
    return (
      <Suspense fallback={<Spinner size={24} label={CHECKOUT.preparing} />}>
        <StripePaymentForm publishableKey={config.publishableKey} clientSecret={clientSecret} {...props} />
      </Suspense>
    );
  }
  return <SimulatedPaymentForm planId={props.planId} submitLabel={props.submitLabel} onPaid={props.onPaid} />;
}
