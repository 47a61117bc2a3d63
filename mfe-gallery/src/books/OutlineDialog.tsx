// The outline dialog of My Books (spec 02 §2, §5, §8): up to three outlines side by side, each a
// 24rem scrollable box that can be selected, then Generate Book.
import { Alert, BOOKS_QUERY_ROOT, Button, theme, toast, useUser } from '@studio/kit';
import { Dialog, DialogClose } from '@studio/kit/overlays';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { generateBook, serverMessage } from './api';
import type { Book } from './book';
import { canGenerate, hasOutlines, outlineOptions, showsGenerate } from './outlines';
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
  const generate = useMutation({
    mutationFn: generateBook,
    onSuccess: () => {
      toast({ title: OUTLINE_DIALOG.successTitle, description: OUTLINE_DIALOG.successBody, variant: 'success' });
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
      {!hasOutlines(book) && <Alert tone="info">{OUTLINE_DIALOG.noOutlines}</Alert>}
      {options.length === 0 ? (
        <p css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>{OUTLINE_DIALOG.stillCreating}</p>
      ) : (
        <ul
          aria-label="Outlines"
          css={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'grid',
            gap: 12,
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 260px), 1fr))',
          }}
        >
          {options.map((option) => (
            <li key={option.index} css={{ minWidth: 0 }}>
              <OutlineBox
                label={OUTLINE_DIALOG.option(option.index + 1)}
                text={option.text}
                selected={selected === option.index}
                selectable={showsGenerate(book)}
                onSelect={() => setSelected(option.index)}
              />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

interface OutlineBoxProps {
  label: string;
  text: string;
  selected: boolean;
  selectable: boolean;
  onSelect: () => void;
}

/** One option: a heading button that selects it, and the outline in a 24rem scrollable, focusable box. */
function OutlineBox({ label, text, selected, selectable, onSelect }: OutlineBoxProps) {
  return (
    <section
      aria-label={label}
      css={{
        display: 'grid',
        gap: 8,
        padding: 12,
        borderRadius: theme.radii.md,
        border: `2px solid ${selected ? theme.colors.primary : theme.colors.border}`,
        background: selected ? theme.colors.primarySoft : theme.colors.surface,
        cursor: selectable ? 'pointer' : 'default',
      }}
      onClick={selectable ? onSelect : undefined}
    >
      <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <h3 css={{ fontSize: theme.fontSizes.md, fontWeight: 700 }}>{label}</h3>
        {selectable && (
          <Button
            size="sm"
            variant={selected ? 'primary' : 'outline'}
            aria-pressed={selected}
            aria-label={`Select ${label}`}
            onClick={(event) => {
              event.stopPropagation();
              onSelect();
            }}
          >
            {selected ? <Check aria-hidden /> : null}
            {selected ? OUTLINE_DIALOG.selected : 'Select'}
          </Button>
        )}
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <div
        tabIndex={0}
        role="region"
        aria-label={`${label} text`}
        css={{
          height: '24rem',
          overflowY: 'auto',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontSize: theme.fontSizes.sm,
          lineHeight: 1.55,
          padding: 10,
          borderRadius: theme.radii.sm,
          background: theme.colors.surface,
          border: `1px solid ${theme.colors.border}`,
          '&:focus-visible': theme.focusRing,
        }}
      >
        {text}
      </div>
    </section>
  );
}
