// /my-books/:bookId/versions: a finished book's parts with every version kept
// (docs/product/creation-tools-qr.md (Screens and routes: Regenerating a part)): a non-fiction
// book's chapters, a kids book's page pictures, a coloring book's designs. Each part says which
// version is in the book, shows each one (a chapter's words, a picture's thumbnail), puts one in
// the book (a free rebuild of the files), and makes the part again with a note, for the price
// shown first.
import { Alert, apiJson, Button, Card, theme } from '@studio/kit';
import { BOOKS_QUERY_ROOT } from '@studio/kit/live';
import { Skeleton } from '@studio/kit/widgets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { serverMessage } from '../api';
import { Screen } from '../Screen';
import { PART_VERSIONS, PICTURE_VERSIONS } from '../texts';
import {
  type BookPart,
  type BookParts,
  isPictureBook,
  isPicturePart,
  isWriting,
  partName,
} from './part-versions';
import { RegenerateDialog } from './RegenerateDialog';
import { VersionCard } from './VersionCard';
import { VersionText } from './VersionText';

const REFRESH_WHILE_WRITING_MS = 2000;

export default function PartVersionsPage() {
  const { bookId = '' } = useParams();
  const client = useQueryClient();
  const queryKey = ['/api/books', encodeURIComponent(bookId), 'parts'];
  const parts = useQuery<BookParts>({
    queryKey,
    enabled: bookId !== '',
    refetchOnMount: 'always',
    refetchInterval: (query) => (isWriting(query.state.data) ? REFRESH_WHILE_WRITING_MS : false),
  });
  const [asking, setAsking] = useState<BookPart | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger' | 'info'; text: string } | null>(null);
  const choose = useMutation({
    mutationFn: ({ part, version }: { part: string; version: number }) =>
      apiJson<{ message: string }>(
        'POST',
        `/api/books/${encodeURIComponent(bookId)}/parts/${encodeURIComponent(part)}/choose`,
        { version },
      ),
    onSuccess: (answer) => {
      setNotice({ tone: 'success', text: answer.message });
      void client.invalidateQueries({ queryKey });
      void client.invalidateQueries({ queryKey: [BOOKS_QUERY_ROOT], refetchType: 'all' });
    },
    onError: (error) => setNotice({ tone: 'danger', text: serverMessage(error, PART_VERSIONS.chooseFailed) }),
  });

  const back = (
    <Link
      to={`/my-books/${encodeURIComponent(bookId)}/edit`}
      css={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontSize: theme.fontSizes.sm }}
    >
      <ArrowLeft aria-hidden size={16} />
      {PART_VERSIONS.backToEdit}
    </Link>
  );

  if (parts.isPending) {
    return (
      <Screen title={PART_VERSIONS.title}>
        <div
          role="status"
          aria-busy="true"
          aria-label={PART_VERSIONS.loading}
          css={{ display: 'grid', gap: 16 }}
        >
          <Skeleton height={160} />
          <Skeleton height={160} />
        </div>
      </Screen>
    );
  }
  const book = parts.data;
  if (parts.isError || !book) {
    return (
      <Screen title="Book not found" subtitle="This book does not exist or is not yours.">
        <div>{back}</div>
      </Screen>
    );
  }

  const pictures = isPictureBook(book);
  const started = pictures ? PICTURE_VERSIONS.started : PART_VERSIONS.started;
  return (
    <Screen
      title={
        pictures
          ? PICTURE_VERSIONS.title
          : book.kind === 'kids-book'
            ? PART_VERSIONS.pagesTitle
            : PART_VERSIONS.title
      }
      subtitle={book.title}
    >
      <div>{back}</div>
      {!book.editable && (
        <Alert tone="warning">{pictures ? PICTURE_VERSIONS.notFinished : PART_VERSIONS.notFinished}</Alert>
      )}
      {/* "Being written again" lasts only while it is: each part then shows its new version. */}
      {notice && (notice.text !== started || isWriting(book)) && (
        <Alert tone={notice.tone}>{notice.text}</Alert>
      )}
      {book.parts.length === 0 && <p>{PART_VERSIONS.empty}</p>}
      {book.parts.map((part) => (
        <Card key={part.part} headingLevel={2} title={partName(part)} data-part={part.part}>
          <p css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>
            {isPicturePart(part) ? PICTURE_VERSIONS.inBook(part.inBook) : PART_VERSIONS.inBook(part.inBook)}
          </p>
          <ol
            css={{
              listStyle: 'none',
              margin: 0,
              padding: 0,
              display: 'grid',
              gap: 12,
              // Pictures side by side as thumbnails, as many as the width holds.
              ...(isPicturePart(part)
                ? { gridTemplateColumns: 'repeat(auto-fill, minmax(min(200px, 100%), 1fr))' }
                : {}),
            }}
          >
            {part.versions.map((version) => (
              <VersionCard
                key={version.version}
                version={version}
                partLabel={part.label}
                inUse={part.inBook === version.version}
                inUseBadge={PART_VERSIONS.inBookBadge}
                canUse={book.editable}
                pending={choose.isPending}
                onUse={() => {
                  setNotice(null);
                  choose.mutate({ part: part.part, version: version.version });
                }}
              >
                {version.picture ? (
                  <img
                    src={version.picture}
                    alt={PICTURE_VERSIONS.picture(
                      part.label,
                      PART_VERSIONS.version(version.version),
                      version.instruction,
                    )}
                    loading="lazy"
                    css={{
                      width: '100%',
                      aspectRatio: part.part.startsWith('design-') ? '3 / 4' : '3 / 2',
                      objectFit: 'contain',
                      background: '#fff',
                      border: `1px solid ${theme.colors.border}`,
                      borderRadius: theme.radii.sm,
                    }}
                  />
                ) : (
                  <VersionText value={version} />
                )}
              </VersionCard>
            ))}
          </ol>
          {part.regeneration?.status === 'pending' && (
            <p role="status" css={{ fontSize: theme.fontSizes.sm }}>
              {isPicturePart(part) ? PICTURE_VERSIONS.pending : PART_VERSIONS.pending}
            </p>
          )}
          {part.regeneration?.status === 'failed' && part.regeneration.reason && (
            <Alert tone="danger">{part.regeneration.reason}</Alert>
          )}
          <div>
            <Button
              disabled={!book.editable || part.regeneration?.status === 'pending'}
              aria-label={`${isPicturePart(part) ? PICTURE_VERSIONS.drawAgain : PART_VERSIONS.writeAgain}: ${part.label}`}
              onClick={() => setAsking(part)}
            >
              <RefreshCw aria-hidden />
              {isPicturePart(part) ? PICTURE_VERSIONS.drawAgain : PART_VERSIONS.writeAgain}
            </Button>
          </div>
        </Card>
      ))}
      {asking && (
        <RegenerateDialog
          partsPath={`/api/books/${encodeURIComponent(book.id)}/parts`}
          part={asking.part}
          partTitle={isPicturePart(asking) ? partName(asking) : (asking.title ?? asking.label)}
          picture={isPicturePart(asking)}
          cost={asking.price ?? book.price}
          onClose={() => setAsking(null)}
          onStarted={() => {
            setAsking(null);
            setNotice({ tone: 'info', text: started });
            void client.invalidateQueries({ queryKey });
          }}
        />
      )}
    </Screen>
  );
}
