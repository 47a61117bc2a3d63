// Radix Tabs: arrow keys move between tabs, each panel is labelled by its tab.
import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { theme } from '../theme/theme';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: readonly TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  'aria-label'?: string;
}

export function Tabs({ items, defaultValue, 'aria-label': ariaLabel, ...props }: TabsProps) {
  return (
    <TabsPrimitive.Root
      defaultValue={defaultValue ?? items[0]?.value}
      css={{ display: 'grid', gap: 16 }}
      {...props}
    >
      <TabsPrimitive.List
        aria-label={ariaLabel}
        css={{
          display: 'flex',
          gap: 4,
          padding: 4,
          background: theme.colors.surfaceMuted,
          borderRadius: theme.radii.md,
          overflowX: 'auto',
          width: 'fit-content',
          maxWidth: '100%',
        }}
      >
        {items.map((item) => (
          <TabsPrimitive.Trigger
            key={item.value}
            value={item.value}
            disabled={item.disabled}
            css={{
              border: 0,
              background: 'transparent',
              padding: '8px 14px',
              borderRadius: theme.radii.sm,
              fontFamily: 'inherit',
              fontSize: theme.fontSizes.sm,
              fontWeight: 600,
              color: theme.colors.textMuted,
              cursor: 'pointer',
              whiteSpace: 'nowrap',
              '&[data-state="active"]': {
                background: theme.colors.surface,
                color: theme.colors.text,
                boxShadow: theme.shadows.sm,
              },
              '&:focus-visible': theme.focusRing,
              '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
            }}
          >
            {item.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {items.map((item) => (
        <TabsPrimitive.Content
          key={item.value}
          value={item.value}
          css={{ '&:focus-visible': theme.focusRing }}
        >
          {item.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
