// Radix Accordion, single mode by default: one item open at a time, or none (docs/product/accounts-billing-admin.md (Screens and routes: Landing page) FAQ).
import * as AccordionPrimitive from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { theme } from '../theme/theme';

export interface AccordionItem {
  value: string;
  title: ReactNode;
  content: ReactNode;
}

export interface AccordionProps {
  items: readonly AccordionItem[];
  defaultValue?: string;
}

export function Accordion({ items, defaultValue }: AccordionProps) {
  return (
    <AccordionPrimitive.Root
      type="single"
      collapsible
      defaultValue={defaultValue}
      css={{
        border: `1px solid ${theme.colors.border}`,
        borderRadius: theme.radii.lg,
        background: theme.colors.surface,
      }}
    >
      {items.map((item, index) => (
        <AccordionPrimitive.Item
          key={item.value}
          value={item.value}
          css={{ borderTop: index === 0 ? 0 : `1px solid ${theme.colors.border}` }}
        >
          <AccordionPrimitive.Header css={{ margin: 0 }}>
            <AccordionPrimitive.Trigger
              css={{
                width: '100%',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 12,
                padding: '16px 20px',
                border: 0,
                background: 'transparent',
                fontFamily: 'inherit',
                fontSize: theme.fontSizes.md,
                fontWeight: 600,
                textAlign: 'left',
                color: theme.colors.text,
                cursor: 'pointer',
                '&:focus-visible': theme.focusRing,
                '& svg': { transition: 'transform 160ms ease', flexShrink: 0 },
                '&[data-state="open"] svg': { transform: 'rotate(180deg)' },
              }}
            >
              {item.title}
              <ChevronDown size={18} aria-hidden />
            </AccordionPrimitive.Trigger>
          </AccordionPrimitive.Header>
          <AccordionPrimitive.Content
            css={{ padding: '0 20px 16px', fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}
          >
            {item.content}
          </AccordionPrimitive.Content>
        </AccordionPrimitive.Item>
      ))}
    </AccordionPrimitive.Root>
  );
}
