// Gen 2.0's outline editor (docs/product/creation-tools-qr.md (Screens and routes: Non-fiction Gen 2.0)):
// the chosen outline's introduction and chapters to edit, add, remove and reorder with buttons
// (keyboard-reachable, no drag), saved with PUT …/outlines/{index}; the three outlines can be
// written anew once for free.
import { type BookBrief, type BookLength, CHAPTERS } from '@studio/events';
import { Alert, Button, Card, Spinner, theme, toast, USER_QUERY_KEY } from '@studio/kit';
import { Field, Input, Textarea } from '@studio/kit/widgets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { failureText, getJson, postJson, putJson } from '../tool-screen/tool-call';
import { BriefEditor } from './BriefEditor';
import { COMMON, GEN2 } from './texts';

export interface DraftChapter {
  /** Stable while chapters move, so focus and typing follow the chapter, not its place. */
  key: number;
  title: string;
  summary: string;
}

let nextKey = 0;
const newKey = () => ++nextKey;

export interface OutlineDraft {
  introduction: string;
  chapters: DraftChapter[];
}

interface EditorView {
  editable: boolean;
  rewritesLeft: number;
  /** What the next rewrite costs (0 while the free one is left), and the round it would be. */
  rewritePrice?: number;
  rewriteRound?: number;
  outlines: { introduction?: string; chapters: { title: string; summary: string }[] }[];
  /** The brief every chapter will be written with, and the book's length. */
  brief?: BookBrief;
  length?: BookLength;
}

const editorPath = (bookId: string) => `/api/non-fiction-gen2/books/${encodeURIComponent(bookId)}/outlines`;

/** The body PUT expects: an empty introduction is left out (the book then has none). */
export const draftBody = (draft: OutlineDraft) => ({
  ...(draft.introduction.trim() ? { introduction: draft.introduction.trim() } : {}),
  chapters: draft.chapters.map((c) => ({ title: c.title.trim(), summary: c.summary.trim() })),
});

/** Saves the draft of outline `index` (used by the editor's Save and before the book is generated). */
export const saveOutline = (bookId: string, index: number, draft: OutlineDraft) =>
  putJson<EditorView>(`${editorPath(bookId)}/${index}`, draftBody(draft));

export interface OutlineEditorProps {
  bookId: string;
  index: 0 | 1 | 2;
  draft: OutlineDraft | null;
  onDraft: (draft: OutlineDraft, dirty: boolean) => void;
  onRewritten: () => void;
}

export function OutlineEditor({ bookId, index, draft, onDraft, onRewritten }: OutlineEditorProps) {
  const client = useQueryClient();
  const key = ['gen2-outline-editor', bookId] as const;
  const view = useQuery<EditorView>({
    queryKey: key,
    queryFn: () => getJson<EditorView>(editorPath(bookId)),
  });
  const offered = view.data?.outlines[index];

  // A new choice (or fresh outlines) starts a new draft from the server's text.
  useEffect(() => {
    if (offered)
      onDraft(
        {
          introduction: offered.introduction ?? '',
          chapters: offered.chapters.map((c) => ({ ...c, key: newKey() })),
        },
        false,
      );
  }, [offered, onDraft]);

  const save = useMutation({
    mutationFn: (d: OutlineDraft) => saveOutline(bookId, index, d),
    onSuccess: (reply) => {
      client.setQueryData(key, reply);
      toast({ title: GEN2.outlineSaved });
    },
    onError: (error) =>
      toast({
        title: COMMON.errorTitle,
        description: failureText(error, GEN2.saveFailed),
        variant: 'destructive',
      }),
  });
  const [confirming, setConfirming] = useState(false);
  const rewrite = useMutation({
    // A paid rewrite names the price shown and the round offered: a second click is not a second charge.
    mutationFn: (paid: { credits: number; round: number } | null) =>
      postJson(`${editorPath(bookId)}/rewrite`, paid ?? {}),
    onSuccess: () => {
      setConfirming(false);
      void client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
      onRewritten();
    },
    onError: (error) =>
      toast({
        title: COMMON.errorTitle,
        description: failureText(error, GEN2.rewriteFailed),
        variant: 'destructive',
      }),
  });

  if (view.isError || (view.isSuccess && !offered))
    return (
      <Alert tone="danger" title={COMMON.errorTitle}>
        {view.isError ? failureText(view.error, GEN2.editorFailed) : GEN2.editorEmpty}
      </Alert>
    );
  // Loading, and the one render before the server's outline becomes the draft.
  if (!draft)
    return (
      <Card>
        <div role="status" css={{ display: 'flex', gap: 12, alignItems: 'center' }}>
          <Spinner />
          <span>{GEN2.editorLoading}</span>
        </div>
      </Card>
    );

  const set = (next: OutlineDraft) => onDraft(next, true);
  const chapters = draft.chapters;
  const setChapter = (i: number, patch: Partial<DraftChapter>) =>
    set({ ...draft, chapters: chapters.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  const move = (i: number, by: -1 | 1) => {
    const next = [...chapters];
    const [moved] = next.splice(i, 1);
    if (moved) next.splice(i + by, 0, moved);
    set({ ...draft, chapters: next });
  };
  const remove = (i: number) => set({ ...draft, chapters: chapters.filter((_, j) => j !== i) });
  const add = () => set({ ...draft, chapters: [...chapters, { key: newKey(), title: '', summary: '' }] });
  const incomplete = chapters.some((c) => !c.title.trim() || !c.summary.trim());
  const price = view.data?.rewritePrice ?? 0;

  return (
    <Card title={GEN2.editorTitle(index + 1)} headingLevel={3}>
      <div css={{ display: 'grid', gap: 16 }} data-testid="outline-editor">
        <p css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>{GEN2.editorIntro}</p>
        <Field label={GEN2.introductionText}>
          <Textarea
            rows={3}
            value={draft.introduction}
            onChange={(e) => set({ ...draft, introduction: e.target.value })}
          />
        </Field>
        <ol
          aria-label={GEN2.chaptersList}
          css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}
        >
          {chapters.map((chapter, i) => (
            <li
              key={chapter.key}
              css={{
                display: 'grid',
                gap: 8,
                padding: 12,
                border: `1px solid ${theme.colors.border}`,
                borderRadius: 8,
                minWidth: 0,
              }}
            >
              <Field label={GEN2.chapterTitle(i + 1)}>
                <Input value={chapter.title} onChange={(e) => setChapter(i, { title: e.target.value })} />
              </Field>
              <Field label={GEN2.chapterSummary(i + 1)}>
                <Textarea
                  rows={3}
                  value={chapter.summary}
                  onChange={(e) => setChapter(i, { summary: e.target.value })}
                />
              </Field>
              <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                  aria-label={GEN2.moveUp(i + 1)}
                >
                  {GEN2.up}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={i === chapters.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={GEN2.moveDown(i + 1)}
                >
                  {GEN2.down}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={chapters.length <= CHAPTERS.min}
                  onClick={() => remove(i)}
                  aria-label={GEN2.removeChapter(i + 1)}
                >
                  {GEN2.remove}
                </Button>
              </div>
            </li>
          ))}
        </ol>
        <p css={{ fontSize: theme.fontSizes.sm }} aria-live="polite">
          {GEN2.chapterCount(chapters.length, CHAPTERS.max)}
          {incomplete ? ` ${GEN2.incomplete}` : ''}
        </p>
        {view.data?.brief && (
          <BriefEditor
            bookId={bookId}
            queryKey={key}
            brief={view.data.brief}
            length={view.data.length ?? 'standard'}
            chapters={chapters.length + (draft.introduction.trim() ? 1 : 0)}
            editable={view.data.editable}
          />
        )}
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
          <Button variant="outline" disabled={chapters.length >= CHAPTERS.max} onClick={add}>
            {GEN2.addChapter}
          </Button>
          <Button
            disabled={save.isPending || incomplete || !view.data?.editable}
            onClick={() => save.mutate(draft)}
          >
            {save.isPending ? GEN2.saving : GEN2.saveOutline}
          </Button>
          {(view.data?.rewritesLeft ?? 0) > 0 ? (
            <Button variant="outline" disabled={rewrite.isPending} onClick={() => rewrite.mutate(null)}>
              {GEN2.rewrite}
            </Button>
          ) : (
            <>
              <span
                css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}
                data-testid="rewrite-used"
              >
                {GEN2.rewriteUsed}
              </span>
              {price > 0 && !confirming && (
                <Button variant="outline" onClick={() => setConfirming(true)}>
                  {GEN2.paidRewrite(price)}
                </Button>
              )}
            </>
          )}
        </div>
        {confirming && price > 0 && (
          <section
            aria-labelledby="paid-rewrite"
            css={{ display: 'grid', gap: 8 }}
            data-testid="paid-rewrite"
          >
            <p id="paid-rewrite" css={{ fontSize: theme.fontSizes.sm }}>
              {GEN2.confirmRewrite(price)}
            </p>
            <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
              <Button
                disabled={rewrite.isPending}
                onClick={() => rewrite.mutate({ credits: price, round: view.data?.rewriteRound ?? 0 })}
              >
                {rewrite.isPending ? GEN2.generating : GEN2.confirmPaid(price)}
              </Button>
              <Button variant="outline" disabled={rewrite.isPending} onClick={() => setConfirming(false)}>
                {GEN2.cancel}
              </Button>
            </div>
          </section>
        )}
      </div>
    </Card>
  );
}
