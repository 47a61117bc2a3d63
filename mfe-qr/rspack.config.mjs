// The 'qr' remote: exposes './screens' and publishes src/routes.ts as routes.json.
import { federatedApp } from '@studio/kit/build/federated-app.mjs';

export default federatedApp({
  dir: import.meta.dirname,
  name: 'qr',
  exposes: { './screens': './src/screens.tsx' },
});
