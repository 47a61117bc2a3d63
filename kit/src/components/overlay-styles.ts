// The styles the dialog, the sheet and the toasts share: the dimmed page behind a modal, and the
// small "×" button in a corner that closes it.
import { theme } from '../theme/theme';

/** The page behind a modal, dimmed; a click on it closes the modal. */
export const overlayStyle = {
  position: 'fixed',
  inset: 0,
  background: theme.colors.overlay,
  zIndex: theme.zIndex.overlay,
} as const;

/** The corner close button: `offset` px from the top right, `padding` px around its icon. */
export const closeButtonStyle = (offset: number, padding: number) =>
  ({
    position: 'absolute',
    top: offset,
    right: offset,
    border: 0,
    background: 'transparent',
    padding,
    borderRadius: theme.radii.sm,
    cursor: 'pointer',
    color: theme.colors.textMuted,
    '&:hover': { background: theme.colors.surfaceMuted },
    '&:focus-visible': theme.focusRing,
  }) as const;
