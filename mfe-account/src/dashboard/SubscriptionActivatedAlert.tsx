import { Alert, Button, toast } from '@studio/kit';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { refreshAccountData } from '../api/queries';
import { DASHBOARD, TOASTS } from '../texts';

/** Back from a payment: "activated" once the plan is in place, "confirming" until then. */
export function SubscriptionActivatedAlert({ confirming }: { confirming: boolean }) {
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await refreshAccountData(queryClient);
      toast(TOASTS.dataRefreshed);
    } finally {
      setRefreshing(false);
    }
  };
  return (
    <Alert
      tone={confirming ? 'info' : 'success'}
      title={confirming ? DASHBOARD.confirmingTitle : DASHBOARD.activatedTitle}
    >
      <p>{confirming ? DASHBOARD.confirmingText : DASHBOARD.activatedText}</p>
      <div>
        <Button size="sm" variant="outline" onClick={refresh} disabled={refreshing}>
          <RefreshCw aria-hidden />
          {DASHBOARD.refreshData}
        </Button>
      </div>
    </Alert>
  );
}
