// The outline dialog of My Books (docs/product/creation-tools-qr.md (Screens and routes, Validation, Messages)): up to three outlines side by side, each a
// 24rem scrollable box that can be selected, then Generate Book.
import { Alert, Button, theme, toast, useUser } from '@studio/kit';
import { BOOKS_QUERY_ROOT } from '@studio/kit/live';
import { Dialog, DialogClose } from '@studio/kit/overlays';
import { ChoiceBox } from '@studio/kit/widgets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { generateBook, serverMessage } from './api';
import type { Book } from './book';
import { canGenerate, outlineDialogContent, outlineOptions, showsGenerate } from './outlines';
import { OUTLINE_DIALOG } from './texts';

export interface OutlineDialogProps {
  book: Book;
  onClose: () => void;
}

export function OutlineDialog({ book, onClose }: OutlineDialogProps) {
  const user = useUser();
  const client = useQueryClient();
  const [selected, setSelected] = useState<0 | 1 | 2 | null>(null);
  const options = outlineOptions(book);
  const content = outlineDialogContent(book);
  const generate = useMutation({
    mutationFn: generateBook,
    onSuccess: () => {
      toast({
        title: OUTLINE_DIALOG.successTitle,
        description: OUTLINE_DIALOG.successBody,
        variant: 'success',
      });
      void client.invalidateQueries({ queryKey: [BOOKS_QUERY_ROOT] });
      onClose();
    },
    onError: (error) => {
      toast({
        title: OUTLINE_DIALOG.errorTitle,
        description: serverMessage(error, OUTLINE_DIALOG.errorFallback),
        variant: 'destructive',
      });
    },
  });

  const onGenerate = () => {
    if (selected === null || !user || generate.isPending) return;
    generate.mutate({ outlineId: book.id, userId: user.id, outlineIndex: selected });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={OUTLINE_DIALOG.title(book.title)}
      description={OUTLINE_DIALOG.description}
      maxWidth={1100}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">{OUTLINE_DIALOG.close}</Button>
          </DialogClose>
          {showsGenerate(book) && (
            <Button onClick={onGenerate} disabled={!canGenerate(selected, generate.isPending)}>
              {generate.isPending ? OUTLINE_DIALOG.generating : OUTLINE_DIALOG.generate}
            </Button>
          )}
        </>
      }
    >
      {content === 'no-outlines' && <Alert tone="info">{OUTLINE_DIALOG.noOutlines}</Alert>}
      {/* The modal hides the page's toasts from screen readers: the failure is also said here. */}
      {generate.isError && (
        <Alert tone="danger" title={OUTLINE_DIALOG.errorTitle}>
          {serverMessage(generate.error, OUTLINE_DIALOG.errorFallback)}
        </Alert>
      )}
      {content === 'still-creating' && (
        <p role="status" css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>
          {OUTLINE_DIALOG.stillCreating}
        </p>
      )}
      {content === 'outlines' && (
        <ul aria-label="Outlines" css={theme.tileGrid(260, 12)}>
          {options.map((option) => (
            <li key={option.index} css={{ minWidth: 0 }}>
              <ChoiceBox
                label={OUTLINE_DIALOG.option(option.index + 1)}
                text={option.text}
                selected={selected === option.index}
                selectable={showsGenerate(book)}
                onSelect={() => setSelected(option.index)}
                selectedText={OUTLINE_DIALOG.selected}
              />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
