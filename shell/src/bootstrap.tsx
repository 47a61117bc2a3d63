import { createRoot } from 'react-dom/client';
import { matchPath } from 'react-router-dom';
import { App } from './app/App';
import { loadScreens, RemoteUnavailableError } from './federation/load-screens';
import { loadRouteTable } from './federation/route-lists';

// Start fetching /remotes.json and the remotes' route lists at once, before React renders; as soon
// as they are known, start loading the remote that draws this URL (its manifest, entry and
// screens map), so it is not discovered only when React reaches the route.
void loadRouteTable().then(({ routes }) => {
  const route = routes.find((r) => matchPath(r.path, window.location.pathname));
  if (route) loadScreens(route.remote).catch(() => {}); // RemoteScreen shows the failure
});

createRoot(document.getElementById('root')!, {
  // An unreachable remote is an expected, handled condition (the user sees Retry): a warning,
  // not an error. Anything else an error boundary catches is still reported as an error.
  onCaughtError(error, info) {
    const report = error instanceof RemoteUnavailableError ? console.warn : console.error;
    report(error, error instanceof RemoteUnavailableError ? error.cause : info.componentStack);
  },
}).render(<App />);
