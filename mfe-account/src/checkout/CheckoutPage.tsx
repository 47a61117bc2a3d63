// /checkout/:planId (docs/product/accounts-billing-admin.md (Screens and routes: Checkout)): plan summary and the embedded payment form.
// Unknown plan: /pricing. No client secret: back to /pricing. Other failures: the failure text.
import {
  Alert,
  Button,
  Card,
  DEFAULT_PLAN_ID,
  findPlan,
  formatPrice,
  isPlanId,
  REDIRECT_TOAST_DURATION_MS,
  Spinner,
  signInPath,
  theme,
  toast,
  useAuth,
} from '@studio/kit';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { createSubscriptionIntent } from '../api/billing';
import { usePaymentsConfig } from '../api/queries';
import { LinkButton } from '../common/LinkButton';
import { Page } from '../common/Page';
import { PublicPage } from '../common/PublicPage';
import { PaymentForm } from '../payments/PaymentForm';
import { useSubscriptionIntent } from '../payments/use-subscription-intent';
import { CurrentPlanNote } from '../pricing/CurrentPlan';
import { SubscriberGate } from '../pricing/PlanChange';
import { changeOf } from '../pricing/plan-rank';
import { CHECKOUT, PAYMENT, TOASTS } from '../texts';
import { PlanSummary } from './PlanSummary';
import { successPath } from './success-path';

export default function CheckoutPage() {
  const { planId = DEFAULT_PLAN_ID } = useParams();
  if (!isPlanId(planId)) return <Navigate to="/pricing" replace />;
  return <Checkout planId={planId} />;
}

function Checkout({ planId }: { planId: Parameters<typeof findPlan>[0] }) {
  const plan = findPlan(planId);
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();
  const config = usePaymentsConfig();
  // A subscriber changes plan instead: no checkout is opened for them.
  const buying = user && changeOf(plan, user.subscriptionTier) === 'none';
  const intent = useSubscriptionIntent(buying ? planId : null, createSubscriptionIntent);
  const clientSecret = intent.data?.clientSecret;
  const noSecret = intent.isSuccess && !clientSecret;

  useEffect(() => {
    if (!noSecret) return;
    toast({ title: TOASTS.noClientSecret, variant: 'destructive', duration: REDIRECT_TOAST_DURATION_MS });
    navigate('/pricing', { replace: true });
  }, [noSecret, navigate]);

  const backToPricing = (
    <LinkButton to="/pricing" variant="outline">
      {CHECKOUT.backToPricing}
    </LinkButton>
  );

  let payment: ReactNode;
  if (isLoading) payment = <Spinner size={24} label={CHECKOUT.preparing} />;
  else if (!user) {
    payment = (
      <div css={{ display: 'grid', gap: 12, justifyItems: 'start' }}>
        <p css={{ fontSize: theme.fontSizes.sm }}>{CHECKOUT.signInFirst}</p>
        <LinkButton to={signInPath(`/checkout/${planId}`)}>{CHECKOUT.signIn}</LinkButton>
      </div>
    );
  } else if (!buying) {
    payment = (
      <SubscriberGate plan={plan}>
        {/* A paid tier without a subscription (an admin's) buys through the hosted checkout. */}
        <LinkButton to={`/payment?plan=${plan.id}`}>{PAYMENT.proceed}</LinkButton>
      </SubscriberGate>
    );
  } else if (intent.isError || config.isError) {
    // The text says "Please try again": offer exactly that (the page's own Back to Pricing is below).
    payment = (
      <div css={{ display: 'grid', gap: 12, justifyItems: 'start' }}>
        <Alert tone="danger">{CHECKOUT.failed}</Alert>
        <Button
          onClick={() => {
            if (config.isError) void config.refetch();
            if (intent.isError) intent.mutate(planId);
          }}
        >
          {CHECKOUT.tryAgain}
        </Button>
      </div>
    );
  } else if (!clientSecret || !config.data) {
    payment = (
      <div css={{ display: 'flex', alignItems: 'center', gap: 10, fontSize: theme.fontSizes.sm }}>
        <Spinner size={20} label={null} />
        {CHECKOUT.preparing}
      </div>
    );
  } else {
    payment = (
      <PaymentForm
        config={config.data}
        clientSecret={clientSecret}
        planId={planId}
        submitLabel={CHECKOUT.payButton(plan.name, formatPrice(plan.price))}
        failureTitle={TOASTS.paymentFailed}
        onPaid={(reply) => {
          toast({ ...TOASTS.paymentSuccessful, variant: 'success' });
          navigate(successPath(plan.name, reply));
        }}
      />
    );
  }

  return (
    <PublicPage>
      <Page title={CHECKOUT.pageTitle} maxWidth={960}>
        <CurrentPlanNote />
        <div
          css={{
            display: 'grid',
            gap: 20,
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(340px, 100%), 1fr))',
            alignItems: 'start',
          }}
        >
          <PlanSummary plan={plan} />
          <Card title={CHECKOUT.paymentTitle} headingLevel={2}>
            {payment}
          </Card>
        </div>
        <div>{backToPricing}</div>
      </Page>
    </PublicPage>
  );
}
