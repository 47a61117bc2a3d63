// The register form's card part: Stripe Elements when the gateway is 'stripe' with a publishable key,
// otherwise a clear note that test mode needs no card.
import { Alert, Spinner, theme } from '@studio/kit';
import { lazy, type RefObject, Suspense, useEffect } from 'react';
import type { PaymentsConfig } from '../api/types';
import { AUTH, VALIDATION } from '../texts';
import { type CardCollector, noCardNeeded } from './card-collector';

const StripeCardField = lazy(() => import('./StripeCardField'));

export interface CardSectionProps {
  config: PaymentsConfig | undefined;
  configError: boolean;
  collector: RefObject<CardCollector | null>;
  onReadyChange: (ready: boolean) => void;
  error?: string;
}

export function CardSection({ config, configError, collector, onReadyChange, error }: CardSectionProps) {
  const stripeKey = config?.gateway === 'stripe' ? config.publishableKey : undefined;
  const simulated = Boolean(config) && !stripeKey;

  useEffect(() => {
    if (!simulated) return;
    collector.current = noCardNeeded;
    onReadyChange(true);
  }, [simulated, collector, onReadyChange]);

  if (configError) {
    return (
      <Alert tone="danger" title={AUTH.card}>
        {VALIDATION.cardMissing}
      </Alert>
    );
  }
  if (!config) {
    return (
      <div css={{ display: 'flex', alignItems: 'center', gap: 8, fontSize: theme.fontSizes.sm }}>
        <Spinner size={16} label={null} />
        {AUTH.paymentConfigLoading}
      </div>
    );
  }
  if (stripeKey) {
    return (
      <Suspense fallback={<Spinner size={20} label={AUTH.paymentConfigLoading} />}>
        <StripeCardField
          publishableKey={stripeKey}
          collector={collector}
          onReadyChange={onReadyChange}
          error={error}
        />
      </Suspense>
    );
  }
  return (
    <Alert tone="info" title={AUTH.card}>
      {AUTH.simulatedCardNote}
    </Alert>
  );
}
