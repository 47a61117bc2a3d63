// "Buying a lower plan silently replaces a higher one". Every page that leads to a payment
// (payment, checkout, subscribe) names the user's current plan, and a lower plan asks first.
import { Button, type Plan, theme, useAuth } from '@studio/kit';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PRICING } from '../texts';
import { DowngradeConfirm } from './DowngradeConfirm';
import { currentPaidPlan, isDowngrade } from './plan-rank';

/** "Current plan: X" for a signed-in user (nothing for a visitor). */
export function CurrentPlanNote() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <p data-testid="current-plan" css={{ color: theme.colors.textMuted }}>
      {PRICING.currentPlanLabel}: <strong css={{ color: theme.colors.text }}>{user.subscriptionTier}</strong>
    </p>
  );
}

/** The plan the user would leave by buying `plan`, when that is a downgrade. */
export function useDowngradeFrom(plan: Plan | undefined): Plan | undefined {
  const { user } = useAuth();
  const current = currentPaidPlan(user?.subscriptionTier);
  return plan && current && isDowngrade(plan, user?.subscriptionTier) ? current : undefined;
}

/**
 * Shows a page's payment form (`children`) only once a downgrade is confirmed; "Keep" goes back to
 * the plans. Anything other than a downgrade shows the form at once.
 */
export function DowngradeGate({ plan, children }: { plan: Plan; children: ReactNode }) {
  const from = useDowngradeFrom(plan);
  const navigate = useNavigate();
  const [confirmed, setConfirmed] = useState(false);
  if (!from || confirmed) return children;
  return (
    <DowngradeConfirm
      plan={plan}
      current={from}
      confirm={(label) => (
        <Button variant="destructive" onClick={() => setConfirmed(true)}>
          {label}
        </Button>
      )}
      onKeep={() => navigate('/pricing')}
    />
  );
}
