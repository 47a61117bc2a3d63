// Radix Tabs: arrow keys move between tabs, each panel is labelled by its tab.
import * as TabsPrimitive from '@radix-ui/react-tabs';
import { type ReactNode, useEffect, useRef } from 'react';
import { useMediaQuery } from '../layout/use-media-query';
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
  /**
   * From this window width (px) up, the tabs stand in a column beside their panel: a long set of
   * tabs (Admin Tools) fits there whole instead of being cut at the strip's edge. Below it, and
   * without it, they are one row that scrolls sideways.
   */
  besidePanelFrom?: number;
}

/**
 * When the strip gets narrower (a window made smaller, a phone turned), the chosen tab is scrolled
 * back into it: it would otherwise sit beyond the edge with nothing showing which tab is open.
 */
const STRIP_PADDING = 4;

function useActiveTabKeptInView() {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const strip = list.current;
    if (!strip || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const active = strip.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
      if (!active) return;
      const bounds = strip.getBoundingClientRect();
      const tab = active.getBoundingClientRect();
      // Whole pixels past the edge, plus the strip's padding, so the tab is wholly in view.
      if (tab.left < bounds.left) strip.scrollLeft -= Math.ceil(bounds.left - tab.left) + STRIP_PADDING;
      else if (tab.right > bounds.right)
        strip.scrollLeft += Math.ceil(tab.right - bounds.right) + STRIP_PADDING;
    });
    observer.observe(strip);
    return () => observer.disconnect();
  }, []);
  return list;
}

export function Tabs({ items, defaultValue, besidePanelFrom, 'aria-label': ariaLabel, ...props }: TabsProps) {
  const list = useActiveTabKeptInView();
  // The media query of a width no window has: without the prop, always a row.
  const beside = useMediaQuery(`(min-width: ${besidePanelFrom ?? 1e6}px)`);
  return (
    <TabsPrimitive.Root
      defaultValue={defaultValue ?? items[0]?.value}
      orientation={beside ? 'vertical' : 'horizontal'}
      // One column that never grows to a panel's own width (a wide picture), so the strip
      // scrolls inside the page instead of widening it.
      css={{
        display: 'grid',
        gap: 16,
        gridTemplateColumns: beside ? 'max-content minmax(0, 1fr)' : 'minmax(0, 1fr)',
        alignItems: 'start',
        minWidth: 0,
      }}
      {...props}
    >
      <TabsPrimitive.List
        ref={list}
        aria-label={ariaLabel}
        css={{
          display: 'flex',
          flexDirection: beside ? 'column' : 'row',
          gap: 4,
          padding: STRIP_PADDING,
          borderRadius: theme.radii.md,
          overflowX: 'auto',
          width: 'fit-content',
          maxWidth: '100%',
          // Scroll shadows: on a narrow screen a fade at the edge shows more tabs lie beyond it
          // (the covers scroll with the tabs and hide the fade at either end).
          background: [
            `linear-gradient(to right, ${theme.colors.surfaceMuted} 30%, transparent) left / 32px 100% no-repeat local`,
            `linear-gradient(to left, ${theme.colors.surfaceMuted} 30%, transparent) right / 32px 100% no-repeat local`,
            'radial-gradient(farthest-side at 0 50%, rgba(17, 17, 34, 0.22), transparent) left / 12px 100% no-repeat scroll',
            'radial-gradient(farthest-side at 100% 50%, rgba(17, 17, 34, 0.22), transparent) right / 12px 100% no-repeat scroll',
            theme.colors.surfaceMuted,
          ].join(', '),
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
              textAlign: 'left',
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
