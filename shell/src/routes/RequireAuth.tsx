// Signed-in routes: a spinner while the session loads, then /auth for visitors (spec 01 §2.1).
import { AUTH_PATH, Spinner, useAuth } from '@studio/kit';
import { Navigate, Outlet, useLocation } from 'react-router-dom';

export function RequireAuth() {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) {
    return (
      <div css={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <Spinner size={40} label="Loading your session" />
      </div>
    );
  }
  if (!user) return <Navigate to={AUTH_PATH} replace state={{ from: location }} />;
  return <Outlet />;
}
