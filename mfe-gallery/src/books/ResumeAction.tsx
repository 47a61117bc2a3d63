// "Continue from chapter N — X credits" on a failed book's card (docs/product/creation-tools-qr.md
// (Screens and routes: My Books)): the server's price of what is left, a confirmation that says
// it again, then the paid continuation. A book that cannot be continued shows nothing here.
import { Alert, Button, theme, toast, USER_QUERY_KEY } from '@studio/kit';
import { BOOKS_QUERY_ROOT } from '@studio/kit/live';
import { Dialog, DialogClose } from '@studio/kit/overlays';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2, RotateCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { type ResumeQuote, resumeBook, serverMessage, useResumeQuote } from './api';
import { RESUME } from './texts';

export interface ResumeActionProps {
  bookId: string;
  bookTitle: string;
}

export function ResumeAction({ bookId, bookTitle }: ResumeActionProps) {
  const quote = useResumeQuote(bookId);
  const [confirming, setConfirming] = useState(false);
  const offer = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  // The confirmation unmounts as it closes: the keyboard goes back to the offer that opened it.
  useEffect(() => {
    if (wasConfirming.current && !confirming) offer.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  if (quote.isPending)
    return (
      <p
        role="status"
        css={{
          display: 'flex',
          gap: 6,
          alignItems: 'center',
          fontSize: theme.fontSizes.xs,
          color: theme.colors.textMuted,
        }}
      >
        <Loader2 aria-hidden size={14} />
        {RESUME.checking}
      </p>
    );
  if (!quote.data) return null;
  return (
    <>
      <Button ref={offer} size="sm" onClick={() => setConfirming(true)}>
        <RotateCw aria-hidden />
        {RESUME.button(quote.data.from, quote.data.credits)}
      </Button>
      {confirming && (
        <ConfirmResume
          bookId={bookId}
          bookTitle={bookTitle}
          quote={quote.data}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}

function ConfirmResume({
  bookId,
  bookTitle,
  quote,
  onClose,
}: ResumeActionProps & { quote: ResumeQuote; onClose: () => void }) {
  const client = useQueryClient();
  const resume = useMutation({
    mutationFn: () => resumeBook(bookId),
    onSuccess: (answer) => {
      toast({ title: RESUME.successTitle, description: RESUME.successBody(answer.from), variant: 'success' });
      void client.invalidateQueries({ queryKey: [BOOKS_QUERY_ROOT] });
      void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
      void client.invalidateQueries({ queryKey: ['resume-quote', bookId] });
      onClose();
    },
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={RESUME.title}
      description={RESUME.description(bookTitle, quote.from)}
      maxWidth={480}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">{RESUME.cancel}</Button>
          </DialogClose>
          <Button disabled={resume.isPending} onClick={() => resume.mutate()}>
            {resume.isPending ? RESUME.continuing : RESUME.confirm(quote.credits)}
          </Button>
        </>
      }
    >
      <div css={{ display: 'grid', gap: 12 }}>
        {/* The modal hides the page's toasts from screen readers: the failure is said here. */}
        {resume.isError && (
          <Alert tone="danger" title={RESUME.errorTitle}>
            {serverMessage(resume.error, RESUME.errorFallback)}
          </Alert>
        )}
        <p css={{ fontSize: theme.fontSizes.sm }} data-testid="resume-price">
          {RESUME.price(quote.credits, quote.partsLeft, quote.partsTotal)}
        </p>
      </div>
    </Dialog>
  );
}
