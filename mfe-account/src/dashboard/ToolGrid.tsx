// The dashboard's grid of tools, beyond the spec's quick actions: what each makes and what it
// costs, read from the tool catalog (a new tool appears here by itself; no request schema is
// loaded), plus QR Codes. Tools another tool replaced stay in the sidebar's Legacy section only.
import { priceOf, TOOL_CATALOG, type ToolListing } from '@studio/events/catalog';
import { Card, theme } from '@studio/kit';
import { Link } from 'react-router-dom';
import { DASHBOARD } from '../texts';

interface GridEntry {
  to: string;
  name: string;
  makes: string;
  price: string;
  note?: string;
}

const kinds = Object.keys(TOOL_CATALOG) as (keyof typeof TOOL_CATALOG)[];
const TOOLS: GridEntry[] = kinds.flatMap((kind) => {
  const listing: ToolListing = TOOL_CATALOG[kind];
  if (listing.supersededBy) return [];
  const { credits, varies } = priceOf(kind);
  return [
    {
      to: listing.screen,
      name: listing.name,
      makes: listing.makes,
      price: DASHBOARD.tools.price(credits, varies),
      ...(listing.tiers ? { note: DASHBOARD.tools.plans(listing.tiers) } : {}),
    },
  ];
});

const ENTRIES: GridEntry[] = [...TOOLS, DASHBOARD.tools.qr];

export default function ToolGrid() {
  return (
    <section aria-labelledby="dashboard-tools" css={{ display: 'grid', gap: 12 }}>
      <h2 id="dashboard-tools" css={{ fontSize: theme.fontSizes.lg, fontWeight: 700 }}>
        {DASHBOARD.tools.title}
      </h2>
      <ul css={theme.tileGrid(240, 12, 'auto-fill')}>
        {ENTRIES.map((entry) => (
          <li key={entry.to} css={{ display: 'grid' }} data-testid="tool-card">
            <Card>
              <div css={{ display: 'grid', gap: 6, alignContent: 'start', height: '100%' }}>
                <h3 css={{ fontSize: theme.fontSizes.md, fontWeight: 700 }}>
                  <Link to={entry.to} css={{ color: theme.colors.text, '&:focus-visible': theme.focusRing }}>
                    {entry.name}
                  </Link>
                </h3>
                <p css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>{entry.makes}</p>
                <p css={{ fontSize: theme.fontSizes.sm, fontWeight: 600 }} data-testid="tool-price">
                  {entry.price}
                </p>
                {entry.note && (
                  <p css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }}>{entry.note}</p>
                )}
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
