import { Badge, EARLY_ACCESS_LABEL, PRODUCT_NAME, theme } from '@studio/kit';
import { BookMarked } from 'lucide-react';
import { Link } from 'react-router-dom';

/** Product name with the Early Access tag; links to the dashboard. */
export function Brand() {
  return (
    <div css={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0, flexWrap: 'wrap', rowGap: 2 }}>
      <Link
        to="/dashboard"
        css={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          color: theme.colors.text,
          textDecoration: 'none',
          fontWeight: 800,
          fontSize: theme.fontSizes.md,
          whiteSpace: 'nowrap',
          borderRadius: theme.radii.sm,
          '&:focus-visible': theme.focusRing,
        }}
      >
        <BookMarked size={22} color={theme.colors.primary} aria-hidden />
        {PRODUCT_NAME}
      </Link>
      <Badge tone="primary">{EARLY_ACCESS_LABEL}</Badge>
    </div>
  );
}
