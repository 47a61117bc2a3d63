// The credit bar and message of docs/product/accounts-billing-admin.md (Screens and routes: Layout), used by the sidebar's credits card and elsewhere.

import { ProgressBar } from '../components/ProgressBar';
import { tierAllowance } from '../plans/plans';
import { theme } from '../theme/theme';
import { creditMessage, creditPercent } from './credit-display';

export interface CreditSummaryProps {
  credits: number;
  tier: string;
}

export function CreditSummary({ credits, tier }: CreditSummaryProps) {
  const allowance = tierAllowance(tier);
  return (
    <div css={{ display: 'grid', gap: 8 }}>
      <div css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 8 }}>
        <span css={{ fontSize: theme.fontSizes.sm, fontWeight: 700 }}>Credits</span>
        <span css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>
          {credits}
          {/* "670 / 60" reads as an error: above the monthly allowance (top-ups, admin grants) show the count alone. */}
          {allowance > 0 && credits <= allowance ? ` / ${allowance}` : ''}
        </span>
      </div>
      <ProgressBar value={creditPercent(credits, tier)} label="Credits remaining" />
      <p css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }}>{creditMessage(credits)}</p>
    </div>
  );
}
