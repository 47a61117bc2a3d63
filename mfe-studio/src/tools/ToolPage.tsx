// The frame of a tool screen: title, intro, the form card and an aside (tips, how it works),
// side by side on wide screens and stacked on phones.
import { Card, theme, useUser } from '@studio/kit';
import type { ReactNode } from 'react';

export function ToolPage({
  title,
  intro,
  children,
  aside,
}: {
  title: string;
  intro: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div
      css={{
        maxWidth: 1100,
        margin: '0 auto',
        padding: 'clamp(16px, 4vw, 32px)',
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr)',
        gap: 24,
      }}
    >
      <header css={{ display: 'grid', gap: 6 }}>
        <h1
          css={{ fontSize: theme.fontSizes.xxl, fontWeight: 800, lineHeight: 1.2, overflowWrap: 'anywhere' }}
        >
          {title}
        </h1>
        <p css={{ color: theme.colors.textMuted }}>{intro}</p>
      </header>
      <div
        css={{
          display: 'grid',
          gap: 24,
          gridTemplateColumns: 'minmax(0, 1fr)',
          '@media (min-width: 900px)': {
            gridTemplateColumns: aside ? 'minmax(0, 2fr) minmax(0, 1fr)' : '1fr',
          },
          alignItems: 'start',
        }}
      >
        <Card>{children}</Card>
        {aside}
      </div>
    </div>
  );
}

/** The user's balance beside the cost (spec 02 §2). */
export function Balance() {
  const user = useUser();
  return (
    <p css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }} data-testid="credit-balance">
      Your balance: <strong css={{ color: theme.colors.text }}>{user?.credits ?? 0} credits</strong>
    </p>
  );
}

export function AsideList({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <Card>
      <h2 css={{ fontSize: theme.fontSizes.lg, fontWeight: 700, marginBottom: 12 }}>{title}</h2>
      <ul
        css={{ display: 'grid', gap: 8, paddingLeft: 20, listStyle: 'disc', color: theme.colors.textMuted }}
      >
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </Card>
  );
}

export const formStyle = { display: 'grid', gap: 16 } as const;
