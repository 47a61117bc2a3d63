// "Write again" ("Draw again" for a picture): the author's optional note and the price, shown before anything is charged.
// The request carries one Idempotency-Key per opening of the dialog, so a second press or a
// retry is the same request, charged once.
import { PART_INSTRUCTION_MAX_LENGTH } from '@studio/events';
import { Alert, apiJson, Button, theme, USER_QUERY_KEY, useUser } from '@studio/kit';
import { Dialog, DialogClose } from '@studio/kit/overlays';
import { Field, Input } from '@studio/kit/widgets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { serverMessage } from '../api';
import { PART_VERSIONS, PICTURE_VERSIONS } from '../texts';
import { newRequestKey } from './part-versions';

export interface RegenerateDialogProps {
  /** Says what changes when a version is used (a book's, a listing's). */
  description?: string;
  /** `/api/books/{id}/parts` or `/api/kdp-listings/{id}/parts`. */
  partsPath: string;
  part: string;
  partTitle: string;
  /** A picture part (a kids page, a coloring design): the dialog speaks of drawing. */
  picture?: boolean;
  cost: number;
  onStarted: () => void;
  onClose: () => void;
}

export function RegenerateDialog({
  description = PART_VERSIONS.dialogDescription,
  partsPath,
  part,
  partTitle,
  picture = false,
  cost,
  onStarted,
  onClose,
}: RegenerateDialogProps) {
  const texts = picture ? { ...PART_VERSIONS, ...PICTURE_VERSIONS } : PART_VERSIONS;
  const client = useQueryClient();
  const user = useUser();
  const [instruction, setInstruction] = useState('');
  const [key] = useState(newRequestKey);
  const balance = user?.credits;
  const short = balance !== undefined && balance < cost;
  const send = useMutation({
    mutationFn: () =>
      apiJson(
        'POST',
        `${partsPath}/${encodeURIComponent(part)}/regenerate`,
        instruction.trim() ? { instruction } : {},
        { 'Idempotency-Key': key },
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
      onStarted();
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!send.isPending && !short) send.mutate();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={texts.dialogTitle(partTitle)}
      description={picture ? texts.dialogDescription : description}
      maxWidth={560}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">{PART_VERSIONS.cancel}</Button>
          </DialogClose>
          <Button type="submit" form="regenerate-form" disabled={send.isPending || short}>
            {send.isPending ? PART_VERSIONS.sending : texts.confirm(cost)}
          </Button>
        </>
      }
    >
      <form id="regenerate-form" onSubmit={onSubmit} css={{ display: 'grid', gap: 16 }}>
        {/* The modal hides the page's toasts from screen readers: the failure is said here. */}
        {send.isError && <Alert tone="danger">{serverMessage(send.error, PART_VERSIONS.failed)}</Alert>}
        {short && <Alert tone="warning">{PART_VERSIONS.notEnough(cost, balance ?? 0)}</Alert>}
        <Field label={texts.instructionLabel} hint={texts.instructionHint}>
          <Input
            name="instruction"
            value={instruction}
            maxLength={PART_INSTRUCTION_MAX_LENGTH}
            onChange={(e) => setInstruction(e.target.value)}
          />
        </Field>
        <p css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>
          {PART_VERSIONS.price(cost, balance)}
        </p>
      </form>
    </Dialog>
  );
}
