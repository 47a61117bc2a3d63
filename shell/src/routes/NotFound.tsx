// Unmatched paths: the 404 'Page Not Found' card (docs/product/accounts-billing-admin.md (Screens and routes: Route table)).
import { Button, Card, documentTitle, theme } from '@studio/kit';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';

const TITLE = 'Page Not Found';

export function NotFound() {
  useEffect(() => {
    document.title = documentTitle({ title: TITLE });
  }, []);
  return (
    <main css={{ display: 'grid', placeItems: 'center', minHeight: '100vh', padding: 16 }}>
      <div css={{ width: 'min(440px, 100%)' }}>
        <Card>
          <div css={{ display: 'grid', justifyItems: 'center', gap: 12, textAlign: 'center' }}>
            <p
              aria-hidden
              css={{ fontSize: 56, fontWeight: 800, color: theme.colors.primary, lineHeight: 1 }}
            >
              404
            </p>
            <h1 css={{ fontSize: theme.fontSizes.xl, fontWeight: 700 }}>{TITLE}</h1>
            <p css={{ color: theme.colors.textMuted, fontSize: theme.fontSizes.sm }}>
              The page you are looking for doesn't exist or has been moved.
            </p>
            <Button asChild>
              <Link to="/">Go to the home page</Link>
            </Button>
          </div>
        </Card>
      </div>
    </main>
  );
}
