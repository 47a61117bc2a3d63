// /subscribe (docs/product/accounts-billing-admin.md (Screens and routes: Subscription setup)): requests a subscription on load, then the payment form.
import { Card, DEFAULT_PLAN_ID, findPlan, isPlanId, Spinner, theme, toast, useAuth } from '@studio/kit';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { createSubscription } from '../api/billing';
import { errorText } from '../api/error-text';
import { usePaymentsConfig } from '../api/queries';
import { successPath } from '../checkout/success-path';
import { DeadEndPage } from '../common/DeadEndPage';
import { LinkButton } from '../common/LinkButton';
import { Page } from '../common/Page';
import { PaymentForm } from '../payments/PaymentForm';
import { useSubscriptionIntent } from '../payments/use-subscription-intent';
import { CurrentPlanNote } from '../pricing/CurrentPlan';
import { SubscriberGate } from '../pricing/PlanChange';
import { changeOf } from '../pricing/plan-rank';
import { PAYMENT, SUBSCRIBE, TOASTS } from '../texts';

export default function SubscribePage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const param = search.get('plan');
  const planId = isPlanId(param) ? param : DEFAULT_PLAN_ID;
  const plan = findPlan(planId);
  const { user } = useAuth();
  // A subscriber changes plan instead: no subscription is requested for them.
  const buying = changeOf(plan, user?.subscriptionTier) === 'none';
  const config = usePaymentsConfig();
  const intent = useSubscriptionIntent(buying ? planId : null, createSubscription);
  const clientSecret = intent.data?.clientSecret;
  const failed = intent.isError || config.isError || (intent.isSuccess && !clientSecret);

  useEffect(() => {
    if (!intent.isError && !(intent.isSuccess && !intent.data?.clientSecret)) return;
    toast({
      title: TOASTS.setupFailed,
      description: intent.isError ? errorText(intent.error, TOASTS.noClientSecret) : TOASTS.noClientSecret,
      variant: 'destructive',
    });
  }, [intent.isError, intent.isSuccess, intent.error, intent.data]);

  if (!buying) {
    return (
      <Page title={SUBSCRIBE.title} maxWidth={640}>
        <CurrentPlanNote />
        <Card title={`${plan.name} plan`} headingLevel={2}>
          <SubscriberGate plan={plan}>
            {/* A paid tier without a subscription (an admin's) buys through the hosted checkout. */}
            <LinkButton to={`/payment?plan=${plan.id}`}>{PAYMENT.proceed}</LinkButton>
          </SubscriberGate>
        </Card>
      </Page>
    );
  }

  if (failed) {
    return (
      <DeadEndPage
        title={SUBSCRIBE.title}
        message={SUBSCRIBE.unable}
        back={{ to: '/dashboard', label: SUBSCRIBE.returnToDashboard }}
      />
    );
  }

  if (!clientSecret || !config.data) {
    return (
      <div css={{ display: 'grid', placeItems: 'center', minHeight: '50vh', gap: 12, padding: 24 }}>
        <div css={{ display: 'grid', justifyItems: 'center', gap: 12 }} role="status">
          <Spinner size={32} label={null} />
          <p css={{ color: theme.colors.textMuted }}>{SUBSCRIBE.settingUp}</p>
        </div>
      </div>
    );
  }

  return (
    <Page title={SUBSCRIBE.title} maxWidth={640}>
      <CurrentPlanNote />
      <Card title={`${plan.name} plan`} headingLevel={2}>
        <PaymentForm
          config={config.data}
          clientSecret={clientSecret}
          planId={planId}
          submitLabel={SUBSCRIBE.button}
          failureTitle={TOASTS.paymentSetupFailed}
          onPaid={(reply) => {
            toast({ ...TOASTS.subscriptionSuccessful, variant: 'success' });
            navigate(successPath(plan.name, reply));
          }}
        />
      </Card>
    </Page>
  );
}
