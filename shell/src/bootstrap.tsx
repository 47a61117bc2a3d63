import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { RemoteUnavailableError } from './federation/load-screens';
import { loadRouteTable } from './federation/route-lists';

// Start fetching /remotes.json and the remotes' route lists at once, before React renders.
void loadRouteTable();

createRoot(document.getElementById('root')!, {
  // An unreachable remote is an expected, handled condition (the user sees Retry): a warning,
  // not an error. Anything else an error boundary catches is still reported as an error.
  onCaughtError(error, info) {
    const report = error instanceof RemoteUnavailableError ? console.warn : console.error;
    report(error, error instanceof RemoteUnavailableError ? error.cause : info.componentStack);
  },
}).render(<App />);
