import { PLANS, signInPath, useAuth, visuallyHidden } from '@studio/kit';
import { LinkButton } from '../common/LinkButton';
import { PlanCard } from '../pricing/PlanCard';
import { PlanGrid } from '../pricing/PlanGrid';
import { LANDING } from '../texts';

import { Section } from './Section';

export function PricingSection() {
  const { user } = useAuth();
  return (
    <Section id="pricing" title={LANDING.pricing.title} intro={LANDING.pricing.intro}>
      <PlanGrid>
        {PLANS.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            action={
              <LinkButton
                to={user ? `/payment?plan=${plan.id}` : signInPath(`/payment?plan=${plan.id}`, 'register')}
                variant={plan.popular ? 'primary' : 'outline'}
              >
                {LANDING.getStarted}
                {/* The plan in the name too, after the words shown (WCAG 2.5.3, Label in Name). */}
                <span css={visuallyHidden}> {LANDING.withPlan(plan.name)}</span>
              </LinkButton>
            }
          />
        ))}
      </PlanGrid>
    </Section>
  );
}
