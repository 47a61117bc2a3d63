// Page-wide base styles: box sizing, font, colours, reduced motion.
import { Global } from '@emotion/react';
import { theme } from './theme';

export function GlobalStyles() {
  return (
    <Global
      styles={{
        '*, *::before, *::after': { boxSizing: 'border-box' },
        'html, body': { margin: 0, padding: 0 },
        body: {
          fontFamily: theme.fonts.body,
          fontSize: theme.fontSizes.md,
          lineHeight: 1.5,
          color: theme.colors.text,
          background: theme.colors.background,
          WebkitFontSmoothing: 'antialiased',
        },
        'h1, h2, h3, h4, p': { margin: 0 },
        a: { color: theme.colors.primary },
        ':focus-visible': theme.focusRing,
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            transitionDuration: '0.01ms !important',
          },
        },
      }}
    />
  );
}
