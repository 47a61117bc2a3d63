// Every page that leads to a payment (payment, checkout, subscribe) names the user's current plan.
import { theme, useAuth } from '@studio/kit';
import { PRICING } from '../texts';

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
