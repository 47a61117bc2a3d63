// Design tokens. Emotion's Theme is augmented with this shape (theme/emotion.d.ts).

export const MOBILE_BREAKPOINT_PX = 768;

export const theme = {
  colors: {
    background: '#f7f7fb',
    surface: '#ffffff',
    surfaceMuted: '#f1f0f7',
    text: '#1a1a2e',
    textMuted: '#5b5b73',
    border: '#e3e2ec',
    /** Borders that must be seen (inputs, progress tracks): 3:1 against white and the page (WCAG 1.4.11). */
    borderStrong: '#84849c',
    primary: '#5b4fe0',
    primaryHover: '#4a3fcc',
    primaryText: '#ffffff',
    primarySoft: '#eeecfd',
    success: '#15803d',
    successSoft: '#dcfce7',
    warning: '#a16207',
    warningSoft: '#fef9c3',
    danger: '#b91c1c',
    dangerSoft: '#fee2e2',
    info: '#1d4ed8',
    infoSoft: '#dbeafe',
    focus: '#7c6ff5',
    overlay: 'rgba(17, 17, 34, 0.55)',
  },
  radii: { sm: '6px', md: '10px', lg: '14px', pill: '999px' },
  space: (n: number) => `${n * 4}px`,
  fonts: {
    body: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  },
  fontSizes: { xs: '12px', sm: '14px', md: '16px', lg: '18px', xl: '22px', xxl: '28px' },
  shadows: {
    sm: '0 1px 2px rgba(17, 17, 34, 0.06)',
    md: '0 4px 14px rgba(17, 17, 34, 0.08)',
    lg: '0 12px 32px rgba(17, 17, 34, 0.16)',
  },
  /** `@media` queries; mobile is below 768 px (docs/product/accounts-billing-admin.md (Limits and costs)). */
  media: {
    mobile: `@media (max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`,
    desktop: `@media (min-width: ${MOBILE_BREAKPOINT_PX}px)`,
  },
  /** A visible focus ring for keyboard users. */
  focusRing: {
    outline: '2px solid #7c6ff5',
    outlineOffset: '2px',
  },
  zIndex: { topBar: 30, overlay: 40, dialog: 50, toast: 60 },
  /**
   * A bare list (no bullets, no indent) laid out as tiles of at least `minWidth` px, as many to a
   * row as fit, one a row on a screen narrower than a tile.
   */
  tileGrid: (minWidth: number, gap: number, repeat: 'auto-fit' | 'auto-fill' = 'auto-fit') =>
    ({
      listStyle: 'none',
      margin: 0,
      padding: 0,
      display: 'grid',
      gap,
      gridTemplateColumns: `repeat(${repeat}, minmax(min(100%, ${minWidth}px), 1fr))`,
    }) as const,
  /**
   * One column on a narrow screen, `columns` (a grid template) from `fromWidth` px up; no column
   * grows past the screen, so a wide child wraps instead of widening the page.
   */
  columns: (fromWidth: number, columns: string, gap: number) =>
    ({
      display: 'grid',
      gap,
      gridTemplateColumns: 'minmax(0, 1fr)',
      [`@media (min-width: ${fromWidth}px)`]: { gridTemplateColumns: columns },
    }) as const,
} as const;

export type StudioTheme = typeof theme;
