// Signed-in routes: the layout skeleton while the session loads, then /auth for visitors
// (spec 01 §2.1). A failed check is not a sign-out: 'Failed to fetch user' with Retry, session kept.
import { Alert, AUTH_PATH, Button, useAuth } from '@studio/kit';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LayoutSkeleton } from '../layout/LayoutSkeleton';

export function RequireAuth() {
  const { user, isLoading, error, retry } = useAuth();
  const location = useLocation();
  if (isLoading) return <LayoutSkeleton />;
  if (error && !user) return <SessionCheckFailed onRetry={retry} />;
  if (!user) return <Navigate to={AUTH_PATH} replace state={{ from: location }} />;
  return <Outlet />;
}

function SessionCheckFailed({ onRetry }: { onRetry: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // After Retry the button may be replaced; the heading keeps focus somewhere sensible.
  useEffect(() => heading.current?.focus(), []);
  return (
    <main css={{ display: 'grid', placeItems: 'center', minHeight: '100vh', padding: 16 }}>
      <div css={{ width: 'min(480px, 100%)', display: 'grid', gap: 12 }}>
        <h1 ref={heading} tabIndex={-1} css={{ fontSize: 20, fontWeight: 700, outline: 'none' }}>
          We couldn't check your session
        </h1>
        <Alert tone="danger" title="Failed to fetch user">
          You are still signed in. Check your connection and try again.
        </Alert>
        <div>
          <Button onClick={onRetry}>Retry</Button>
        </div>
      </div>
    </main>
  );
}
