// Radix Dialog: focus trapped, Escape closes, title and description announced.
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { theme } from '../theme/theme';
import { closeButtonStyle, overlayStyle } from './overlay-styles';

export interface DialogProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the dialog (rendered through Radix Trigger asChild). */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  maxWidth?: number;
}

export function Dialog({
  trigger,
  title,
  description,
  children,
  footer,
  maxWidth = 520,
  ...root
}: DialogProps) {
  return (
    <DialogPrimitive.Root {...root}>
      {trigger && <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay css={overlayStyle} />
        <DialogPrimitive.Content
          // Without a description, say so explicitly (Radix warns otherwise).
          {...(description ? {} : { 'aria-describedby': undefined })}
          css={{
            position: 'fixed',
            zIndex: theme.zIndex.dialog,
            top: '50%',
            left: '50%',
            transform: 'translate(-50%, -50%)',
            width: `min(${maxWidth}px, calc(100vw - 32px))`,
            maxHeight: 'calc(100vh - 48px)',
            overflowY: 'auto',
            background: theme.colors.surface,
            borderRadius: theme.radii.lg,
            boxShadow: theme.shadows.lg,
            padding: 24,
            display: 'grid',
            gap: 16,
            '&:focus': { outline: 'none' },
          }}
        >
          <div css={{ display: 'grid', gap: 6, paddingRight: 32 }}>
            <DialogPrimitive.Title css={{ fontSize: theme.fontSizes.lg, fontWeight: 700, margin: 0 }}>
              {title}
            </DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description
                css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted, margin: 0 }}
              >
                {description}
              </DialogPrimitive.Description>
            ) : null}
          </div>
          {children}
          {footer && (
            <div css={{ display: 'flex', justifyContent: 'flex-end', gap: 8, flexWrap: 'wrap' }}>
              {footer}
            </div>
          )}
          <DialogPrimitive.Close aria-label="Close" css={closeButtonStyle(16, 4)}>
            <X size={18} aria-hidden />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** Closes the surrounding dialog when its child is activated (for footer buttons). */
export const DialogClose = DialogPrimitive.Close;
