// The one toast region, mounted by the shell. Radix Toast is loaded on the first toast, keeping it
// out of the shell's initial JavaScript; until then there is nothing to show or to focus with F8.
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { hasShownToast, subscribeToasts } from './toast-store';

const RadixToaster = lazy(() => import('./RadixToaster').then((m) => ({ default: m.RadixToaster })));

export function Toaster() {
  const needed = useSyncExternalStore(subscribeToasts, hasShownToast, () => false);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <RadixToaster />
    </Suspense>
  );
}
