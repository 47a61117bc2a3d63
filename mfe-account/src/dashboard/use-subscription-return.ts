// Back from a payment (?subscription=success or ?subscription_success=true): show the alert and the
// toast, drop the query string, and refresh the user data every 3 s, 3 times (spec 01 §4).
import { toast, USER_QUERY_KEY } from '@studio/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { TOASTS } from '../texts';
import { isSubscriptionReturn, scheduleRefreshes } from './refresh-schedule';

export function useSubscriptionReturn(): { activated: boolean } {
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const returned = isSubscriptionReturn(search);
  const [activated, setActivated] = useState(returned);
  const handled = useRef(false);

  useEffect(() => {
    if (!returned || handled.current) return;
    handled.current = true;
    setActivated(true);
    toast({ ...TOASTS.subscriptionActivated, variant: 'success' });
    navigate(pathname, { replace: true });
  }, [returned, pathname, navigate]);

  useEffect(() => {
    if (!activated) return;
    return scheduleRefreshes(() => {
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    });
  }, [activated, queryClient]);

  return { activated };
}
