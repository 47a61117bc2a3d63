// Book Progress (docs/product/accounts-billing-admin.md (Screens and routes: Dashboard)): up to 5 in-progress books, or 3 under 390 px.
import { Badge, Card, DASHBOARD_NARROW_WIDTH_PX, ProgressBar, theme, useMediaQuery } from '@studio/kit';
import { Skeleton } from '@studio/kit/widgets';
import type { Book } from '../api/types';
import { shortDate } from '../common/format';
import { LinkButton } from '../common/LinkButton';
import { DASHBOARD } from '../texts';
import { bookListView, progressColor, progressPercent } from './book-list';

export interface BookProgressListProps {
  books: Book[] | undefined;
  loading: boolean;
}

export function BookProgressList({ books, loading }: BookProgressListProps) {
  const narrow = useMediaQuery(`(max-width: ${DASHBOARD_NARROW_WIDTH_PX - 1}px)`);
  const { visible, hidden } = bookListView(books ?? [], narrow);
  return (
    <Card title={DASHBOARD.progressTitle} headingLevel={2}>
      {loading ? (
        <div css={{ display: 'grid', gap: 12 }} aria-busy="true">
          <Skeleton height={56} />
          <Skeleton height={56} />
        </div>
      ) : visible.length === 0 ? (
        <p css={{ color: theme.colors.textMuted, fontSize: theme.fontSizes.sm }}>{DASHBOARD.noBooks}</p>
      ) : (
        <>
          <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
            {visible.map((book) => (
              <BookProgressItem key={book.id} book={book} />
            ))}
          </ul>
          <div>
            <LinkButton to="/my-books" variant="outline" size="sm">
              {hidden > 0 ? DASHBOARD.viewMore(hidden) : DASHBOARD.viewAll}
            </LinkButton>
          </div>
        </>
      )}
    </Card>
  );
}

function BookProgressItem({ book }: { book: Book }) {
  const percent = progressPercent(book.progress);
  return (
    <li
      css={{
        display: 'grid',
        gap: 8,
        padding: 14,
        borderRadius: theme.radii.md,
        border: `1px solid ${theme.colors.border}`,
        minWidth: 0,
      }}
    >
      <div css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 8 }}>
        <div css={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <h3 css={{ fontSize: theme.fontSizes.md, fontWeight: 700, overflowWrap: 'anywhere' }}>
            {book.title}
          </h3>
          {book.createdAt && (
            <span css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }}>
              {DASHBOARD.created(shortDate(book.createdAt))}
            </span>
          )}
        </div>
        <Badge tone="warning">{DASHBOARD.inProgressPill}</Badge>
      </div>
      <ProgressBar value={percent} label={`${book.title} progress`} color={progressColor(book.theme)} />
      <div
        css={{
          display: 'flex',
          justifyContent: 'space-between',
          gap: 8,
          fontSize: theme.fontSizes.xs,
          color: theme.colors.textMuted,
        }}
      >
        <span css={{ minWidth: 0, overflowWrap: 'anywhere' }}>{book.currentStep}</span>
        <span css={{ fontWeight: 700, color: theme.colors.text }}>{percent}%</span>
      </div>
    </li>
  );
}
