// Newsletter: how many visitors subscribed on the landing page, and their CSV export.
import { Alert, Button, Card, theme } from '@studio/kit';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { NEWSLETTER_EXPORT_URL, newsletterSummary } from '../api/admin';
import { errorText } from '../api/error-text';
import { dateTime } from '../common/format';
import { ADMIN } from '../texts';

const T = ADMIN.newsletter;

export function NewsletterTab() {
  const summary = useQuery({ queryKey: ['/api/admin/newsletter'], queryFn: newsletterSummary });
  return (
    <Card>
      <p>{T.text}</p>
      <p role="status" css={{ fontSize: theme.fontSizes.lg, fontWeight: 600 }}>
        {summary.isPending ? T.loading : summary.isSuccess ? T.count(summary.data.count) : ''}
      </p>
      {summary.isSuccess && summary.data.latest.length > 0 && (
        <section aria-labelledby="newsletter-latest" css={{ display: 'grid', gap: 6 }}>
          <h3 id="newsletter-latest" css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>
            {T.latest}
          </h3>
          <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 4 }}>
            {summary.data.latest.map((s) => (
              <li
                key={s.email}
                css={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  justifyContent: 'space-between',
                  gap: 8,
                  minWidth: 0,
                }}
              >
                <span css={{ overflowWrap: 'anywhere' }}>{s.email}</span>
                <span css={{ color: theme.colors.textMuted, fontSize: theme.fontSizes.sm }}>
                  {dateTime(s.subscribedAt)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {summary.isError && (
        <Alert tone="danger" title={T.failed}>
          {errorText(summary.error, T.failed)}
        </Alert>
      )}
      <div>
        <Button asChild variant="outline">
          {/* A file, not a screen: a plain link the browser downloads with the session cookie. */}
          <a href={NEWSLETTER_EXPORT_URL} download="newsletter-subscribers.csv">
            <Download aria-hidden />
            {T.export}
          </a>
        </Button>
      </div>
    </Card>
  );
}
