import { booksForCredits, Card, formatPrice, type Plan, theme } from '@studio/kit';
import { Check } from 'lucide-react';
import { CHECKOUT, PAYMENT } from '../texts';

export function PlanSummary({ plan }: { plan: Plan }) {
  return (
    <Card title={CHECKOUT.summaryTitle} headingLevel={2}>
      <div
        css={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'baseline',
          gap: 8,
          flexWrap: 'wrap',
        }}
      >
        <strong css={{ fontSize: theme.fontSizes.xl }}>{plan.name}</strong>
        <span>
          <strong css={{ fontSize: theme.fontSizes.xl }}>{formatPrice(plan.price)}</strong>
          <span css={{ color: theme.colors.textMuted }}>/month</span>
        </span>
      </div>
      <p css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>
        {plan.credits} credits per month · {PAYMENT.booksValue(booksForCredits(plan.credits))}
      </p>
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}>
        {plan.features.map((feature) => (
          <li key={feature} css={{ display: 'flex', gap: 8, fontSize: theme.fontSizes.sm }}>
            <Check size={16} color={theme.colors.success} aria-hidden css={{ flexShrink: 0, marginTop: 2 }} />
            {feature}
          </li>
        ))}
      </ul>
    </Card>
  );
}
