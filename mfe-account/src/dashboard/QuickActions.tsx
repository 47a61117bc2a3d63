import { Card, theme } from '@studio/kit';
import { BookPlus, Brush, Library, Settings } from 'lucide-react';
import { Link } from 'react-router-dom';
import { DASHBOARD } from '../texts';

const ACTIONS = [
  { to: '/create-book', label: DASHBOARD.actions.create, Icon: BookPlus },
  { to: '/my-books', label: DASHBOARD.actions.viewAll, Icon: Library },
  { to: '/coloring-book-page-generator', label: DASHBOARD.actions.coloring, Icon: Brush },
  { to: '/settings', label: DASHBOARD.actions.settings, Icon: Settings },
];

export function QuickActions() {
  return (
    <Card title={DASHBOARD.quickActions} headingLevel={2}>
      <nav aria-label={DASHBOARD.quickActions}>
        <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
          {ACTIONS.map(({ to, label, Icon }) => (
            <li key={to}>
              <Link
                to={to}
                css={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 10,
                  padding: '10px 12px',
                  borderRadius: theme.radii.md,
                  border: `1px solid ${theme.colors.border}`,
                  color: theme.colors.text,
                  textDecoration: 'none',
                  fontWeight: 600,
                  fontSize: theme.fontSizes.sm,
                  '&:hover': { background: theme.colors.surfaceMuted },
                  '&:focus-visible': theme.focusRing,
                }}
              >
                <Icon size={18} color={theme.colors.primary} aria-hidden />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Card>
  );
}
