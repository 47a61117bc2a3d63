// Emotion cache + theme + global styles. The shell mounts it once; Storybook does the same.
import createCache from '@emotion/cache';
import { CacheProvider, ThemeProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { GlobalStyles } from './GlobalStyles';
import { theme } from './theme';

/** One cache for the whole composed app, so every remote's styles land in one <style> set. */
export const emotionCache = createCache({ key: 'studio' });

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
