// /payment?plan= (docs/product/accounts-billing-admin.md (Screens and routes: Plan payment page)): the plan, its price, credits and books, three notes, and
// 'Proceed to Checkout' to the payment provider's hosted page (our test page in simulated mode).
// It also names the user's current plan; a subscriber reads what changing to this plan does (and
// is never sold the plan they have) instead of a checkout.
import {
  Button,
  booksForCredits,
  Card,
  DEFAULT_PLAN_ID,
  findPlan,
  formatPrice,
  isPlanId,
  theme,
  toast,
  useAuth,
} from '@studio/kit';
import { useMutation } from '@tanstack/react-query';
import { CreditCard, Lock, UserCheck, XCircle } from 'lucide-react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { createCheckoutSession } from '../api/billing';
import { DeadEndPage } from '../common/DeadEndPage';
import { LinkButton } from '../common/LinkButton';
import { Page } from '../common/Page';
import { CurrentPlanNote } from '../pricing/CurrentPlan';
import { SubscriberGate } from '../pricing/PlanChange';
import { PAYMENT, TOASTS } from '../texts';

const NOTE_ICONS = [Lock, UserCheck, XCircle];

export default function PaymentPage() {
  const { user } = useAuth();
  const [search] = useSearchParams();
  const planParam = search.get('plan') ?? DEFAULT_PLAN_ID;
  const checkout = useMutation({
    mutationFn: createCheckoutSession,
    onSuccess: ({ url }) => {
      if (!url) {
        toast({ ...TOASTS.checkoutError, variant: 'destructive' });
        return;
      }
      window.location.assign(url);
    },
    onError: () => toast({ ...TOASTS.checkoutError, variant: 'destructive' }),
  });

  if (!user) return <Navigate to="/auth" replace />;
  if (!isPlanId(planParam)) {
    return (
      <DeadEndPage
        title={PAYMENT.pageTitle}
        message={PAYMENT.invalidPlan}
        back={{ to: '/pricing', label: PAYMENT.backToPlans }}
      />
    );
  }

  const plan = findPlan(planParam);
  // Once the provider's page is on its way, keep the button busy until the browser leaves.
  const busy = checkout.isPending || (checkout.isSuccess && Boolean(checkout.data?.url));
  const rows: [string, string][] = [
    [PAYMENT.plan, plan.name],
    [PAYMENT.price, `${formatPrice(plan.price)}/month`],
    [PAYMENT.credits, String(plan.credits)],
    [PAYMENT.books, PAYMENT.booksValue(booksForCredits(plan.credits))],
  ];

  return (
    <Page title={PAYMENT.pageTitle} maxWidth={720}>
      <CurrentPlanNote />
      <Card title={`${plan.name} plan`} headingLevel={2}>
        <dl css={{ display: 'grid', gap: 10, margin: 0 }}>
          {rows.map(([label, value]) => (
            <div
              key={label}
              css={{
                display: 'flex',
                justifyContent: 'space-between',
                gap: 12,
                paddingBottom: 10,
                borderBottom: `1px solid ${theme.colors.border}`,
              }}
            >
              <dt css={{ color: theme.colors.textMuted }}>{label}</dt>
              <dd css={{ margin: 0, fontWeight: 700, textAlign: 'right' }}>{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
        {PAYMENT.notes.map((note, index) => {
          const Icon = NOTE_ICONS[index] ?? Lock;
          return (
            <li key={note.title} css={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
              <Icon
                size={20}
                color={theme.colors.primary}
                aria-hidden
                css={{ flexShrink: 0, marginTop: 2 }}
              />
              <div>
                <strong>{note.title}</strong>
                <p css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>{note.text}</p>
              </div>
            </li>
          );
        })}
      </ul>
      <SubscriberGate plan={plan}>
        <div css={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <Button size="lg" onClick={() => checkout.mutate(plan.id)} disabled={busy}>
            <CreditCard aria-hidden />
            {busy ? PAYMENT.redirecting : PAYMENT.proceed}
          </Button>
          <LinkButton to="/pricing" variant="outline" size="lg">
            {PAYMENT.backToPlans}
          </LinkButton>
        </div>
      </SubscriberGate>
    </Page>
  );
}
