// /admin-tools (docs/product/accounts-billing-admin.md (Screens and routes: Admin tools)): three tabs of the spec plus Event History, Rebuild Read Models, Newsletter and AI Costs.
// The server decides who is an admin (AdminGranted / AdminRevoked in the log) and refuses everyone else; the page only hides.
import { Alert, useAuth } from '@studio/kit';
import { Tabs } from '@studio/kit/widgets';
import { Page } from '../common/Page';
import { ADMIN } from '../texts';
import { AiCostsTab } from './AiCostsTab';
import { EventHistoryTab } from './EventHistoryTab';
import { NewsletterTab } from './NewsletterTab';
import { RebuildReadModelsTab } from './RebuildReadModelsTab';
import { SelfUpdateTab } from './SelfUpdateTab';
import { UpdateUserSubscriptionTab } from './UpdateUserSubscriptionTab';
import { VerifySubscriptionsTab } from './VerifySubscriptionsTab';

export default function AdminToolsPage() {
  const { user } = useAuth();
  if (!user?.isAdmin) {
    return (
      <Page title={ADMIN.pageTitle} maxWidth={760}>
        <Alert tone="danger" title={ADMIN.accessDeniedTitle}>
          {ADMIN.accessDenied}
        </Alert>
      </Page>
    );
  }
  return (
    <Page title={ADMIN.pageTitle} intro={ADMIN.intro}>
      {/* Six tabs are wider than the page beside the sidebar: on a desk they stand in a column. */}
      <Tabs
        aria-label={ADMIN.pageTitle}
        besidePanelFrom={1200}
        items={[
          { value: 'update', label: ADMIN.tabs.update, content: <UpdateUserSubscriptionTab /> },
          { value: 'verify', label: ADMIN.tabs.verify, content: <VerifySubscriptionsTab /> },
          { value: 'self', label: ADMIN.tabs.self, content: <SelfUpdateTab /> },
          { value: 'events', label: ADMIN.tabs.events, content: <EventHistoryTab /> },
          { value: 'rebuild', label: ADMIN.tabs.rebuild, content: <RebuildReadModelsTab /> },
          { value: 'newsletter', label: ADMIN.tabs.newsletter, content: <NewsletterTab /> },
          { value: 'ai-costs', label: ADMIN.tabs.aiCosts, content: <AiCostsTab /> },
        ]}
      />
    </Page>
  );
}
