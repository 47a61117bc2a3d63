// /subscription-success?plan=&credits=&total= (docs/product/accounts-billing-admin.md (Screens and routes: Subscription success)): redirects to /dashboard after 5 s.
import { Card, findPlan, isPlanId, planOfTier, SUCCESS_PAGE_REDIRECT_MS, theme } from '@studio/kit';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LinkButton } from '../common/LinkButton';
import { PublicPage } from '../common/PublicPage';
import { SUCCESS } from '../texts';

export default function SubscriptionSuccessPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(Math.round(SUCCESS_PAGE_REDIRECT_MS / 1000));

  useEffect(() => {
    const redirect = setTimeout(() => navigate('/dashboard'), SUCCESS_PAGE_REDIRECT_MS);
    const tick = setInterval(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1000);
    return () => {
      clearTimeout(redirect);
      clearInterval(tick);
    };
  }, [navigate]);

  const rows: [string, string][] = [
    [SUCCESS.plan, planName(search.get('plan'))],
    [SUCCESS.creditsAdded, search.get('credits') || '0'],
    [SUCCESS.total, search.get('total') || '0'],
  ];

  return (
    <PublicPage>
      <div css={{ maxWidth: 520, margin: '0 auto', padding: 'clamp(16px, 5vw, 48px)' }}>
        <Card>
          <div css={{ display: 'grid', justifyItems: 'center', gap: 12, textAlign: 'center' }}>
            <CheckCircle2 size={48} color={theme.colors.success} aria-hidden />
            <h1 css={{ fontSize: theme.fontSizes.xxl, fontWeight: 800 }}>{SUCCESS.title}</h1>
          </div>
          <dl css={{ display: 'grid', gap: 8, margin: 0 }}>
            {rows.map(([label, value]) => (
              <div key={label} css={{ display: 'flex', justifyContent: 'space-between', gap: 12 }}>
                <dt css={{ color: theme.colors.textMuted }}>{label}</dt>
                <dd css={{ margin: 0, fontWeight: 700 }}>{value}</dd>
              </div>
            ))}
          </dl>
          <div css={{ display: 'flex', gap: 10, flexWrap: 'wrap', justifyContent: 'center' }}>
            <LinkButton to="/dashboard">{SUCCESS.goToDashboard}</LinkButton>
            <LinkButton to="/non-fiction-book" variant="outline">
              {SUCCESS.createFirstBook}
            </LinkButton>
          </div>
          <p
            role="status"
            css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted, textAlign: 'center' }}
          >
            {SUCCESS.redirecting(secondsLeft)}
          </p>
        </Card>
      </div>
    </PublicPage>
  );
}

/** The plan as every other screen names it ("Standard"), whether the link carries its id or its name. */
function planName(param: string | null): string {
  if (!param) return '—';
  const lower = param.toLowerCase();
  if (isPlanId(lower)) return findPlan(lower).name;
  return planOfTier(param)?.name ?? param;
}
