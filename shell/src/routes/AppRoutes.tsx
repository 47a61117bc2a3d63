// The router: public routes stand alone, signed-in routes sit behind the guard inside the layout.
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { RemoteScreen, ScreenLoading } from '../federation/RemoteScreen';
import { NotFound } from './NotFound';
import { RequireAuth } from './RequireAuth';
import { type AppRoute, REDIRECTS, ROUTES } from './route-table';

// The signed-in chrome (sidebar, top bar, icons) is its own chunk: public pages and the 404 never
// need it, and for signed-in pages it loads alongside the first remote.
const AppLayout = lazy(() => import('../layout/AppLayout'));

const element = (route: AppRoute) => (
  // Keyed by path: each route gets its own error boundary, so one failure doesn't stick to the next page.
  <RemoteScreen key={route.path} remote={route.remote} screen={route.screen} />
);

export function AppRoutes() {
  return (
    <Routes>
      {ROUTES.filter((r) => r.access === 'public').map((route) => (
        <Route key={route.path} path={route.path} element={element(route)} />
      ))}
      <Route element={<RequireAuth />}>
        <Route
          element={
            <Suspense fallback={<ScreenLoading />}>
              <AppLayout />
            </Suspense>
          }
        >
          {ROUTES.filter((r) => r.access === 'signed-in').map((route) => (
            <Route key={route.path} path={route.path} element={element(route)} />
          ))}
        </Route>
      </Route>
      {REDIRECTS.map(({ from, to }) => (
        <Route key={from} path={from} element={<Navigate to={to} replace />} />
      ))}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
