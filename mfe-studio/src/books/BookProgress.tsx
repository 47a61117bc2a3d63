// After Generate: the confirmation, with the book's progress moving live (the generation stream)
// and its PDF and EPUB once done.
import { bookStage, type GenerationStatus } from '@studio/events';
import { Alert, buttonStyles, ProgressBar, theme, useUser } from '@studio/kit';
import { BOOKS_QUERY_ROOT, useGenerationStream } from '@studio/kit/live';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Link } from 'react-router-dom';
import { COMMON, GEN2 } from './texts';

interface ListedBook {
  id: string;
  type: string;
  generationStatus: GenerationStatus;
  progress?: number;
  currentStep?: string;
  downloadLink?: string;
  epubFile?: string;
  /** false when the book was made on a plan without EPUB (Basic). */
  epubIncluded?: boolean;
  /** A failed book's reason, with its refund, as the server words it. */
  error?: string;
}

export function BookProgress({ bookId }: { bookId: string }) {
  const user = useUser();
  const books = useQuery<ListedBook[]>({
    queryKey: [BOOKS_QUERY_ROOT, user?.id ?? ''],
    enabled: Boolean(user),
  });
  useGenerationStream(Boolean(user) && books.isSuccess, true);
  const book = books.data?.find((b) => b.id === bookId);
  const percent = Math.max(0, Math.min(100, Math.round(Number(book?.progress) || 0)));
  // Not listed yet: the request is being written.
  const stage = book ? bookStage(book.type, book.generationStatus) : 'outline-creation';
  const done = stage === 'done';
  const failed = stage === 'error';

  return (
    <Alert
      tone={failed ? 'danger' : 'success'}
      title={done ? GEN2.doneTitle : failed ? GEN2.failedTitle : GEN2.startedTitle}
      data-testid="generation-confirmation"
    >
      <p>
        {done
          ? GEN2.bookDone
          : failed
            ? (book?.error ?? GEN2.bookFailed)
            : stage === 'outline-finished'
              ? GEN2.outlineReady
              : GEN2.bookCreation}
      </p>
      {!done && !failed && (
        <div css={{ display: 'grid', gap: 4, maxWidth: 420 }}>
          <ProgressBar value={percent} label="Book progress" />
          <span css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }}>
            {percent}%{book?.currentStep ? ` · ${book.currentStep}` : ''}
          </span>
        </div>
      )}
      {done && (
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {book?.downloadLink && (
            <a href={book.downloadLink} download css={buttonStyles('primary', 'sm')}>
              <Download aria-hidden />
              {GEN2.downloadPdf}
            </a>
          )}
          {book?.epubFile && (
            <a href={book.epubFile} download css={buttonStyles('outline', 'sm')}>
              <Download aria-hidden />
              {GEN2.downloadEpub}
            </a>
          )}
        </div>
      )}
      {done && book?.epubIncluded === false && <p data-testid="pdf-only">{GEN2.pdfOnly}</p>}
      <p>
        {done ? GEN2.inMyBooks : GEN2.checkMyBooks} <Link to="/my-books">{COMMON.goToMyBooks}</Link>
      </p>
    </Alert>
  );
}
