// The host: no build-time remotes; it reads /remotes.json at start (see src/federation/).
import { federatedApp } from '@studio/kit/build/federated-app.mjs';

export default federatedApp({ dir: import.meta.dirname, name: 'shell' });
