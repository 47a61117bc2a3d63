// The Gen 2.0 outline view (docs/product/creation-tools-qr.md (States)): polls GET /api/non-fiction-gen2/outlines every 5 s
// (422 = still generating; a failed fetch keeps waiting), lets the user pick a finished outline,
// then POST generate-book and a confirmation that follows the book's progress live.
import {
  Alert,
  Button,
  buttonStyles,
  Card,
  Spinner,
  theme,
  toast,
  USER_QUERY_KEY,
  useUser,
} from '@studio/kit';
import { BOOKS_QUERY_ROOT } from '@studio/kit/live';
import { ChoiceBox } from '@studio/kit/widgets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { failureText, getJson, postJson, ToolCallError } from '../tool-screen/tool-call';
import { BookProgress } from './BookProgress';
import { type OutlineDraft, OutlineEditor, saveOutline } from './OutlineEditor';
import {
  canChoose,
  canGenerate,
  isFailed,
  isFinished,
  isWaiting,
  keepPolling,
  OUTLINE_POLL_MS,
  type OutlineChoice,
  type OutlineRecord,
  parseOutlines,
} from './outlines';
import { COMMON, GEN2 } from './texts';

const isNotFound = (error: unknown): boolean => error instanceof ToolCallError && error.status === 404;

export interface OutlineSelectionProps {
  bookId: string;
  onCreateAnother: () => void;
}

export function OutlineSelection({ bookId, onCreateAnother }: OutlineSelectionProps) {
  const user = useUser();
  const client = useQueryClient();
  const key = ['gen2-outlines', bookId] as const;
  const outlines = useQuery<OutlineRecord[]>({
    queryKey: key,
    queryFn: async () => {
      try {
        return parseOutlines(
          await getJson(`/api/non-fiction-gen2/outlines?bookId=${encodeURIComponent(bookId)}`),
        );
      } catch (error) {
        // 404 is permanent (no such book, or another user's): say so, and stop asking.
        if (isNotFound(error)) throw error;
        // 422: still generating. Any other failure keeps the waiting state too (docs/product/creation-tools-qr.md (Messages)).
        if (!(error instanceof ToolCallError && error.status === 422))
          console.warn('Outline fetch failed', error);
        return client.getQueryData<OutlineRecord[]>(key) ?? [];
      }
    },
    retry: false,
    refetchInterval: (query) =>
      !isNotFound(query.state.error) && keepPolling(query.state.data) ? OUTLINE_POLL_MS : false,
  });
  const [choice, setChoice] = useState<OutlineChoice | null>(null);
  const [generated, setGenerated] = useState(false);
  const [draft, setDraft] = useState<{ value: OutlineDraft; dirty: boolean } | null>(null);
  const onDraft = useCallback((value: OutlineDraft, dirty: boolean) => setDraft({ value, dirty }), []);
  const choose = (next: OutlineChoice) => {
    setDraft(null);
    setChoice(next);
  };

  const generate = useMutation({
    // Unsaved edits are saved first: the book is written from the outline the author sees.
    mutationFn: async (body: OutlineChoice & { userId: string }) => {
      if (draft?.dirty) await saveOutline(bookId, body.outlineIndex, draft.value);
      return postJson<{ bookGenerated?: boolean }>('/api/non-fiction-gen2/generate-book', body);
    },
    onSuccess: () => {
      setGenerated(true);
      void client.invalidateQueries({ queryKey: [BOOKS_QUERY_ROOT] });
      void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
    onError: (error) => {
      toast({
        title: COMMON.errorTitle,
        description: failureText(error, GEN2.generateFailed),
        variant: 'destructive',
      });
    },
  });

  const records = outlines.data;
  const alreadyGenerated = generated || (records ?? []).some((r) => r.bookGenerated);

  const onGenerate = () => {
    if (!choice || !user || generate.isPending) return;
    generate.mutate({ ...choice, userId: user.id });
  };

  return (
    <section aria-labelledby="outline-heading" css={{ display: 'grid', gap: 16 }}>
      <div
        css={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 12,
        }}
      >
        <div css={{ display: 'grid', gap: 4 }}>
          <h2 id="outline-heading" css={{ fontSize: theme.fontSizes.xl, fontWeight: 700 }}>
            {alreadyGenerated ? GEN2.bookTitle : GEN2.selectTitle}
          </h2>
          <p css={{ color: theme.colors.textMuted, fontSize: theme.fontSizes.sm }}>
            {alreadyGenerated ? GEN2.bookIntro : GEN2.selectIntro}
          </p>
        </div>
        <Button variant="outline" onClick={onCreateAnother}>
          {GEN2.createAnother}
        </Button>
      </div>

      {isNotFound(outlines.error) ? (
        <Card>
          <div role="alert" css={{ display: 'grid', gap: 8 }} data-testid="outline-not-found">
            <strong>{GEN2.notFoundTitle}</strong>
            <p css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>{GEN2.notFoundText}</p>
            <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
              <Link to="/my-books" css={buttonStyles('outline', 'sm')}>
                {GEN2.goToMyBooks}
              </Link>
            </div>
          </div>
        </Card>
      ) : alreadyGenerated ? (
        <BookProgress bookId={bookId} />
      ) : (records ?? []).some(isFailed) ? (
        <Alert tone="danger" title={COMMON.errorTitle}>
          {GEN2.outlinesFailed}
        </Alert>
      ) : isWaiting(records) ? (
        <Card>
          <div
            role="status"
            css={{ display: 'flex', alignItems: 'center', gap: 12 }}
            data-testid="outline-waiting"
          >
            <Spinner />
            <div css={{ display: 'grid', gap: 2 }}>
              <strong>{GEN2.waiting}</strong>
              <span css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>
                {GEN2.waitingHint}
              </span>
            </div>
          </div>
        </Card>
      ) : (
        <>
          {(records ?? []).map((record) => (
            <OutlineOptions key={record.id} record={record} choice={choice} onChoose={choose} />
          ))}
          {choice && (
            <OutlineEditor
              key={`${choice.outlineId}-${choice.outlineIndex}`}
              bookId={bookId}
              index={choice.outlineIndex}
              draft={draft?.value ?? null}
              onDraft={onDraft}
              onRewritten={() => {
                setChoice(null);
                setDraft(null);
                void client.invalidateQueries({ queryKey: key });
              }}
            />
          )}
          <div>
            <Button size="lg" onClick={onGenerate} disabled={!canGenerate(choice, generate.isPending)}>
              {generate.isPending ? GEN2.generating : GEN2.generate}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

interface OutlineOptionsProps {
  record: OutlineRecord;
  choice: OutlineChoice | null;
  onChoose: (choice: OutlineChoice) => void;
}

/** One record's three outlines: a spinner while in creation, else selectable boxes. */
function OutlineOptions({ record, choice, onChoose }: OutlineOptionsProps) {
  if (!isFinished(record)) {
    return (
      <Card>
        <div role="status" css={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          <Spinner />
          <span>{GEN2.waiting}</span>
        </div>
      </Card>
    );
  }
  return (
    <ul aria-label={GEN2.selectTitle} css={theme.tileGrid(260, 12)}>
      {record.texts.map((text, index) =>
        text === null ? null : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the index is the outline's identity
          <li key={index} css={{ minWidth: 0, display: 'grid' }}>
            <ChoiceBox
              label={GEN2.option(index + 1)}
              text={text}
              selected={choice?.outlineId === record.id && choice.outlineIndex === index}
              selectable={canChoose(record, index)}
              onSelect={() => onChoose({ outlineId: record.id, outlineIndex: index as 0 | 1 | 2 })}
              selectText={GEN2.select}
              selectedText={GEN2.selected}
            />
          </li>
        ),
      )}
    </ul>
  );
}
