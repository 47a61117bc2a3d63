// The signed-in user's credit ledger (GET /api/credits/history), newest first.
import { Alert, Badge, type BadgeTone, Card, theme } from '@studio/kit';
import { Skeleton } from '@studio/kit/widgets';
import { useCreditHistory } from '../api/queries';
import type { CreditKind } from '../api/types';
import { dateTime, signedAmount } from '../common/format';
import { PROFILE } from '../texts';
import { creditReasonText } from './credit-reason';

const TONES: Record<CreditKind, BadgeTone> = {
  granted: 'success',
  debited: 'neutral',
  refunded: 'info',
  adjusted: 'warning',
  withdrawn: 'danger',
};

export function CreditHistoryCard() {
  const history = useCreditHistory();
  return (
    <Card title={PROFILE.historyTitle} description={PROFILE.historyDescription} headingLevel={2}>
      {history.isPending ? (
        <div css={{ display: 'grid', gap: 8 }} aria-busy="true">
          <Skeleton height={40} />
          <Skeleton height={40} />
        </div>
      ) : history.isError ? (
        <Alert tone="danger">{PROFILE.historyError}</Alert>
      ) : history.data.length === 0 ? (
        <p css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>{PROFILE.historyEmpty}</p>
      ) : (
        <ul
          aria-label={PROFILE.historyTitle}
          css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid' }}
        >
          {history.data.map((entry) => (
            <li
              key={entry.id}
              css={{
                display: 'flex',
                alignItems: 'center',
                gap: 12,
                padding: '10px 0',
                borderTop: `1px solid ${theme.colors.border}`,
                '&:first-of-type': { borderTop: 0 },
              }}
            >
              <div css={{ display: 'grid', gap: 2, flex: 1, minWidth: 0 }}>
                <span css={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Badge tone={TONES[entry.kind] ?? 'neutral'}>
                    {PROFILE.kinds[entry.kind] ?? entry.kind}
                  </Badge>
                  <span css={{ fontSize: theme.fontSizes.sm, overflowWrap: 'anywhere' }}>
                    {creditReasonText(entry)}
                  </span>
                </span>
                <time
                  dateTime={entry.at}
                  css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }}
                >
                  {dateTime(entry.at)}
                </time>
              </div>
              <div css={{ display: 'grid', justifyItems: 'end', gap: 2, fontVariantNumeric: 'tabular-nums' }}>
                <strong css={{ color: entry.amount < 0 ? theme.colors.danger : theme.colors.success }}>
                  {signedAmount(entry.amount)}
                </strong>
                <span
                  data-testid="balance-after"
                  css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted, whiteSpace: 'nowrap' }}
                >
                  {PROFILE.balanceAfter(entry.balanceAfter)}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
