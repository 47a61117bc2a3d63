// Scans and signups per day as plain SVG bars (no chart library in the bundle).
import type { QrDailyAnalytics } from '@studio/events';
import { theme } from '@studio/kit';

export function DailyChart({ rows, withSignups }: { rows: QrDailyAnalytics[]; withSignups: boolean }) {
  const shown = rows.slice(-30);
  const max = Math.max(1, ...shown.map((r) => r.scans), ...shown.map((r) => r.signups));
  const width = Math.max(shown.length * 24, 240);
  const height = 120;
  const bar = withSignups ? 9 : 18;
  return (
    <figure css={{ margin: 0, overflowX: 'auto' }}>
      <svg width={width} height={height + 16} role="img" aria-label="Scans and signups per day">
        {shown.map((r, i) => {
          const x = i * 24 + 3;
          const scanH = (r.scans / max) * height;
          const signH = (r.signups / max) * height;
          return (
            <g key={r.date}>
              <title>{`${r.date}: ${r.scans} scans, ${r.signups} signups`}</title>
              <rect x={x} y={height - scanH} width={bar} height={scanH} fill={theme.colors.primary} rx={2} />
              {withSignups && (
                <rect x={x + bar} y={height - signH} width={bar} height={signH} fill="#16a34a" rx={2} />
              )}
            </g>
          );
        })}
        <line x1={0} x2={width} y1={height + 0.5} y2={height + 0.5} stroke={theme.colors.border} />
      </svg>
      <figcaption css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }}>
        <span css={{ color: theme.colors.primary }}>■</span> Scans{' '}
        {withSignups && (
          <>
            <span css={{ color: '#16a34a' }}>■</span> Signups
          </>
        )}
      </figcaption>
    </figure>
  );
}
