// /my-books (docs/product/creation-tools-qr.md (Screens and routes, States, Validation, Messages)): search, status filter, grid or list, live progress from the
// generation stream, the outline dialog.
import { Alert, Button, buttonStyles, theme, toast, useUser } from '@studio/kit';
import { useGenerationStream } from '@studio/kit/live';
import { EmptyState, Input, Select, Skeleton } from '@studio/kit/widgets';
import { BookOpen, LayoutGrid, List, Palette, Plus, Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useBooks } from './api';
import { BookCard } from './BookCard';
import { type Book, isWorking } from './book';
import { filterBooks } from './book-filters';
import { Screen } from './Screen';
import { MY_BOOKS, STATUS_FILTERS, type StatusFilter } from './texts';

const OutlineDialog = lazy(() => import('./OutlineDialog').then((m) => ({ default: m.OutlineDialog })));

const SKELETONS = 6;

/** The screens that make a book, offered above the list and again when it is empty. */
const MAKERS = [
  { to: '/non-fiction-gen2', label: MY_BOOKS.createGen2, variant: 'primary', Icon: Plus },
  { to: '/coloring-book-generator', label: MY_BOOKS.createColoring, variant: 'outline', Icon: Palette },
  { to: '/kids-book-generator', label: MY_BOOKS.createKids, variant: 'outline', Icon: BookOpen },
] as const;

function MakerLinks({ size, icons }: { size: 'sm' | 'md'; icons: boolean }) {
  return MAKERS.map(({ to, label, variant, Icon }) => (
    <Link key={to} to={to} css={buttonStyles(variant, size)}>
      {icons && <Icon aria-hidden />}
      {label}
    </Link>
  ));
}

type BooksView = 'grid' | 'list';

/** The two ways to lay the books out, each a pressed-or-not icon button. */
const VIEWS: Array<{ value: BooksView; label: string; Icon: typeof List }> = [
  { value: 'grid', label: MY_BOOKS.grid, Icon: LayoutGrid },
  { value: 'list', label: MY_BOOKS.list, Icon: List },
];

export default function MyBooksPage() {
  const user = useUser();
  const navigate = useNavigate();
  const books = useBooks(user?.id);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [view, setView] = useState<BooksView>('grid');
  const [outlinesOf, setOutlinesOf] = useState<string | null>(null);
  // Opened once the list is read (so every event lands on a listed book), and only while a book
  // is being made: with nothing running there is nothing to follow.
  const running = books.data?.some(isWorking) ?? false;
  useGenerationStream(Boolean(user) && running, true);

  useEffect(() => {
    if (books.error)
      toast({ title: MY_BOOKS.fetchFailed, description: MY_BOOKS.loadFailed, variant: 'destructive' });
  }, [books.error]);

  const visible = useMemo(() => filterBooks(books.data ?? [], search, status), [books.data, search, status]);
  // The dialog follows the live list, so an outline that finishes while it is open appears.
  const dialogBook = outlinesOf ? books.data?.find((b) => b.id === outlinesOf) : undefined;

  const onOpen = (book: Book, click: { kind: 'outlines' } | { kind: 'navigate'; to: string }) => {
    if (click.kind === 'outlines') setOutlinesOf(book.id);
    else navigate(click.to);
  };

  return (
    <Screen title={MY_BOOKS.title} subtitle={MY_BOOKS.subtitle} actions={<MakerLinks size="md" icons />}>
      <div
        css={{
          display: 'grid',
          gap: 12,
          gridTemplateColumns: 'minmax(0, 1fr) minmax(140px, 200px) auto',
          alignItems: 'center',
          '@media (max-width: 639px)': { gridTemplateColumns: 'minmax(0, 1fr) auto' },
        }}
      >
        <div
          css={{ position: 'relative', minWidth: 0, '@media (max-width: 639px)': { gridColumn: '1 / -1' } }}
        >
          <Search
            aria-hidden
            size={16}
            css={{
              position: 'absolute',
              left: 12,
              top: '50%',
              transform: 'translateY(-50%)',
              color: theme.colors.textMuted,
            }}
          />
          <Input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={MY_BOOKS.searchPlaceholder}
            aria-label={MY_BOOKS.searchLabel}
            css={{ paddingLeft: 36 }}
          />
        </div>
        <Select
          aria-label={MY_BOOKS.statusLabel}
          options={STATUS_FILTERS}
          value={status}
          onValueChange={(value) => setStatus(value as StatusFilter)}
        />
        <fieldset
          css={{ display: 'flex', gap: 4, border: 0, padding: 0, margin: 0 }}
          aria-label={MY_BOOKS.viewLabel}
        >
          {VIEWS.map(({ value, label, Icon }) => (
            <Button
              key={value}
              size="icon"
              variant={view === value ? 'secondary' : 'ghost'}
              aria-pressed={view === value}
              aria-label={label}
              onClick={() => setView(value)}
            >
              <Icon aria-hidden />
            </Button>
          ))}
        </fieldset>
      </div>

      {!user ? (
        <Alert tone="danger">{MY_BOOKS.noUserId}</Alert>
      ) : books.isPending ? (
        <div
          role="status"
          aria-busy="true"
          aria-label={MY_BOOKS.loading}
          css={gridStyles('grid')}
          data-testid="books-loading"
        >
          {Array.from({ length: SKELETONS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
            <Skeleton key={i} height={190} radius={theme.radii.lg} />
          ))}
        </div>
      ) : books.isError ? (
        <Alert tone="danger">{MY_BOOKS.loadFailed}</Alert>
      ) : visible.length === 0 ? (
        <BooksEmpty searching={search.trim() !== ''} />
      ) : (
        <ul
          css={[gridStyles(view), { listStyle: 'none', margin: 0, padding: 0 }]}
          aria-label={MY_BOOKS.title}
          data-view={view}
        >
          {visible.map((book) => (
            <li key={book.id} css={{ minWidth: 0, display: 'grid' }}>
              <BookCard book={book} view={view} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}

      {dialogBook && (
        <Suspense fallback={null}>
          <OutlineDialog book={dialogBook} onClose={() => setOutlinesOf(null)} />
        </Suspense>
      )}
    </Screen>
  );
}

/** Grid: 1 to 4 columns by width; list: one column. */
function gridStyles(view: 'grid' | 'list') {
  if (view === 'list') return { display: 'grid', gap: 12, gridTemplateColumns: 'minmax(0, 1fr)' } as const;
  return {
    display: 'grid',
    gap: 16,
    gridTemplateColumns: 'minmax(0, 1fr)',
    '@media (min-width: 768px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    '@media (min-width: 1024px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    '@media (min-width: 1280px)': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  } as const;
}

function BooksEmpty({ searching }: { searching: boolean }) {
  return (
    <EmptyState
      icon={<BookOpen aria-hidden />}
      title={MY_BOOKS.emptyTitle}
      actions={
        !searching && (
          <>
            <Link to="/non-fiction-book" css={buttonStyles('outline', 'sm')}>
              {MY_BOOKS.createNonFiction}
            </Link>
            <MakerLinks size="sm" icons={false} />
          </>
        )
      }
    >
      {searching ? MY_BOOKS.emptyWithSearch : MY_BOOKS.emptyWithoutSearch}
    </EmptyState>
  );
}
