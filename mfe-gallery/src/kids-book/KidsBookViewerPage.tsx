// /kids-book/:bookId (docs/product/creation-tools-qr.md (Screens and routes)): the book page by page, with the 24-page overview.
import { Alert, BackLink, Badge, Button, buttonStyles, Card, theme, toast } from '@studio/kit';
import { Skeleton } from '@studio/kit/widgets';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Copy, Download, QrCode } from 'lucide-react';
import { useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { statusTone } from '../books/book';
import { bookDate } from '../books/format';
import { ReaderQrDialog } from '../books/ReaderQrDialog';
import { Screen } from '../books/Screen';
import { READER_QR } from '../books/texts';
import {
  bookPage,
  bookPages,
  clampPage,
  isEmptyPage,
  KIDS_BOOK_PAGES,
  type KidsBookRecord,
  pageImageFileName,
} from './kids-book';
import { VIEWER } from './texts';

export default function KidsBookViewerPage() {
  const { bookId = '' } = useParams();
  const book = useQuery<KidsBookRecord>({
    queryKey: ['/api/kids-book', encodeURIComponent(bookId)],
    enabled: bookId !== '',
  });
  const [page, setPage] = useState(1);
  const [readerQr, setReaderQr] = useState(false);
  const pager = useRef<HTMLElement>(null);

  const back = <BackLink to="/my-books">{VIEWER.backToBooks}</BackLink>;

  if (book.isPending) {
    return (
      <Screen title={<Skeleton width={240} height={28} />}>
        <div role="status" aria-busy="true" aria-label={VIEWER.loading} css={{ display: 'grid', gap: 16 }}>
          <Skeleton height={320} />
          <Skeleton height={120} />
        </div>
      </Screen>
    );
  }
  // 'Failed to fetch book data' (any failed read) shows the not-found view (docs/product/creation-tools-qr.md (Messages)).
  if (book.isError || !book.data) {
    return (
      <Screen title={VIEWER.notFoundTitle} subtitle={VIEWER.notFoundBody}>
        <div>{back}</div>
      </Screen>
    );
  }

  const record = book.data;
  const current = bookPage(record, page);
  const go = (n: number) => setPage(clampPage(n));
  // The overview sits below the page: jumping from it brings the page it opened back into view.
  const jump = (n: number) => {
    go(n);
    pager.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <Screen title={record.title || 'Kids Book'} subtitle={record.storyDescription}>
      <div
        css={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 12,
          fontSize: theme.fontSizes.sm,
        }}
      >
        {back}
        {record.status && record.generationStatus && (
          <Badge tone={statusTone({ type: 'kids-book', generationStatus: record.generationStatus })}>
            {record.status}
          </Badge>
        )}
        {record.createdAt && (
          <span css={{ color: theme.colors.textMuted }}>
            {VIEWER.created(bookDate(record.createdAt, 'list'))}
          </span>
        )}
      </div>

      {typeof record.error === 'string' && (
        <Alert tone="danger" data-testid="book-error">
          {record.error}
        </Alert>
      )}

      {(typeof record.finalBookFile === 'string' || typeof record.epubFile === 'string') && (
        <section
          aria-label={VIEWER.downloads}
          css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}
        >
          {typeof record.finalBookFile === 'string' && (
            <a href={record.finalBookFile} download css={buttonStyles('primary', 'sm')}>
              <Download aria-hidden size={16} />
              {VIEWER.downloadPrint}
            </a>
          )}
          {typeof record.epubFile === 'string' && (
            <a href={record.epubFile} download css={buttonStyles('outline', 'sm')}>
              <Download aria-hidden size={16} />
              {VIEWER.downloadEbook}
            </a>
          )}
          {typeof record.finalBookFile === 'string' && (
            <Button size="sm" variant="outline" onClick={() => setReaderQr(true)}>
              <QrCode aria-hidden size={16} />
              {READER_QR.button}
            </Button>
          )}
          <span css={{ color: theme.colors.textMuted, fontSize: theme.fontSizes.sm }}>
            {VIEWER.downloadPrintHint}
          </span>
        </section>
      )}
      {readerQr && (
        <ReaderQrDialog
          bookId={bookId}
          bookTitle={record.title || 'Kids Book'}
          onClose={() => setReaderQr(false)}
        />
      )}

      <nav
        ref={pager}
        aria-label="Pages"
        css={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 8,
          scrollMarginTop: 16,
          // On a phone the two buttons are a little narrower, so all three fit the row.
          '@media (max-width: 479px)': { '& > button': { paddingInline: 10 } },
        }}
      >
        <Button variant="outline" onClick={() => go(page - 1)} disabled={page <= 1}>
          <ChevronLeft aria-hidden />
          {VIEWER.previous}
        </Button>
        {/* One line at 375 px too: the buttons keep their size, the indicator never breaks. */}
        <p
          aria-live="polite"
          css={{ fontWeight: 700, textAlign: 'center', whiteSpace: 'nowrap' }}
          data-testid="page-indicator"
        >
          {VIEWER.pageOf(current.number, KIDS_BOOK_PAGES)}
        </p>
        <Button variant="outline" onClick={() => go(page + 1)} disabled={page >= KIDS_BOOK_PAGES}>
          {VIEWER.next}
          <ChevronRight aria-hidden />
        </Button>
      </nav>

      <div css={{ ...theme.columns(1024, 'minmax(0, 3fr) minmax(0, 2fr)', 16), alignItems: 'start' }}>
        <ImageCard title={record.title} page={current.number} image={current.image} />
        <TextCard text={current.text} />
      </div>

      <Card title={VIEWER.overview} headingLevel={2}>
        <ol css={theme.tileGrid(44, 8, 'auto-fill')}>
          {bookPages(record).map((p) => (
            <li key={p.number}>
              <Button
                size="sm"
                variant={p.number === current.number ? 'primary' : 'outline'}
                aria-current={p.number === current.number ? 'page' : undefined}
                aria-label={VIEWER.goToPage(p.number)}
                data-empty={isEmptyPage(p) ? 'true' : undefined}
                onClick={() => jump(p.number)}
                css={{ width: '100%', ...(isEmptyPage(p) ? { opacity: 0.4 } : {}) }}
              >
                {p.number}
              </Button>
            </li>
          ))}
        </ol>
      </Card>
    </Screen>
  );
}

function ImageCard({
  title,
  page,
  image,
}: {
  title: string | undefined;
  page: number;
  image: string | null;
}) {
  // A picture that cannot be loaded or decoded gets the missing-picture state, not a broken icon.
  const [broken, setBroken] = useState<string | null>(null);
  const shown = image !== null && image !== broken ? image : null;
  const download = async () => {
    if (!shown) return;
    try {
      const res = await fetch(shown, { credentials: 'include' });
      if (!res.ok) throw new Error(String(res.status));
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = pageImageFileName(title, page);
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      toast({ title: VIEWER.downloadStarted });
    } catch {
      toast({
        title: VIEWER.downloadFailedTitle,
        description: VIEWER.downloadFailedBody,
        variant: 'destructive',
      });
    }
  };
  return (
    <Card>
      {shown ? (
        <img
          src={shown}
          alt={VIEWER.pageImageAlt(page)}
          onError={() => setBroken(shown)}
          css={{
            width: '100%',
            height: 'auto',
            aspectRatio: '1 / 1',
            objectFit: 'contain',
            borderRadius: theme.radii.md,
            background: theme.colors.surfaceMuted,
          }}
        />
      ) : (
        <div
          css={{
            display: 'grid',
            placeItems: 'center',
            aspectRatio: '1 / 1',
            borderRadius: theme.radii.md,
            background: theme.colors.surfaceMuted,
            color: theme.colors.textMuted,
            textAlign: 'center',
            padding: 16,
          }}
        >
          {VIEWER.noImage}
        </div>
      )}
      <div>
        <Button variant="outline" onClick={download} disabled={!shown}>
          <Download aria-hidden />
          {VIEWER.downloadImage}
        </Button>
      </div>
    </Card>
  );
}

function TextCard({ text }: { text: string | null }) {
  const copy = async () => {
    if (!text) return;
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: VIEWER.copied });
    } catch {
      toast({ title: VIEWER.copyFailedTitle, description: VIEWER.copyFailedBody, variant: 'destructive' });
    }
  };
  return (
    <Card>
      <p
        data-testid="page-text"
        css={{
          fontSize: theme.fontSizes.lg,
          lineHeight: 1.6,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          color: text ? theme.colors.text : theme.colors.textMuted,
        }}
      >
        {text ?? VIEWER.noText}
      </p>
      <div>
        <Button variant="outline" onClick={copy} disabled={!text}>
          <Copy aria-hidden />
          {VIEWER.copyText}
        </Button>
      </div>
    </Card>
  );
}
