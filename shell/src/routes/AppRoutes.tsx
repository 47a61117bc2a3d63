// The router, built from the remotes' merged route lists: public routes stand alone, signed-in and
// admin routes sit behind the guard inside the layout.
import { documentTitle, useAuth } from '@studio/kit';
import { lazy, Suspense, use, useEffect, useState } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { RemoteScreen } from '../federation/RemoteScreen';
import { RemoteUnavailable } from '../federation/RemoteUnavailable';
import { loadRouteTable, reloadRouteTable } from '../federation/route-lists';
import { LayoutSkeleton } from '../layout/LayoutSkeleton';
import { NotFound } from './NotFound';
import { RequireAuth } from './RequireAuth';
import { REDIRECTS } from './redirects';
import type { AppRoute, RouteTable } from './route-table';

// The signed-in chrome (sidebar, top bar, icons) is its own chunk: public pages and the 404 never
// need it. For a signed-in page the server preloads it with the HTML (the build lists its files in
// layout-chunks.json; services/src/platform/http/screen-preloads.ts).
const AppLayout = lazy(() => import(/* webpackChunkName: "layout" */ '../layout/AppLayout'));

const element = (route: AppRoute) => (
  // Keyed by path: each route gets its own error boundary, so one failure doesn't stick to the next page.
  <TitledScreen key={route.path} route={route} />
);

function TitledScreen({ route }: { route: AppRoute }) {
  useEffect(() => {
    document.title = documentTitle(route);
  }, [route]);
  return <RemoteScreen remote={route.remote} screen={route.screen} />;
}

const layout = (routes: readonly AppRoute[]) => (
  <Suspense fallback={<LayoutSkeleton />}>
    <AppLayout routes={routes} />
  </Suspense>
);

/** Pages anyone may read: inside the signed-in layout for a member, in their public frame otherwise. */
function AnyAccessFrame({ routes }: { routes: readonly AppRoute[] }) {
  const { user } = useAuth();
  return user ? layout(routes) : <Outlet />;
}

function RouteTree({ table, onRetry }: { table: Promise<RouteTable>; onRetry: () => void }) {
  const { routes, unknown } = use(table);
  return (
    <Routes>
      {routes
        .filter((r) => r.access === 'public')
        .map((route) => (
          <Route key={route.path} path={route.path} element={element(route)} />
        ))}
      <Route element={<AnyAccessFrame routes={routes} />}>
        {routes
          .filter((r) => r.access === 'any')
          .map((route) => (
            <Route key={route.path} path={route.path} element={element(route)} />
          ))}
      </Route>
      <Route element={<RequireAuth />}>
        <Route element={layout(routes)}>
          {routes
            .filter((r) => r.access === 'signed-in' || r.access === 'admin')
            .map((route) => (
              <Route key={route.path} path={route.path} element={element(route)} />
            ))}
        </Route>
      </Route>
      {REDIRECTS.map(({ from, to }) => (
        <Route key={from} path={from} element={<Navigate to={to} replace />} />
      ))}
      {/* While a remote's routes are unknown, an unmatched path may be one of its pages: say so
          and offer Retry instead of a 404 that would be wrong once it is back. */}
      <Route
        path="*"
        element={unknown[0] ? <RemoteUnavailable remote={unknown[0]} onRetry={onRetry} /> : <NotFound />}
      />
    </Routes>
  );
}

export function AppRoutes() {
  const [table, setTable] = useState(loadRouteTable);
  return (
    <Suspense fallback={null}>
      <RouteTree table={table} onRetry={() => setTable(reloadRouteTable())} />
    </Suspense>
  );
}
