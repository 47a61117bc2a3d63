// "My styles": a Premium account's saved styles, listed with their pictures, saved from a name, a
// description and an optional reference picture, and deleted after a confirmation.
import { SAVED_STYLE_LIMITS, type SavedStyleView, STYLE_MESSAGES, STYLES_PATH } from '@studio/events';
import { Alert, apiJson, Button, theme, toast } from '@studio/kit';
import { Dialog, DialogClose } from '@studio/kit/overlays';
import { Field, Input, Textarea } from '@studio/kit/widgets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Palette, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ImageUpload } from '../tool-screen/ImageUpload';
import { STYLE_TEXTS } from './texts';
import { STYLES_QUERY, useSavedStyles } from './use-saved-styles';

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

function DeleteStyle({ style }: { style: SavedStyleView }) {
  const [open, setOpen] = useState(false);
  const queries = useQueryClient();
  const remove = useMutation({
    mutationFn: () => apiJson<{ success: boolean }>('DELETE', `${STYLES_PATH}/${style.id}`),
    onSuccess: () => {
      toast({ title: STYLE_TEXTS.deleted, variant: 'success' });
      return queries.invalidateQueries({ queryKey: STYLES_QUERY });
    },
    onError: (error) => toast({ title: errorMessage(error), variant: 'destructive' }),
  });
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={STYLE_TEXTS.delete(style.name)}
      description={STYLE_TEXTS.confirmDelete(style.name)}
      trigger={
        <Button
          variant="ghost"
          size="icon"
          aria-label={STYLE_TEXTS.delete(style.name)}
          disabled={remove.isPending}
        >
          <Trash2 aria-hidden size={16} />
        </Button>
      }
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">{STYLE_TEXTS.cancel}</Button>
          </DialogClose>
          <Button
            variant="destructive"
            onClick={() => {
              setOpen(false);
              remove.mutate();
            }}
          >
            {STYLE_TEXTS.confirm}
          </Button>
        </>
      }
    />
  );
}

function NewStyle() {
  const queries = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [picture, setPicture] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const save = useMutation({
    mutationFn: () =>
      apiJson<SavedStyleView>('POST', STYLES_PATH, {
        name: name.trim(),
        description: description.trim(),
        ...(picture ? { referenceImage: picture } : {}),
      }),
    onSuccess: () => {
      toast({ title: STYLE_TEXTS.saved, variant: 'success' });
      setName('');
      setDescription('');
      setPicture(null);
      setFormKey((k) => k + 1);
      return queries.invalidateQueries({ queryKey: STYLES_QUERY });
    },
  });
  return (
    <form
      aria-label={STYLE_TEXTS.save}
      css={{ display: 'grid', gap: 12 }}
      onSubmit={(event) => {
        event.preventDefault();
        // The dialog is portalled, but React bubbles its events to the tool's own form.
        event.stopPropagation();
        save.mutate();
      }}
    >
      <Field label={STYLE_TEXTS.name}>
        <Input
          name="styleName"
          value={name}
          maxLength={SAVED_STYLE_LIMITS.name.max}
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <Field label={STYLE_TEXTS.description}>
        <Textarea
          name="styleDescription"
          rows={3}
          value={description}
          maxLength={SAVED_STYLE_LIMITS.description.max}
          placeholder={STYLE_TEXTS.descriptionPlaceholder}
          onChange={(e) => setDescription(e.target.value)}
        />
      </Field>
      <ImageUpload
        key={formKey}
        label={STYLE_TEXTS.picture}
        hint={STYLE_TEXTS.pictureHint}
        limit={{ bytes: SAVED_STYLE_LIMITS.imageBytes, tooLarge: STYLE_MESSAGES.imageTooLarge }}
        onPicture={(chosen) => setPicture(chosen?.dataUrl ?? null)}
      />
      {save.isError && <Alert tone="danger" title={errorMessage(save.error)} />}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? STYLE_TEXTS.saving : STYLE_TEXTS.save}
        </Button>
      </div>
    </form>
  );
}

export function MyStylesDialog() {
  const saved = useSavedStyles();
  const styles = saved.data?.styles ?? [];
  return (
    <Dialog
      title={STYLE_TEXTS.dialogTitle}
      description={STYLE_TEXTS.dialogDescription}
      maxWidth={640}
      trigger={
        <Button type="button" variant="outline" size="sm">
          <Palette aria-hidden size={16} />
          {STYLE_TEXTS.manage}
        </Button>
      }
      footer={
        <DialogClose asChild>
          <Button variant="outline">{STYLE_TEXTS.close}</Button>
        </DialogClose>
      }
    >
      <section aria-labelledby="my-styles-list" css={{ display: 'grid', gap: 8 }}>
        <h3 id="my-styles-list" css={{ margin: 0, fontSize: theme.fontSizes.md }}>
          {STYLE_TEXTS.mine}
        </h3>
        {saved.data && (
          <p css={{ margin: 0, color: theme.colors.textMuted, fontSize: theme.fontSizes.sm }}>
            {STYLE_TEXTS.count(styles.length, saved.data.limit)}
          </p>
        )}
        {saved.isPending && <p>{STYLE_TEXTS.loading}</p>}
        {saved.isError && (
          <Alert tone="danger" title={STYLE_TEXTS.loadFailed}>
            <Button variant="outline" size="sm" onClick={() => saved.refetch()}>
              {STYLE_TEXTS.retry}
            </Button>
          </Alert>
        )}
        {saved.isSuccess && styles.length === 0 && (
          <p css={{ color: theme.colors.textMuted }}>{STYLE_TEXTS.none}</p>
        )}
        {styles.length > 0 && (
          <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
            {styles.map((style) => (
              <li
                key={style.id}
                css={{
                  display: 'grid',
                  gridTemplateColumns: '48px 1fr auto',
                  gap: 12,
                  alignItems: 'center',
                  border: `1px solid ${theme.colors.border}`,
                  borderRadius: theme.radii.md,
                  padding: 8,
                }}
              >
                {style.imageUrl ? (
                  <img
                    src={style.imageUrl}
                    alt={STYLE_TEXTS.referenceAlt(style.name)}
                    width={48}
                    height={48}
                    css={{ objectFit: 'cover', borderRadius: theme.radii.sm }}
                  />
                ) : (
                  <Palette aria-hidden size={32} />
                )}
                <div css={{ minWidth: 0 }}>
                  <p css={{ margin: 0, fontWeight: 600 }}>{style.name}</p>
                  <p
                    css={{
                      margin: 0,
                      fontSize: theme.fontSizes.sm,
                      color: theme.colors.textMuted,
                      overflowWrap: 'anywhere',
                    }}
                  >
                    {style.description}
                  </p>
                </div>
                <DeleteStyle style={style} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {saved.data?.canUse && <NewStyle />}
    </Dialog>
  );
}
