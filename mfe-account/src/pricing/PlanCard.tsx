// One plan (docs/product/accounts-billing-admin.md (Limits and costs)) as a card: name, price, credits, books, features; the action is the caller's.
import { Badge, formatPrice, type Plan, REGULAR_PRICES, theme, visuallyHidden } from '@studio/kit';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { PRICING } from '../texts';

export interface PlanCardProps {
  plan: Plan;
  action: ReactNode;
  /** The early-access regular price, crossed out (docs/product/accounts-billing-admin.md (Screens and routes: Pricing)). */
  showRegularPrice?: boolean;
  note?: ReactNode;
  headingLevel?: 2 | 3;
}

export function PlanCard({ plan, action, showRegularPrice = false, note, headingLevel = 3 }: PlanCardProps) {
  const Heading = `h${headingLevel}` as const;
  const headingId = `plan-${plan.id}-title`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid={`plan-${plan.id}`}
      css={{
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        gap: 16,
        padding: 24,
        minWidth: 0,
        borderRadius: theme.radii.lg,
        background: theme.colors.surface,
        border: `${plan.popular ? 2 : 1}px solid ${plan.popular ? theme.colors.primary : theme.colors.border}`,
        boxShadow: plan.popular ? theme.shadows.md : theme.shadows.sm,
      }}
    >
      <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <Heading id={headingId} css={{ fontSize: theme.fontSizes.xl, fontWeight: 800 }}>
          {plan.name}
        </Heading>
        {plan.popular && <Badge tone="primary">{PRICING.mostPopular}</Badge>}
      </div>
      {/* Two lines reserved, so the price rows of neighbouring cards line up whatever the description. */}
      <p
        css={{
          color: theme.colors.textMuted,
          fontSize: theme.fontSizes.sm,
          lineHeight: 1.5,
          minHeight: '3em',
        }}
      >
        {plan.description}
      </p>
      <div css={{ display: 'flex', alignItems: 'baseline', gap: 8, flexWrap: 'wrap' }}>
        {showRegularPrice && (
          <span css={{ color: theme.colors.textMuted }}>
            <span css={visuallyHidden}>{PRICING.regularPrice} </span>
            <s>{REGULAR_PRICES[plan.id]}</s>
          </span>
        )}
        <span css={{ fontSize: 32, fontWeight: 800 }}>{formatPrice(plan.price)}</span>
        <span css={{ color: theme.colors.textMuted }}>{PRICING.perMonth}</span>
      </div>
      <ul
        css={{
          listStyle: 'none',
          padding: 0,
          margin: 0,
          display: 'grid',
          gap: 8,
          flex: 1,
          alignContent: 'start',
        }}
      >
        {plan.features.map((feature) => (
          <li key={feature} css={{ display: 'flex', gap: 8, fontSize: theme.fontSizes.sm }}>
            <Check size={18} color={theme.colors.success} aria-hidden css={{ flexShrink: 0 }} />
            {feature}
          </li>
        ))}
      </ul>
      {action}
      {note && <p css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }}>{note}</p>}
    </article>
  );
}
