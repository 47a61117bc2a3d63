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

/** True below 768 px (spec 01 §9). */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
}
