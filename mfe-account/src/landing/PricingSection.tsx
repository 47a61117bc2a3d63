import { PLANS, useAuth } from '@studio/kit';
import { LinkButton } from '../common/LinkButton';
import { PlanCard } from '../pricing/PlanCard';
import { PlanGrid } from '../pricing/PlanGrid';
import { LANDING, PRICING } from '../texts';
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
                to={user ? `/payment?plan=${plan.id}` : '/auth'}
                variant={plan.popular ? 'primary' : 'outline'}
                aria-label={PRICING.choose(plan.name)}
              >
                {LANDING.getStarted}
              </LinkButton>
            }
          />
        ))}
      </PlanGrid>
    </Section>
  );
}
