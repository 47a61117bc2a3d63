// Back from a payment (?subscription=success or ?subscription_success=true): drop the query string,
// refresh the user data every 3 s, 3 times, and say what is true at each moment.
//
// The payment may reach the account before the browser comes back (a synchronous checkout, a fast
// webhook) or after it (a slow webhook). So the question is never "did anything change since the
// return" but "is the plan that was bought in place": the return address names it (`plan=`).
// - In place (at once, or after a refresh): the green "Subscription Activated!" and the toast.
// - Not yet: "Confirming your payment" while the refreshes run.
// - Still not after the last refresh: the important notice (for "paid users whose
//   credits or subscription have not updated"). Anyone else never sees it.
import { planForTier } from '@studio/events/plans';
import {
  isPlanId,
  type PlanId,
  SUBSCRIPTION_REFRESH_ATTEMPTS,
  toast,
  USER_QUERY_KEY,
  type User,
  useUser,
} from '@studio/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { TOASTS } from '../texts';
import { isSubscriptionReturn, scheduleRefreshes } from './refresh-schedule';

export type SubscriptionReturn =
  /** Not back from a payment. */
  | 'none'
  /** Back from a payment; the plan is not in place yet and the refreshes are still running. */
  | 'confirming'
  /** Back from a payment and the plan bought is in place. */
  | 'activated'
  /** Back from a payment, every refresh done, and the plan is still not in place. */
  | 'not-updated';

type AccountFigures = Pick<User, 'subscriptionTier' | 'credits'>;

/** The payment reached the account: the user is on the tier of the plan bought. */
export function paymentInPlace(
  user: User | null,
  bought: PlanId | null,
  atReturn: AccountFigures | null,
): boolean {
  if (!user) return false;
  if (bought) return planForTier(user.subscriptionTier)?.id === bought;
  // The older return address names no plan: any paid plan, or credits that moved since the return.
  return (
    planForTier(user.subscriptionTier) !== undefined ||
    (atReturn !== null && user.credits !== atReturn.credits)
  );
}

export function useSubscriptionReturn(): SubscriptionReturn {
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUser();
  const returned = isSubscriptionReturn(search);
  // The query string is dropped at once: what it said is kept here.
  const [bought] = useState<PlanId | null>(() => {
    const plan = search.get('plan');
    return returned && isPlanId(plan) ? plan : null;
  });
  const [active, setActive] = useState(returned);
  const [refreshesDone, setRefreshesDone] = useState(false);
  const atReturn = useRef<AccountFigures | null>(null);
  if (active && !atReturn.current && user) {
    atReturn.current = { subscriptionTier: user.subscriptionTier, credits: user.credits };
  }
  const inPlace = active && paymentInPlace(user, bought, atReturn.current);

  useEffect(() => {
    if (!returned) return;
    setActive(true);
    navigate(pathname, { replace: true });
  }, [returned, pathname, navigate]);

  // The toast says "activated" once it is true, whether that is at the return or a refresh later.
  const toasted = useRef(false);
  useEffect(() => {
    if (!inPlace || toasted.current) return;
    toasted.current = true;
    toast({ ...TOASTS.subscriptionActivated, variant: 'success' });
  }, [inPlace]);

  useEffect(() => {
    if (!active) return;
    return scheduleRefreshes((attempt) => {
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }).then(() => {
        if (attempt === SUBSCRIPTION_REFRESH_ATTEMPTS) setRefreshesDone(true);
      });
    });
  }, [active, queryClient]);

  if (!active) return 'none';
  if (inPlace) return 'activated';
  return refreshesDone ? 'not-updated' : 'confirming';
}
