// The action of one plan card: the current plan says so; a lower plan than the current one asks
// before leading to payment (buying it replaces the higher plan); any other plan leads straight on.
import { Button, type Plan, useAuth } from '@studio/kit';
import { useState } from 'react';
import { LinkButton } from '../common/LinkButton';
import { PRICING } from '../texts';
import { DowngradeConfirm } from './DowngradeConfirm';
import { currentPaidPlan, isDowngrade } from './plan-rank';

export function PlanChoice({ plan }: { plan: Plan }) {
  const { user } = useAuth();
  const [confirming, setConfirming] = useState(false);
  const variant = plan.popular ? 'primary' : 'outline';
  if (!user) {
    return (
      <LinkButton to="/auth" variant={variant} size="lg">
        {PRICING.choose(plan.name)}
      </LinkButton>
    );
  }
  if (plan.name === user.subscriptionTier) {
    return (
      <Button size="lg" variant="outline" disabled>
        {PRICING.currentPlan}
      </Button>
    );
  }
  const to = `/payment?plan=${plan.id}`;
  const current = currentPaidPlan(user.subscriptionTier);
  if (!current || !isDowngrade(plan, user.subscriptionTier)) {
    return (
      <LinkButton to={to} variant={variant} size="lg">
        {PRICING.choose(plan.name)}
      </LinkButton>
    );
  }
  if (!confirming) {
    return (
      <Button size="lg" variant="outline" onClick={() => setConfirming(true)}>
        {PRICING.downgrade(plan.name)}
      </Button>
    );
  }
  return (
    <DowngradeConfirm
      plan={plan}
      current={current}
      confirm={(label) => (
        <LinkButton to={to} variant="destructive">
          {label}
        </LinkButton>
      )}
      onKeep={() => setConfirming(false)}
    />
  );
}
