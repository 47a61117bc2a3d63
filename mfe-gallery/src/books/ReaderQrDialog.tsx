// "Add a reader QR" (docs/product/creation-tools-qr.md (Screens and routes: My Books)): the
// author picks an offer and writes the line printed above the code; the server makes the landing
// code and rebuilds the book's files with it on a back-matter page.

import { fieldErrors, readerQrRequest } from '@studio/events/requests';
import { Alert, apiJson, Button, theme, toast } from '@studio/kit';
import { BOOKS_QUERY_ROOT } from '@studio/kit/live';
import { Dialog, DialogClose } from '@studio/kit/overlays';
import { Field, Input, RadioGroup, Switch, Textarea, useFormErrors } from '@studio/kit/widgets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { serverMessage } from './api';
import { READER_QR } from './texts';

type Offer = 'bonus' | 'newsletter' | 'review';

export interface ReaderQrDialogProps {
  bookId: string;
  bookTitle: string;
  onClose: () => void;
}

export function ReaderQrDialog({ bookId, bookTitle, onClose }: ReaderQrDialogProps) {
  const client = useQueryClient();
  const [offer, setOffer] = useState<Offer>('bonus');
  const [heading, setHeading] = useState<string>(READER_QR.defaultHeading.bonus);
  const [words, setWords] = useState('');
  const [url, setUrl] = useState('');
  const [backCover, setBackCover] = useState(false);
  const { errors, check, recheck } = useFormErrors(wordErrors);
  const add = useMutation({
    mutationFn: () =>
      apiJson<{ message?: string }>('POST', `/api/books/${encodeURIComponent(bookId)}/reader-qr`, {
        offer,
        heading,
        ...(words.trim() ? { words } : {}),
        ...(url.trim() ? { url } : {}),
        ...(backCover ? { backCover } : {}),
      }),
    onSuccess: () => {
      toast({ title: READER_QR.successTitle, description: READER_QR.successBody, variant: 'success' });
      void client.invalidateQueries({ queryKey: [BOOKS_QUERY_ROOT] });
      onClose();
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!check({ offer, heading, words }, event.currentTarget)) return;
    if (!add.isPending) add.mutate();
  };
  const chooseOffer = (value: string) => {
    const next = value as Offer;
    // The suggested line follows the offer until the author writes their own.
    if (Object.values(READER_QR.defaultHeading).includes(heading)) setHeading(READER_QR.defaultHeading[next]);
    setOffer(next);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={READER_QR.title}
      description={READER_QR.description(bookTitle)}
      maxWidth={560}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">{READER_QR.cancel}</Button>
          </DialogClose>
          <Button type="submit" form="reader-qr-form" disabled={add.isPending}>
            {add.isPending ? READER_QR.adding : READER_QR.add}
          </Button>
        </>
      }
    >
      <form id="reader-qr-form" onSubmit={onSubmit} css={{ display: 'grid', gap: 16 }}>
        {/* The modal hides the page's toasts from screen readers: the failure is said here. */}
        {add.isError && (
          <Alert tone="danger" title={READER_QR.errorTitle}>
            {serverMessage(add.error, READER_QR.errorFallback)}
          </Alert>
        )}
        <Field label={READER_QR.offerLabel}>
          <RadioGroup
            name="offer"
            value={offer}
            onValueChange={chooseOffer}
            options={[
              { value: 'bonus', label: READER_QR.offers.bonus },
              { value: 'newsletter', label: READER_QR.offers.newsletter },
              { value: 'review', label: READER_QR.offers.review },
            ]}
          />
        </Field>
        <Field label={READER_QR.headingLabel} hint={READER_QR.headingHint} error={errors.heading}>
          <Input
            name="heading"
            value={heading}
            maxLength={60}
            required
            onChange={(e) => {
              setHeading(e.target.value);
              recheck({ offer, heading: e.target.value, words });
            }}
          />
        </Field>
        <Field label={READER_QR.wordsLabel} hint={READER_QR.wordsHint} error={errors.words}>
          <Textarea
            name="words"
            value={words}
            maxLength={200}
            rows={3}
            onChange={(e) => {
              setWords(e.target.value);
              recheck({ offer, heading, words: e.target.value });
            }}
          />
        </Field>
        <Field label={READER_QR.urlLabel(offer)} hint={READER_QR.urlHint}>
          <Input
            type="url"
            value={url}
            required={offer !== 'newsletter'}
            placeholder="https://"
            onChange={(e) => setUrl(e.target.value)}
          />
        </Field>
        <div>
          <Switch label={READER_QR.backCoverLabel} checked={backCover} onCheckedChange={setBackCover} />
          <p css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted, marginTop: 4 }}>
            {READER_QR.backCoverHint}
          </p>
        </div>
        <p css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }}>{READER_QR.free}</p>
      </form>
    </Dialog>
  );
}

/** The words printed with the code, checked as the route checks them (the link is the browser's). */
function wordErrors(values: unknown) {
  const { heading, words } = fieldErrors(readerQrRequest, values);
  return { ...(heading ? { heading } : {}), ...(words ? { words } : {}) };
}
