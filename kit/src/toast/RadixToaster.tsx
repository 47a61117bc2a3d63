// The toast region itself (loaded by Toaster on the first toast): Radix Toast with docs/product/accounts-billing-admin.md (Limits and costs) behaviour —
// 5000 ms, swipe right past 50 px to dismiss, F8 focuses the region, at most 420 px wide.
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useRef } from 'react';
import { theme } from '../theme/theme';
import { useToastPlacement } from './toast-placement';
import {
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  TOAST_VIEWPORT_MAX_WIDTH_PX,
  type ToastVariant,
} from './toast-store';
import { useToast } from './use-toast';

const accents: Record<ToastVariant, { border: string; background: string }> = {
  default: { border: theme.colors.border, background: theme.colors.surface },
  success: { border: theme.colors.success, background: theme.colors.surface },
  destructive: { border: theme.colors.danger, background: theme.colors.dangerSoft },
};

export function RadixToaster() {
  const { toasts, dismiss } = useToast();
  const region = useRef<HTMLOListElement>(null);
  const placement = useToastPlacement(
    region,
    toasts.some((t) => t.open),
  );
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {toasts.map(({ id, title, description, variant = 'default', duration, action, open }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          duration={duration}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(next) => {
            if (!next) dismiss(id);
          }}
          css={{
            position: 'relative',
            display: 'grid',
            gap: 4,
            padding: '14px 40px 14px 16px',
            borderRadius: theme.radii.md,
            border: `1px solid ${accents[variant].border}`,
            borderLeftWidth: 4,
            background: accents[variant].background,
            boxShadow: theme.shadows.lg,
            '&[data-swipe="move"]': { transform: 'translateX(var(--radix-toast-swipe-move-x))' },
            '&[data-swipe="cancel"]': { transform: 'translateX(0)', transition: 'transform 200ms ease-out' },
            '&[data-swipe="end"]': { transform: 'translateX(var(--radix-toast-swipe-end-x))' },
          }}
        >
          {title && (
            <ToastPrimitive.Title css={{ fontWeight: 700, fontSize: theme.fontSizes.sm }}>
              {title}
            </ToastPrimitive.Title>
          )}
          {description && (
            <ToastPrimitive.Description css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>
              {description}
            </ToastPrimitive.Description>
          )}
          {action}
          <ToastPrimitive.Close
            aria-label="Close"
            css={{
              position: 'absolute',
              top: 10,
              right: 10,
              border: 0,
              background: 'transparent',
              padding: 4,
              borderRadius: theme.radii.sm,
              cursor: 'pointer',
              color: theme.colors.textMuted,
              '&:focus-visible': theme.focusRing,
            }}
          >
            <X size={16} aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        ref={region}
        data-placement={placement}
        css={{
          position: 'fixed',
          ...(placement === 'bottom' ? { bottom: 0 } : { top: 0 }),
          right: 0,
          zIndex: theme.zIndex.toast,
          display: 'flex',
          flexDirection: 'column',
          gap: 8,
          width: '100%',
          maxWidth: TOAST_VIEWPORT_MAX_WIDTH_PX,
          padding: 16,
          margin: 0,
          listStyle: 'none',
          outline: 'none',
        }}
      />
    </ToastPrimitive.Provider>
  );
}
