// Tracks a CSS media query (e.g. the 768 px mobile breakpoint) as React state.
import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../theme/theme';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** True below 768 px (docs/product/accounts-billing-admin.md (Limits and costs)). */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
}
