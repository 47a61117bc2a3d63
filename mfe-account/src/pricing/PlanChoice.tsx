// The action of one plan card. A visitor signs up and comes back to the plan chosen; a subscriber
// sees the plan they have (with when its credits renew, or the downgrade already chosen), and any
// other plan leads to the page that says what changing to it does before anything is charged.
import { Button, findPlan, isPlanId, type Plan, renewalDate, signInPath, useAuth } from '@studio/kit';
import { LinkButton } from '../common/LinkButton';
import { PRICING } from '../texts';
import { changeOf } from './plan-rank';

export function PlanChoice({ plan }: { plan: Plan }) {
  const { user } = useAuth();
  const variant = plan.popular ? 'primary' : 'outline';
  const to = `/payment?plan=${plan.id}`;
  if (!user) {
    return (
      <LinkButton to={signInPath(to, 'register')} variant={variant} size="lg">
        {PRICING.choose(plan.name)}
      </LinkButton>
    );
  }
  const change = changeOf(plan, user.subscriptionTier);
  if (change === 'same') {
    const next = user.nextPlanId && isPlanId(user.nextPlanId) ? findPlan(user.nextPlanId) : undefined;
    // Chosen to end at the renewal: the way back is to keep it.
    if (next) {
      return (
        <LinkButton to={to} variant="outline" size="lg">
          {PRICING.keepPlan(plan.name)}
        </LinkButton>
      );
    }
    return (
      <Button size="lg" variant="outline" disabled>
        {PRICING.currentPlan}
      </Button>
    );
  }
  return (
    <LinkButton
      to={to}
      variant={change === 'none' ? variant : change === 'upgrade' ? 'primary' : 'outline'}
      size="lg"
    >
      {change === 'upgrade'
        ? PRICING.upgrade(plan.name)
        : change === 'downgrade'
          ? PRICING.downgrade(plan.name)
          : PRICING.choose(plan.name)}
    </LinkButton>
  );
}

/** The line under a card: how to buy it, what changing to it means, or when the current plan renews. */
export function planNote(plan: Plan, user: ReturnType<typeof useAuth>['user']): string {
  if (!user) return PRICING.cardNote;
  const change = changeOf(plan, user.subscriptionTier);
  if (change === 'none') return PRICING.cardNote;
  if (change !== 'same') return PRICING.changeNote;
  const next = user.nextPlanId && isPlanId(user.nextPlanId) ? findPlan(user.nextPlanId) : undefined;
  if (!user.renewsAt) return PRICING.changeNote;
  const date = renewalDate(user.renewsAt);
  return next ? PRICING.changesNote(next.name, date) : PRICING.renewsNote(plan.credits, date);
}
