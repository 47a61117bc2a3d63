// Button with variants; `asChild` renders its child (e.g. a router Link) with button styling.
import type { CSSObject } from '@emotion/react';
import { Slot } from '@radix-ui/react-slot';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { theme } from '../theme/theme';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  asChild?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

const { colors } = theme;

const variants: Record<ButtonVariant, CSSObject> = {
  primary: {
    background: colors.primary,
    color: colors.primaryText,
    '&:hover:not(:disabled)': { background: colors.primaryHover },
  },
  secondary: {
    background: colors.primarySoft,
    color: colors.primary,
    '&:hover:not(:disabled)': { background: '#e2defc' },
  },
  outline: {
    background: colors.surface,
    color: colors.text,
    borderColor: colors.border,
    '&:hover:not(:disabled)': { background: colors.surfaceMuted },
  },
  ghost: {
    background: 'transparent',
    color: colors.text,
    '&:hover:not(:disabled)': { background: colors.surfaceMuted },
  },
  destructive: {
    background: colors.danger,
    color: '#fff',
    '&:hover:not(:disabled)': { background: '#991b1b' },
  },
};

const sizes: Record<ButtonSize, CSSObject> = {
  sm: { height: 32, padding: '0 12px', fontSize: theme.fontSizes.sm },
  md: { height: 40, padding: '0 16px', fontSize: theme.fontSizes.sm },
  lg: { height: 48, padding: '0 22px', fontSize: theme.fontSizes.md },
  icon: { height: 40, width: 40, padding: 0 },
};

export const buttonStyles = (variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): CSSObject => ({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 8,
  border: '1px solid transparent',
  borderRadius: theme.radii.md,
  fontFamily: 'inherit',
  fontWeight: 600,
  lineHeight: 1,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  transition: 'background 120ms ease, box-shadow 120ms ease',
  '&:focus-visible': theme.focusRing,
  '&:disabled, &[aria-disabled="true"]': { opacity: 0.55, cursor: 'not-allowed' },
  '& svg': { width: 16, height: 16, flexShrink: 0 },
  ...variants[variant],
  ...sizes[size],
});

export function Button({ variant = 'primary', size = 'md', asChild = false, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  return (
    <Component css={buttonStyles(variant, size)} type={asChild ? undefined : (type ?? 'button')} {...props} />
  );
}
