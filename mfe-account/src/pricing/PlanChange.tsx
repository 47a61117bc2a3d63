// A subscriber never buys a second plan: the pages that lead to payment (payment, checkout,
// subscribe) show what changing to the chosen plan does, from the server's preview, and change it
// only once confirmed. The plan they already have is not for sale; on the top plan they read when
// its credits come back.
import {
  Alert,
  ApiError,
  Button,
  findPlan,
  formatPrice,
  isPlanId,
  PLAN_CHANGE_MESSAGES,
  type Plan,
  renewalDate,
  Spinner,
  theme,
  toast,
  useAuth,
} from '@studio/kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { changePlan, previewPlanChange } from '../api/billing';
import { toastFailure } from '../api/error-text';
import { refreshAccountData } from '../api/queries';
import type { PlanChangePreview } from '../api/types';
import { successPath } from '../checkout/success-path';
import { LinkButton } from '../common/LinkButton';
import { PAYMENT, PLAN_CHANGE, PRICING } from '../texts';
import { changeOf } from './plan-rank';

/**
 * The page's own purchase form (`children`) for a user without a plan; the plan change for a
 * subscriber. A paid tier without a gateway subscription (set by an admin) buys as anyone does.
 */
export function SubscriberGate({ plan, children }: { plan: Plan; children: ReactNode }) {
  const { user } = useAuth();
  const change = changeOf(plan, user?.subscriptionTier);
  const keep = change === 'same' && Boolean(user?.nextPlanId);
  const preview = useQuery<PlanChangePreview, Error>({
    queryKey: ['plan-change', plan.id, user?.id],
    queryFn: () => previewPlanChange(plan.id),
    enabled: change !== 'none' && (change !== 'same' || keep),
    // A quote is good for half an hour: each visit asks again.
    gcTime: 0,
    refetchOnMount: 'always',
  });
  if (!user || change === 'none') return children;
  if (change === 'same' && !keep) return <CurrentPlanPanel plan={plan} />;
  if (preview.isPending) return <Spinner size={24} label={PLAN_CHANGE.loading} />;
  if (preview.isError) {
    const { error } = preview;
    const refused = error instanceof ApiError && error.status === 409;
    const detail = error instanceof ApiError ? error.detail : '';
    if (refused && detail === PLAN_CHANGE_MESSAGES.noSubscription) return children;
    return (
      <div css={{ display: 'grid', gap: 12, justifyItems: 'start' }}>
        <Alert tone={refused ? 'info' : 'danger'}>{refused ? detail : PLAN_CHANGE.failed}</Alert>
        <div css={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          {!refused && <Button onClick={() => void preview.refetch()}>{PLAN_CHANGE.tryAgain}</Button>}
          <LinkButton to="/pricing" variant="outline">
            {PAYMENT.backToPlans}
          </LinkButton>
        </div>
      </div>
    );
  }
  return <PlanChangeConfirm preview={preview.data} />;
}

/** The plan the user has: nothing to buy; when its credits come back (the top plan's answer). */
function CurrentPlanPanel({ plan }: { plan: Plan }) {
  const { user } = useAuth();
  const renews = user?.renewsAt ? renewalDate(user.renewsAt) : undefined;
  return (
    <div css={{ display: 'grid', gap: 12, justifyItems: 'start' }}>
      <Alert tone="info" title={PLAN_CHANGE.samePlanTitle}>
        <p>{PLAN_CHANGE_MESSAGES.samePlan(plan.name)}</p>
        {renews && <p>{PRICING.renewsNote(plan.credits, renews)}</p>}
      </Alert>
      <LinkButton to="/pricing" variant="outline">
        {PAYMENT.backToPlans}
      </LinkButton>
    </div>
  );
}

function PlanChangeConfirm({ preview }: { preview: PlanChangePreview }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { from, to, kind } = preview;
  const renewal = preview.renewsAt ? renewalDate(preview.renewsAt) : PLAN_CHANGE.nextRenewal;
  const dueNow = formatPrice(preview.dueNow);
  const scheduled = user?.nextPlanId && isPlanId(user.nextPlanId) ? findPlan(user.nextPlanId) : undefined;
  const change = useMutation({
    mutationFn: () => changePlan(to.planId, preview.quoteAt),
    onSuccess: async (reply) => {
      await refreshAccountData(queryClient);
      if (reply.kind === 'upgrade') {
        toast({ title: PLAN_CHANGE.upgraded(to.name), variant: 'success' });
        navigate(successPath(to.name, reply));
        return;
      }
      toast({
        title: reply.kind === 'keep' ? PLAN_CHANGE.kept(to.name) : PLAN_CHANGE.scheduled(to.name, renewal),
        variant: 'success',
      });
      navigate('/pricing');
    },
    onError: (error) => toastFailure(PLAN_CHANGE.changeFailed, error),
  });
  const steps =
    kind === 'upgrade'
      ? PLAN_CHANGE.upgradeSteps({
          dueNow,
          credits: preview.creditsNow,
          to: to.name,
          renewal,
          price: formatPrice(to.price),
          monthly: to.credits,
        })
      : kind === 'downgrade'
        ? PLAN_CHANGE.downgradeSteps({
            from: from.name,
            to: to.name,
            renewal,
            price: formatPrice(to.price),
            monthly: to.credits,
          })
        : PLAN_CHANGE.keepSteps({ plan: to.name, next: scheduled?.name ?? '', renewal });
  const label =
    kind === 'upgrade'
      ? PLAN_CHANGE.confirmUpgrade(to.name, dueNow)
      : kind === 'downgrade'
        ? PLAN_CHANGE.confirmDowngrade(to.name, renewal)
        : PLAN_CHANGE.confirmKeep(to.name);
  return (
    <section aria-labelledby="plan-change-title" css={{ display: 'grid', gap: 12 }} data-testid="plan-change">
      <h2 id="plan-change-title" css={{ fontSize: theme.fontSizes.lg, fontWeight: 700 }}>
        {kind === 'keep' ? PLAN_CHANGE.keepTitle(to.name) : PLAN_CHANGE.title(from.name, to.name)}
      </h2>
      <ul css={{ margin: 0, paddingLeft: 20, display: 'grid', gap: 6, fontSize: theme.fontSizes.sm }}>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ul>
      <div css={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button
          variant={kind === 'downgrade' ? 'outline' : 'primary'}
          disabled={change.isPending}
          onClick={() => change.mutate()}
          css={{ whiteSpace: 'normal', height: 'auto', minHeight: 40, textAlign: 'center' }}
        >
          {change.isPending ? PLAN_CHANGE.working : label}
        </Button>
        <LinkButton to="/pricing" variant="ghost">
          {PAYMENT.backToPlans}
        </LinkButton>
      </div>
    </section>
  );
}
