// Stripe Elements card field for registration; lazily loaded, only when the gateway is 'stripe'.
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { Alert, theme } from '@studio/kit';
import { type RefObject, useEffect, useMemo, useState } from 'react';
import { AUTH, VALIDATION } from '../texts';
import type { CardCollector } from './card-collector';
import { loadStripeFor, useStripeLoadFailed } from './stripe-loader';

export interface StripeCardFieldProps {
  publishableKey: string;
  collector: RefObject<CardCollector | null>;
  onReadyChange: (ready: boolean) => void;
  error?: string;
}

export default function StripeCardField({ publishableKey, ...props }: StripeCardFieldProps) {
  const stripe = useMemo(() => loadStripeFor(publishableKey), [publishableKey]);
  if (useStripeLoadFailed(stripe)) {
    return (
      <Alert tone="danger" title={AUTH.card}>
        {VALIDATION.cardMissing}
      </Alert>
    );
  }
  return (
    <Elements stripe={stripe}>
      <CardField {...props} />
    </Elements>
  );
}

function CardField({ collector, onReadyChange, error }: Omit<StripeCardFieldProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [elementReady, setElementReady] = useState(false);
  const [providerError, setProviderError] = useState<string>();

  useEffect(() => {
    onReadyChange(Boolean(stripe && elements && elementReady));
  }, [stripe, elements, elementReady, onReadyChange]);

  useEffect(() => {
    collector.current = async () => {
      if (!stripe || !elements || !elementReady) return { error: VALIDATION.cardNotReady };
      const card = elements.getElement(CardElement);
      if (!card) return { error: VALIDATION.cardMissing };
      try {
        const result = await stripe.createPaymentMethod({ type: 'card', card });
        if (result.error) return { error: result.error.message || VALIDATION.cardFailed };
        if (!result.paymentMethod) return { error: VALIDATION.cardFailed };
        return { paymentMethodId: result.paymentMethod.id };
      } catch {
        return { error: VALIDATION.cardUnable };
      }
    };
    return () => {
      collector.current = null;
    };
  }, [collector, stripe, elements, elementReady]);

  const message = providerError ?? error;
  return (
    <div css={{ display: 'grid', gap: 6 }}>
      <span id="card-label" css={{ fontSize: theme.fontSizes.sm, fontWeight: 600 }}>
        {AUTH.card}
      </span>
      <fieldset
        aria-labelledby="card-label"
        css={{
          padding: '11px 12px',
          border: `1px solid ${message ? theme.colors.danger : theme.colors.border}`,
          borderRadius: theme.radii.md,
          background: theme.colors.surface,
          margin: 0,
          minWidth: 0,
        }}
      >
        <CardElement
          onReady={() => setElementReady(true)}
          onChange={(event) => setProviderError(event.error?.message)}
          options={{ hidePostalCode: true, style: { base: { fontSize: '15px' } } }}
        />
      </fieldset>
      {message && (
        <p role="alert" css={{ fontSize: theme.fontSizes.xs, color: theme.colors.danger, fontWeight: 500 }}>
          {message}
        </p>
      )}
      <p css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }}>{AUTH.cardNote}</p>
    </div>
  );
}
