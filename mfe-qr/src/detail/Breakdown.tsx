// One breakdown of a code's scans (devices, systems, browsers or referrers): the values with the
// most scans by name, then "Other" with the rest, so a flood of made-up names stays one line.

import { theme } from '@studio/kit';
import { BREAKDOWN_OTHER } from '../texts';
import { type BreakdownRow, breakdownRows } from './breakdown-rows';

const rowCss = { display: 'flex', justifyContent: 'space-between', gap: 12 } as const;

export function Breakdown({ label, rows }: { label: string; rows: readonly BreakdownRow[] }) {
  const { named, other } = breakdownRows(rows);
  return (
    <div>
      <h5 css={{ margin: '0 0 6px' }}>{label}</h5>
      <ul css={{ listStyle: 'none', padding: 0, margin: 0, fontSize: theme.fontSizes.sm }}>
        {named.map((row) => (
          <li key={row.name} css={rowCss}>
            <span css={{ overflowWrap: 'anywhere' }}>{row.name}</span>
            <span>{row.count}</span>
          </li>
        ))}
        {other > 0 && (
          <li
            data-testid="breakdown-other"
            css={{ ...rowCss, color: theme.colors.textMuted, borderTop: `1px solid ${theme.colors.border}` }}
          >
            <span>{BREAKDOWN_OTHER}</span>
            <span>{other}</span>
          </li>
        )}
      </ul>
    </div>
  );
}
