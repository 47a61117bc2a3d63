// The product name linking home, as both public headers show it.
import { PRODUCT_NAME, theme } from '@studio/kit';
import { BookMarked } from 'lucide-react';
import { Link } from 'react-router-dom';

export function HomeLink() {
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
      {PRODUCT_NAME}
    </Link>
  );
}
