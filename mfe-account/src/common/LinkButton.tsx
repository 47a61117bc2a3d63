// A router link that looks like a button (kit Button with asChild).
import { Button, type ButtonSize, type ButtonVariant } from '@studio/kit';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface LinkButtonProps {
  to: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  children: ReactNode;
  'aria-label'?: string;
}

export function LinkButton({ to, variant = 'primary', size = 'md', children, ...rest }: LinkButtonProps) {
  return (
    <Button asChild variant={variant} size={size}>
      <Link to={to} {...rest}>
        {children}
      </Link>
    </Button>
  );
}
