import type { HTMLAttributes, ReactNode } from 'react';
import { theme } from '../theme/theme';

export interface CardProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
  /** Heading level of the title, so cards fit the page outline. */
  headingLevel?: 2 | 3 | 4;
}

export function Card({ title, description, headingLevel = 3, children, ...props }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      css={{
        background: theme.colors.surface,
        border: `1px solid ${theme.colors.border}`,
        borderRadius: theme.radii.lg,
        boxShadow: theme.shadows.sm,
        padding: 20,
        display: 'grid',
        gap: 12,
      }}
      {...props}
    >
      {(title || description) && (
        <div css={{ display: 'grid', gap: 4 }}>
          {title && <Heading css={{ fontSize: theme.fontSizes.lg, fontWeight: 700 }}>{title}</Heading>}
          {description && (
            <p css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>{description}</p>
          )}
        </div>
      )}
      {children}
    </div>
  );
}
