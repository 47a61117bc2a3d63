// The action of one plan card: the current plan says so; a lower plan than the current one asks
// before leading to payment (buying it replaces the higher plan); any other plan leads straight on.
import { Button, PLANS, type Plan, useAuth } from '@studio/kit';
import { useState } from 'react';
import { LinkButton } from '../common/LinkButton';
import { PRICING } from '../texts';

// A plan's name is its tier's name (events/src/plans.ts).
const rank = (tier: string | undefined) => PLANS.findIndex((p) => p.name === tier);

export function PlanChoice({ plan }: { plan: Plan }) {
  const { user } = useAuth();
  const [confirming, setConfirming] = useState(false);
  const current = rank(user?.subscriptionTier);
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
  if (current < 0 || rank(plan.name) > current) {
    return (
      <LinkButton to={to} variant={variant} size="lg">
        {PRICING.choose(plan.name)}
      </LinkButton>
    );
  }
  const currentName = PLANS[current]!.name;
  if (!confirming) {
    return (
      <Button size="lg" variant="outline" onClick={() => setConfirming(true)}>
        {PRICING.downgrade(plan.name)}
      </Button>
    );
  }
  return (
    <fieldset
      aria-label={PRICING.downgrade(plan.name)}
      css={{ display: 'grid', gap: 8, border: 0, padding: 0, margin: 0, minWidth: 0 }}
    >
      <p css={{ fontSize: 14 }}>{PRICING.downgradeWarning(plan.name, currentName)}</p>
      <div css={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <LinkButton to={to} variant="destructive">
          {PRICING.confirmDowngrade(plan.name)}
        </LinkButton>
        <Button variant="ghost" onClick={() => setConfirming(false)}>
          {PRICING.keepPlan(currentName)}
        </Button>
      </div>
    </fieldset>
  );
}
