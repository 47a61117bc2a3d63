// A panel that slides in from the left (Radix Dialog underneath: focus trap, Escape, overlay click).
import { keyframes } from '@emotion/react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { theme } from '../theme/theme';
import { closeButtonStyle, overlayStyle } from './overlay-styles';
import { visuallyHidden } from './visually-hidden';

const slideIn = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(0)' } });
const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Announced as the dialog's name; visually hidden unless `showTitle`. */
  title: string;
  showTitle?: boolean;
  children: ReactNode;
  width?: number;
  /** Where focus goes back to when the sheet closes (e.g. the button that opened it). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

export function Sheet({
  open,
  onOpenChange,
  title,
  showTitle = false,
  children,
  width = 300,
  returnFocusTo,
}: SheetProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay css={{ ...overlayStyle, animation: `${fadeIn} 160ms ease-out` }} />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo?.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
          css={{
            position: 'fixed',
            top: 0,
            bottom: 0,
            left: 0,
            zIndex: theme.zIndex.dialog,
            width: `min(${width}px, 86vw)`,
            background: theme.colors.surface,
            boxShadow: theme.shadows.lg,
            display: 'flex',
            flexDirection: 'column',
            overflowY: 'auto',
            animation: `${slideIn} 200ms ease-out`,
            '&:focus': { outline: 'none' },
          }}
        >
          <DialogPrimitive.Title
            css={showTitle ? { fontSize: theme.fontSizes.lg, margin: '16px 20px 0' } : visuallyHidden}
          >
            {title}
          </DialogPrimitive.Title>
          {children}
          <DialogPrimitive.Close aria-label="Close menu" css={closeButtonStyle(12, 6)}>
            <X size={20} aria-hidden />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
