import { theme } from '@studio/kit';
import { Skeleton } from '@studio/kit/widgets';
import { BookCheck, BookOpen, Loader } from 'lucide-react';
import { DASHBOARD } from '../texts';
import type { DashboardStats } from './book-list';

export function StatCards({ stats }: { stats: DashboardStats | null }) {
  const cards = [
    { label: DASHBOARD.stats.total, value: stats?.totalBooks, Icon: BookOpen, color: theme.colors.primary },
    {
      label: DASHBOARD.stats.inProgress,
      value: stats?.inProgress,
      Icon: Loader,
      color: theme.colors.warning,
    },
    {
      label: DASHBOARD.stats.completed,
      value: stats?.completed,
      Icon: BookCheck,
      color: theme.colors.success,
    },
  ];
  return (
    <ul aria-label="Book statistics" css={theme.tileGrid(200, 16)}>
      {cards.map(({ label, value, Icon, color }) => (
        <li
          key={label}
          css={{
            display: 'flex',
            alignItems: 'center',
            gap: 14,
            padding: 18,
            borderRadius: theme.radii.lg,
            background: theme.colors.surface,
            border: `1px solid ${theme.colors.border}`,
            boxShadow: theme.shadows.sm,
            minWidth: 0,
          }}
        >
          <span
            aria-hidden
            css={{
              display: 'grid',
              placeItems: 'center',
              width: 44,
              height: 44,
              borderRadius: theme.radii.md,
              background: theme.colors.surfaceMuted,
              color,
              flexShrink: 0,
            }}
          >
            <Icon size={22} />
          </span>
          <div css={{ display: 'grid', gap: 2, minWidth: 0 }}>
            <span css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>{label}</span>
            {value === undefined ? (
              <Skeleton width={40} height={28} />
            ) : (
              <strong css={{ fontSize: theme.fontSizes.xxl, lineHeight: 1.1 }}>{value}</strong>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
