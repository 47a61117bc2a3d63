// Signed-in routes: the layout skeleton while the session loads, then /auth for visitors
// (docs/product/accounts-billing-admin.md (Screens and routes: Route table)). A failed check is not a sign-out: 'Failed to fetch user' with Retry, session kept.
import { AUTH_PATH, useAuth } from '@studio/kit';
import { lazy, Suspense, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LayoutSkeleton } from '../layout/LayoutSkeleton';

const SessionCheckFailed = lazy(() => import('./SessionCheckFailed'));

export function RequireAuth() {
  const { user, isLoading, error, retry } = useAuth();
  const location = useLocation();
  // A visitor who opened a signed-in page comes back to it after signing in; someone who has just
  // signed out here starts afresh (the next to sign in on this browser may be someone else).
  const hadUser = useRef(false);
  if (user) hadUser.current = true;
  if (isLoading) return <LayoutSkeleton />;
  if (error && !user) {
    return (
      <Suspense fallback={<LayoutSkeleton />}>
        <SessionCheckFailed onRetry={retry} />
      </Suspense>
    );
  }
  if (!user) return <Navigate to={AUTH_PATH} replace state={hadUser.current ? null : { from: location }} />;
  return <Outlet />;
}
