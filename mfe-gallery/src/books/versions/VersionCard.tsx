import { Badge, Button, theme } from '@studio/kit';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { PART_VERSIONS } from '../texts';
import type { PartVersion } from './part-versions';

/**
 * One kept version of a part, as a book's version picker and a listing's field versions show it:
 * its number, a badge on the one in use, what was asked for it, its content, and "Use this version"
 * on the others. `dense` is for a list folded inside details (a listing's dialog): smaller, and the
 * number is no heading of its own.
 */
export function VersionCard({
  version,
  partLabel,
  inUse,
  inUseBadge,
  canUse,
  pending,
  onUse,
  dense = false,
  children,
}: {
  version: PartVersion;
  partLabel: string;
  inUse: boolean;
  inUseBadge: string;
  canUse: boolean;
  pending: boolean;
  onUse: () => void;
  dense?: boolean;
  children: ReactNode;
}) {
  const name = PART_VERSIONS.version(version.version);
  return (
    <li
      data-version={version.version}
      css={{
        border: `1px solid ${theme.colors.border}`,
        borderRadius: theme.radii.md,
        padding: dense ? 8 : 12,
        display: 'grid',
        gap: dense ? 6 : 8,
        minWidth: 0,
        ...(dense ? { fontSize: theme.fontSizes.sm } : {}),
      }}
    >
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
        {dense ? (
          <strong>{name}</strong>
        ) : (
          <h3 css={{ fontSize: theme.fontSizes.md, fontWeight: 700, margin: 0 }}>{name}</h3>
        )}
        {inUse && <Badge tone="success">{inUseBadge}</Badge>}
      </div>
      {version.instruction && (
        <p css={{ fontSize: theme.fontSizes.sm, overflowWrap: 'anywhere' }}>
          {PART_VERSIONS.asked(version.instruction)}
        </p>
      )}
      {children}
      {!inUse && (
        <div>
          <Button
            variant="outline"
            size="sm"
            disabled={!canUse || pending}
            aria-label={`${PART_VERSIONS.use}: ${name} of ${partLabel}`}
            onClick={onUse}
          >
            <Check aria-hidden />
            {pending ? PART_VERSIONS.using : PART_VERSIONS.use}
          </Button>
        </div>
      )}
    </li>
  );
}
