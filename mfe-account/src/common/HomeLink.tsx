// The product name linking home, as both public headers show it.
import { PRODUCT_NAME, theme, visuallyHidden } from '@studio/kit';
import { BookMarked } from 'lucide-react';
import { Link } from 'react-router-dom';

/** Below this width a header with three links beside the name keeps only the logo (the name stays its label). */
const NARROW = '@media (max-width: 419.98px)';

export function HomeLink({ compact = false }: { compact?: boolean }) {
  return (
    <Link
      to="/"
      css={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        fontWeight: 800,
        color: theme.colors.text,
        textDecoration: 'none',
        whiteSpace: 'nowrap',
        borderRadius: theme.radii.sm,
        '@media (max-width: 479.98px)': { fontSize: theme.fontSizes.sm, gap: 6 },
        '&:focus-visible': theme.focusRing,
      }}
    >
      <BookMarked size={22} color={theme.colors.primary} aria-hidden />
      <span css={compact ? { [NARROW]: visuallyHidden } : undefined}>{PRODUCT_NAME}</span>
    </Link>
  );
}
