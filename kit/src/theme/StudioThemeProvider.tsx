// Emotion cache + theme + global styles. The shell mounts it once; Storybook does the same.
import createCache from '@emotion/cache';
import { CacheProvider, ThemeProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { cspNonce } from './csp-nonce';
import { GlobalStyles } from './GlobalStyles';
import { theme } from './theme';

/**
 * One cache for the whole composed app, so every remote's styles land in one <style> set, signed
 * with the page's CSP nonce.
 */
const nonce = cspNonce();
export const emotionCache = createCache({ key: 'studio', ...(nonce ? { nonce } : {}) });

export function StudioThemeProvider({ children }: { children: ReactNode }) {
  return (
    <CacheProvider value={emotionCache}>
      <ThemeProvider theme={theme}>
        <GlobalStyles />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
