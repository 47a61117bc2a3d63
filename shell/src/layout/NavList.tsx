// The link sections shared by the desktop sidebar and the mobile menu.
import { Badge, type BadgeTone, type NavBadge, theme } from '@studio/kit';
import { NavLink } from 'react-router-dom';
import { navIcon } from './nav-icons';
import type { NavItem, NavSection } from './nav-items';

const badgeTone: Record<NavBadge, BadgeTone> = { Legacy: 'neutral', Dev: 'warning' };

export function NavItemLink({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const Icon = navIcon(item.icon);
  return (
    <NavLink
      to={item.to}
      onClick={onNavigate}
      css={{
        display: 'flex',
        alignItems: 'center',
        gap: 10,
        padding: '8px 10px',
        borderRadius: theme.radii.md,
        color: theme.colors.text,
        textDecoration: 'none',
        fontSize: theme.fontSizes.sm,
        fontWeight: 500,
        '&:hover': { background: theme.colors.surfaceMuted },
        // Same weight as the others: a bolder label could wrap and move every item below it.
        '&.active': {
          background: theme.colors.primarySoft,
          color: theme.colors.primary,
          boxShadow: `inset 3px 0 0 ${theme.colors.primary}`,
        },
        '&:focus-visible': theme.focusRing,
      }}
    >
      {Icon ? (
        <Icon size={18} aria-hidden css={{ flexShrink: 0 }} />
      ) : (
        <span aria-hidden css={{ width: 18, height: 18, display: 'grid', placeItems: 'center' }}>
          •
        </span>
      )}
      {/* Labels wrap rather than truncate: "Coloring Book Generator" must read in full. */}
      <span data-nav-label css={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', lineHeight: 1.3 }}>
        {item.label}
      </span>
      {item.badge && <Badge tone={badgeTone[item.badge]}>{item.badge}</Badge>}
    </NavLink>
  );
}

export function NavList({
  sections,
  onNavigate,
}: {
  sections: readonly NavSection[];
  onNavigate?: () => void;
}) {
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 18 }}>
      {sections.map((section) => {
        const headingId = section.title && `nav-${section.title.toLowerCase().replace(/\W+/g, '-')}`;
        return (
          <section key={section.title ?? 'untitled'} aria-labelledby={headingId ?? undefined}>
            {headingId && (
              <h2
                id={headingId}
                css={{
                  fontSize: 11,
                  fontWeight: 700,
                  textTransform: 'uppercase',
                  letterSpacing: 0.8,
                  color: theme.colors.textMuted,
                  padding: '0 10px 6px',
                }}
              >
                {section.title}
              </h2>
            )}
            <ul
              css={{
                listStyle: 'none',
                margin: 0,
                padding: 0,
                display: 'flex',
                flexDirection: 'column',
                gap: 2,
              }}
            >
              {section.items.map((item) => (
                <li key={item.to}>
                  <NavItemLink item={item} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
