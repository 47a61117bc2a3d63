// The sidebar's credits card: bar and message of docs/product/accounts-billing-admin.md (Screens and routes: Layout), the whole card links to /pricing.
// Its name is what it shows (no aria-label that says something else: WCAG 2.5.3, Label in Name).
import { Badge, CreditSummary, moreCreditsLabel, theme, type User } from '@studio/kit';
import { Link } from 'react-router-dom';

export function CreditsCard({ user }: { user: User }) {
  return (
    <Link
      to="/pricing"
      css={{
        display: 'grid',
        gap: 10,
        padding: 14,
        borderRadius: theme.radii.lg,
        border: `1px solid ${theme.colors.border}`,
        background: theme.colors.surfaceMuted,
        color: theme.colors.text,
        textDecoration: 'none',
        '&:hover': { borderColor: theme.colors.primary },
        '&:focus-visible': theme.focusRing,
      }}
    >
      <CreditSummary credits={user.credits} tier={user.subscriptionTier} />
      <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <Badge tone="primary">{user.subscriptionTier} plan</Badge>
        <span
          css={{
            fontSize: theme.fontSizes.xs,
            fontWeight: 600,
            color: theme.colors.primary,
            whiteSpace: 'nowrap',
          }}
        >
          {moreCreditsLabel(user.subscriptionTier, user.renewsAt)}
        </span>
      </div>
    </Link>
  );
}
