// /dashboard (docs/product/accounts-billing-admin.md (Screens and routes: Dashboard)).
import { Alert, Badge, DEFAULT_TIER, theme, useAuth } from '@studio/kit';
import { useGenerationStream } from '@studio/kit/live';
import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { toastFailure } from '../api/error-text';
import { useBooks, useInProgressBooks } from '../api/queries';
import { Page } from '../common/Page';
import { DASHBOARD, SUPPORT_EMAIL, SUPPORT_MAILTO, TOASTS } from '../texts';
import { BookProgressList } from './BookProgressList';
import { dashboardStats, isInProgress, recentlyFailed } from './book-list';
import { FailedBooksNotice } from './FailedBooksNotice';
import { QuickActions } from './QuickActions';
import { StatCards } from './StatCards';
import { SubscriptionActivatedAlert } from './SubscriptionActivatedAlert';
import { useSubscriptionReturn } from './use-subscription-return';

const ToolGrid = lazy(() => import(/* webpackChunkName: "dashboard-tools" */ './ToolGrid'));

export default function DashboardPage() {
  const { user, error: userError } = useAuth();
  const paymentReturn = useSubscriptionReturn();
  const books = useBooks(user?.id);
  const inProgress = useInProgressBooks(user?.id);
  const booksError = books.error ?? inProgress.error;
  // Book Progress moves live (the generation stream patches both lists) while a book is being made.
  useGenerationStream(Boolean(user) && inProgress.isSuccess && inProgress.data.length > 0, true);

  useEffect(() => {
    if (booksError) {
      toastFailure(TOASTS.fetchBooksFailed, booksError);
    }
  }, [booksError]);

  if (!user) return null; // the shell's guard renders signed-in screens for a user only

  const failed = Boolean(userError || books.isError || inProgress.isError);
  const tier = user.subscriptionTier || DEFAULT_TIER;
  const stats = books.data ? dashboardStats(books.data) : null;
  const progressBooks = inProgress.data ?? books.data?.filter(isInProgress);
  const [before, after] = DASHBOARD.noticeText.split(SUPPORT_EMAIL);

  return (
    <Page title={DASHBOARD.pageTitle}>
      {(paymentReturn === 'activated' || paymentReturn === 'confirming') && (
        <SubscriptionActivatedAlert confirming={paymentReturn === 'confirming'} />
      )}
      {failed && <Alert tone="danger">{DASHBOARD.loadError}</Alert>}
      <div css={{ display: 'flex', alignItems: 'center', gap: 10, flexWrap: 'wrap' }}>
        <p css={{ fontSize: theme.fontSizes.xl, fontWeight: 700, overflowWrap: 'anywhere' }}>
          {DASHBOARD.welcome(user.name)}
        </p>
        <Badge tone="primary" data-testid="plan-badge">
          {DASHBOARD.planBadge(tier)}
        </Badge>
        <Badge tone="success" data-testid="credits-badge">
          {DASHBOARD.credits(user.credits)}
        </Badge>
      </div>
      {paymentReturn === 'not-updated' && (
        <Alert tone="warning" title={DASHBOARD.noticeTitle}>
          <p>
            {before}
            <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>
            {after}
          </p>
        </Alert>
      )}
      <p css={{ fontSize: theme.fontSizes.sm }}>
        <Link to="/refund-policy">{DASHBOARD.refundLink}</Link>
      </p>
      {books.data && <FailedBooksNotice books={recentlyFailed(books.data, Date.now())} />}
      {/* On a failed load the error says so; no invented "0 / 0 / 0" or empty list under it. */}
      {!failed && <StatCards stats={stats} />}
      <div css={{ ...theme.columns(1024, 'minmax(0, 2fr) minmax(0, 1fr)', 20), alignItems: 'start' }}>
        {!failed && <BookProgressList books={progressBooks} loading={!progressBooks} />}
        <QuickActions />
      </div>
      {/* Below the first screen, and it brings the tool contracts (with their schemas): loaded after. */}
      <Suspense fallback={null}>
        <ToolGrid />
      </Suspense>
    </Page>
  );
}
