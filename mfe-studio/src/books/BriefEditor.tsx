// The book brief in Gen 2.0's outline editor: what every chapter is written with, editable until
// the book is started (PUT …/books/{id}/brief), with the book's length and its page estimate for
// the chapters of the draft.
import { type BookBrief, type BookLength, CHAPTER_LENGTHS } from '@studio/events';
import { Button, theme, toast } from '@studio/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { failureText, putJson } from '../tool-screen/tool-call';
import { BookBriefFields } from '../tools/BookBriefFields';
import { pagesText } from '../tools/BookLengthField';
import { COMMON, GEN2 } from './texts';

export function BriefEditor({
  bookId,
  queryKey,
  brief,
  length,
  chapters,
  editable,
}: {
  bookId: string;
  queryKey: readonly unknown[];
  brief: BookBrief;
  length: BookLength;
  /** The draft's chapters, the introduction counted: the page estimate follows the edits. */
  chapters: number;
  editable: boolean;
}) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<BookBrief>(brief);
  useEffect(() => setDraft(brief), [brief]);
  const save = useMutation({
    mutationFn: (value: BookBrief) =>
      putJson<unknown>(`/api/non-fiction-gen2/books/${encodeURIComponent(bookId)}/brief`, value),
    onSuccess: (reply) => {
      client.setQueryData(queryKey, reply);
      toast({ title: GEN2.briefSaved });
    },
    onError: (error) =>
      toast({
        title: COMMON.errorTitle,
        description: failureText(error, GEN2.briefFailed),
        variant: 'destructive',
      }),
  });
  const { label, words } = CHAPTER_LENGTHS[length];
  return (
    <section aria-labelledby="brief-title" css={{ display: 'grid', gap: 12 }} data-testid="brief-editor">
      <h4 id="brief-title" css={{ margin: 0, fontSize: theme.fontSizes.md }}>
        {GEN2.briefTitle}
      </h4>
      <p css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>{GEN2.briefIntro}</p>
      <BookBriefFields value={draft} onChange={setDraft} />
      <p css={{ fontSize: theme.fontSizes.sm }} aria-live="polite" data-testid="page-estimate">
        {GEN2.lengthIs(label, words)} {pagesText(chapters, length)}
      </p>
      <div>
        <Button variant="outline" disabled={save.isPending || !editable} onClick={() => save.mutate(draft)}>
          {save.isPending ? GEN2.saving : GEN2.saveBrief}
        </Button>
      </div>
    </section>
  );
}
