// One book of My Books (docs/product/creation-tools-qr.md (Screens and routes, States)): title, status and type badges, 'Created on', progress,
// action buttons. Clicking the card opens what its type opens; the title is the keyboard way in.
import { Badge, Button, buttonStyles, ProgressBar, theme } from '@studio/kit';
import { useToolDurations } from '@studio/kit/live';
import { Eye, ListChecks, Loader2, Pencil, QrCode, Users } from 'lucide-react';
import { type MouseEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  type Book,
  bookActions,
  type CardClick,
  cardClick,
  coverThumbnail,
  progressMessage,
  progressPercent,
  stageOf,
  statusTone,
  typeLabel,
} from './book';
import { DownloadLink } from './DownloadLink';
import { bookDate } from './format';
import { ReaderQrDialog } from './ReaderQrDialog';
import { ReadersPanel } from './ReadersPanel';
import { ResumeAction } from './ResumeAction';
import { MY_BOOKS, READER_QR, READERS } from './texts';

export interface BookCardProps {
  book: Book;
  view: 'grid' | 'list';
  onOpen: (book: Book, click: Exclude<CardClick, null>) => void;
}

export function BookCard({ book, view, onOpen }: BookCardProps) {
  const click = cardClick(book);
  const percent = progressPercent(book.progress);
  // Durations are read only once some card has a wait to announce (one request per page).
  const durations = useToolDurations(progressMessage(book) !== null);
  const message = progressMessage(book, durations);
  const stage = stageOf(book);
  const date = bookDate(book.createdAt, view);
  const actions = bookActions(book, view);
  const thumbnail = coverThumbnail(book);
  const [readerQr, setReaderQr] = useState(false);
  const [readers, setReaders] = useState(false);

  // A click on a button or link inside the card does only that.
  const onCardClick = (event: MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    // The reader QR dialog is portalled out of the card, but React still bubbles its clicks here.
    if (!click || !event.currentTarget.contains(target) || target.closest('a, button')) return;
    onOpen(book, click);
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the title button is the keyboard equivalent
    <article
      aria-label={book.title}
      onClick={onCardClick}
      css={{
        display: 'grid',
        gap: 12,
        padding: 16,
        minWidth: 0,
        background: theme.colors.surface,
        border: `1px solid ${theme.colors.border}`,
        borderRadius: theme.radii.lg,
        boxShadow: theme.shadows.sm,
        cursor: click ? 'pointer' : 'default',
        '&:hover': click ? { boxShadow: theme.shadows.md } : {},
        ...(view === 'list'
          ? {
              gridTemplateColumns: 'minmax(0, 1fr) auto',
              alignItems: 'center',
              '@media (max-width: 639px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
            }
          : // A card is as tall as the tallest in its row: the extra height goes between the text
            // and the actions (which sit at the foot), never into the rows of badges and progress.
            { gridTemplateRows: '1fr auto' }),
      }}
    >
      <div css={{ display: 'grid', gap: 10, minWidth: 0, alignContent: 'start' }}>
        {thumbnail && (
          // The ebook cover is 1600 × 2560: the box keeps its shape before the picture arrives.
          <img
            src={thumbnail}
            alt={MY_BOOKS.coverOf(book.title)}
            loading="lazy"
            decoding="async"
            width={80}
            height={128}
            data-testid="cover-thumbnail"
            css={{
              width: 80,
              height: 128,
              objectFit: 'cover',
              borderRadius: theme.radii.sm,
              border: `1px solid ${theme.colors.border}`,
              background: theme.colors.border,
            }}
          />
        )}
        <h3 css={{ fontSize: theme.fontSizes.md, fontWeight: 700, overflowWrap: 'anywhere', margin: 0 }}>
          {click ? (
            <button
              type="button"
              onClick={() => onOpen(book, click)}
              css={{
                all: 'unset',
                cursor: 'pointer',
                borderRadius: theme.radii.sm,
                '&:focus-visible': theme.focusRing,
                '&:hover': { textDecoration: 'underline' },
              }}
            >
              {book.title}
            </button>
          ) : (
            book.title
          )}
        </h3>
        {/* Long statuses ('In progress (outline creation)') wrap inside a narrow card. */}
        <div
          css={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 6,
            '& > span': { whiteSpace: 'normal', maxWidth: '100%' },
          }}
        >
          <Badge tone={statusTone(book)} data-testid="status-badge">
            {book.status}
          </Badge>
          <Badge tone="primary" data-testid="type-badge">
            {typeLabel(book.type)}
          </Badge>
        </div>
        {date && (
          <p css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }}>
            {MY_BOOKS.createdOn(date)}
          </p>
        )}
        <div css={{ display: 'grid', gap: 6 }}>
          <div css={{ display: 'flex', justifyContent: 'space-between', fontSize: theme.fontSizes.xs }}>
            <span css={{ color: theme.colors.textMuted }}>{MY_BOOKS.progress}</span>
            <span css={{ fontWeight: 700 }} data-testid="progress-percent">
              {percent}%
            </span>
          </div>
          <ProgressBar value={percent} label={`${book.title} progress`} />
          {stage === 'done' && book.rebuildError && (
            <p css={{ fontSize: theme.fontSizes.xs, color: theme.colors.danger, overflowWrap: 'anywhere' }}>
              {book.rebuildError}
            </p>
          )}
          {stage === 'error' && book.error && (
            <p css={{ fontSize: theme.fontSizes.xs, color: theme.colors.danger, overflowWrap: 'anywhere' }}>
              {book.error}
            </p>
          )}
          {stage === 'done' && book.printWarning && (
            <p
              css={{ fontSize: theme.fontSizes.xs, color: theme.colors.warning, overflowWrap: 'anywhere' }}
              data-testid="print-warning"
            >
              {book.printWarning}
            </p>
          )}
          {stage === 'done' && book.epubIncluded === false && (
            <p css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }} data-testid="pdf-only">
              {MY_BOOKS.pdfOnly}
            </p>
          )}
          {message && (
            <p
              css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted, overflowWrap: 'anywhere' }}
            >
              {message}
              {book.currentStep ? ` · ${book.currentStep}` : ''}
            </p>
          )}
        </div>
      </div>
      {actions.length > 0 && (
        // Buttons that wrap in a narrow card fill their line, so they line up as one column.
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8, '& > a, & > button': { flex: '1 1 auto' } }}>
          {actions.map((action) => {
            switch (action.kind) {
              case 'download':
                return (
                  <DownloadLink key="download" href={action.href} variant="primary">
                    {MY_BOOKS.download}
                  </DownloadLink>
                );
              case 'download-epub':
                return (
                  <DownloadLink key="epub" href={action.href}>
                    {MY_BOOKS.downloadEpub}
                  </DownloadLink>
                );
              case 'download-docx':
                return (
                  <DownloadLink key="docx" href={action.href}>
                    {MY_BOOKS.downloadDocx}
                  </DownloadLink>
                );
              case 'view-link':
                return (
                  <a
                    key="view"
                    href={action.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    css={buttonStyles('primary', 'sm')}
                  >
                    <Eye aria-hidden />
                    {MY_BOOKS.view}
                  </a>
                );
              case 'view-kids-book':
                return (
                  <Link key="view" to={action.to} css={buttonStyles('primary', 'sm')}>
                    <Eye aria-hidden />
                    {MY_BOOKS.view}
                  </Link>
                );
              case 'file-missing':
                return (
                  <p key="missing" css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }}>
                    {MY_BOOKS.fileMissing}
                  </p>
                );
              case 'choose-outline':
                return (
                  <Button key="choose" size="sm" onClick={() => onOpen(book, { kind: 'outlines' })}>
                    <ListChecks aria-hidden />
                    {MY_BOOKS.chooseOutline}
                  </Button>
                );
              case 'edit':
                return (
                  <Link
                    key="edit"
                    to={action.to}
                    aria-label={`${MY_BOOKS.edit} ${book.title}`}
                    css={buttonStyles('outline', 'sm')}
                  >
                    <Pencil aria-hidden />
                    {MY_BOOKS.edit}
                  </Link>
                );
              case 'reader-qr':
                return (
                  <Button
                    key="reader-qr"
                    size="sm"
                    variant="outline"
                    aria-label={`${READER_QR.button}: ${book.title}`}
                    onClick={() => setReaderQr(true)}
                  >
                    <QrCode aria-hidden />
                    {READER_QR.button}
                  </Button>
                );
              case 'readers':
                return (
                  <Button
                    key="readers"
                    size="sm"
                    variant="outline"
                    aria-label={`${READERS.button}: ${book.title}`}
                    onClick={() => setReaders(true)}
                  >
                    <Users aria-hidden />
                    {READERS.button}
                  </Button>
                );
              case 'processing':
                return (
                  <Button key="processing" size="sm" variant="outline" disabled>
                    <Loader2 aria-hidden />
                    {MY_BOOKS.processing}
                  </Button>
                );
              default:
                return null;
            }
          })}
        </div>
      )}
      {stage === 'error' && (
        // The offer names its part and price: on a phone it wraps inside the card, never widens it.
        <div
          css={{
            display: 'grid',
            minWidth: 0,
            '& > button': { whiteSpace: 'normal', height: 'auto', minHeight: 36, paddingBlock: 6 },
          }}
        >
          <ResumeAction bookId={book.id} bookTitle={book.title} />
        </div>
      )}
      {readerQr && (
        <ReaderQrDialog bookId={book.id} bookTitle={book.title} onClose={() => setReaderQr(false)} />
      )}
      {readers && <ReadersPanel bookId={book.id} bookTitle={book.title} onClose={() => setReaders(false)} />}
    </article>
  );
}
