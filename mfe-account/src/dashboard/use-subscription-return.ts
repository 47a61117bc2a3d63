// Back from a payment (?subscription=success or ?subscription_success=true): show the alert and the
// toast, drop the query string, and refresh the user data every 3 s, 3 times (spec 01 §4).
//
// The important notice (spec 01 §2.4: "paid users whose credits or subscription have not updated")
// is decided here: a user who came back from a payment and whose plan and credits are still the
// same after the last refresh has paid without the account showing it. Only then is the notice
// shown (and the green "activated" alert withdrawn). Anyone else never sees it.
import { SUBSCRIPTION_REFRESH_ATTEMPTS, toast, USER_QUERY_KEY, type User, useUser } from '@studio/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { TOASTS } from '../texts';
import { isSubscriptionReturn, scheduleRefreshes } from './refresh-schedule';

export interface SubscriptionReturn {
  /** Just back from a payment: the green alert. */
  activated: boolean;
  /** Back from a payment, every refresh done, and neither plan nor credits changed. */
  notUpdated: boolean;
}

/** Plan and credits moved since the return: the payment reached the account. */
export function accountUpdated(
  before: Pick<User, 'subscriptionTier' | 'credits'>,
  now: User | null,
): boolean {
  if (!now) return false;
  return now.subscriptionTier !== before.subscriptionTier || now.credits !== before.credits;
}

export function useSubscriptionReturn(): SubscriptionReturn {
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUser();
  const returned = isSubscriptionReturn(search);
  const [activated, setActivated] = useState(returned);
  const [refreshesDone, setRefreshesDone] = useState(false);
  const handled = useRef(false);
  const atReturn = useRef<Pick<User, 'subscriptionTier' | 'credits'> | null>(null);
  if (returned && !atReturn.current && user) {
    atReturn.current = { subscriptionTier: user.subscriptionTier, credits: user.credits };
  }

  useEffect(() => {
    if (!returned || handled.current) return;
    handled.current = true;
    setActivated(true);
    toast({ ...TOASTS.subscriptionActivated, variant: 'success' });
    navigate(pathname, { replace: true });
  }, [returned, pathname, navigate]);

  useEffect(() => {
    if (!activated) return;
    return scheduleRefreshes((attempt) => {
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }).then(() => {
        if (attempt === SUBSCRIPTION_REFRESH_ATTEMPTS) setRefreshesDone(true);
      });
    });
  }, [activated, queryClient]);

  const notUpdated = refreshesDone && atReturn.current !== null && !accountUpdated(atReturn.current, user);
  return { activated: activated && !notUpdated, notUpdated };
}
