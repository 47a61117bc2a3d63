// The 'studio' remote: exposes './screens' (typed by kit/src/federation/remote-contract.ts).
import { federatedApp } from '@studio/kit/build/federated-app.mjs';

export default federatedApp({
  dir: import.meta.dirname,
  name: 'studio',
  exposes: { './screens': './src/screens.tsx' },
});
