import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadRemoteListing } from './federation/remote-registry';

// Start fetching /remotes.json at once; screens wait for it, the chrome does not.
void loadRemoteListing().catch(() => undefined);

createRoot(document.getElementById('root')!).render(<App />);
