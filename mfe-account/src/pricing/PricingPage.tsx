// /pricing (docs/product/accounts-billing-admin.md (Screens and routes: Pricing)): Early Access notice, three plan cards with their payment links,
// the after-paying instruction, crossed-out regular prices.
import {
  Alert,
  EARLY_ACCESS_SAVING,
  isTopTier,
  PLANS,
  planOfTier,
  renewalDate,
  theme,
  useAuth,
} from '@studio/kit';
import { Page } from '../common/Page';
import { PublicPage } from '../common/PublicPage';
import { PRICING } from '../texts';
import { PlanCard } from './PlanCard';
import { PlanChoice, planNote } from './PlanChoice';
import { PlanGrid } from './PlanGrid';
import { higherPlans } from './plan-rank';
import { upcomingPriceDoubling } from './price-doubling';

export default function PricingPage() {
  const { user } = useAuth();
  // Decided in the browser at each visit (the prerendered page is only a first paint).
  const doublingDate = upcomingPriceDoubling(new Date());
  const current = planOfTier(user?.subscriptionTier);
  return (
    <PublicPage>
      <Page title={PRICING.pageTitle} intro={PRICING.intro}>
        {doublingDate && (
          <Alert tone="info" title={PRICING.earlyAccessTitle}>
            {PRICING.earlyAccess(doublingDate, EARLY_ACCESS_SAVING)}
          </Alert>
        )}
        {/* "Get more credits" leads here: say where more credits come from, or when they come back. */}
        {current && isTopTier(current.name) && (
          <Alert tone="info" title={PRICING.topPlanTitle}>
            {PRICING.topPlan(current.credits, user?.renewsAt ? renewalDate(user.renewsAt) : undefined)}
          </Alert>
        )}
        {current && higherPlans(current.name).length > 0 && (
          <Alert tone="info" title={PRICING.moreCreditsTitle}>
            {PRICING.moreCredits(current.name)}
          </Alert>
        )}
        <PlanGrid>
          {PLANS.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              headingLevel={2}
              // The crossed-out regular price belongs to the promotion: gone once its date has passed.
              showRegularPrice={doublingDate !== null}
              // The plan's payment link (current plan marked, a downgrade confirmed first).
              action={<PlanChoice plan={plan} />}
              note={planNote(plan, user)}
            />
          ))}
        </PlanGrid>
        <section
          aria-labelledby="after-paying"
          css={{
            padding: 20,
            borderRadius: theme.radii.lg,
            background: theme.colors.surface,
            border: `1px solid ${theme.colors.border}`,
            display: 'grid',
            gap: 6,
          }}
        >
          <h2 id="after-paying" css={{ fontSize: theme.fontSizes.lg, fontWeight: 700 }}>
            {PRICING.afterPayingTitle}
          </h2>
          <p css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>{PRICING.afterPaying}</p>
        </section>
      </Page>
    </PublicPage>
  );
}
