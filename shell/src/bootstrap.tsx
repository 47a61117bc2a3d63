import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { RemoteUnavailableError } from './federation/load-screens';
import { loadRemoteListing } from './federation/remote-registry';

// Start fetching /remotes.json at once; screens wait for it, the chrome does not.
void loadRemoteListing().catch(() => undefined);

createRoot(document.getElementById('root')!, {
  // An unreachable remote is an expected, handled condition (the user sees Retry): a warning,
  // not an error. Anything else an error boundary catches is still reported as an error.
  onCaughtError(error, info) {
    const report = error instanceof RemoteUnavailableError ? console.warn : console.error;
    report(error, error instanceof RemoteUnavailableError ? error.cause : info.componentStack);
  },
}).render(<App />);
