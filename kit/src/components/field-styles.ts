// Shared look of text-like inputs (input, textarea, select trigger).
import type { CSSObject } from '@emotion/react';
import { theme } from '../theme/theme';

export const fieldStyles: CSSObject = {
  width: '100%',
  minHeight: 40,
  padding: '8px 12px',
  border: `1px solid ${theme.colors.borderStrong}`,
  borderRadius: theme.radii.md,
  background: theme.colors.surface,
  color: theme.colors.text,
  fontFamily: 'inherit',
  fontSize: theme.fontSizes.sm,
  lineHeight: 1.4,
  '&::placeholder': { color: theme.colors.textMuted },
  '&:focus-visible': { ...theme.focusRing, borderColor: theme.colors.focus },
  '&:disabled': { opacity: 0.6, cursor: 'not-allowed', background: theme.colors.surfaceMuted },
  '&[aria-invalid="true"]': { borderColor: theme.colors.danger },
};
