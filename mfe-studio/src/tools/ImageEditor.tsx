// spec 02 §2 AI image editor: file picker with preview, description, 'Edit Image (6 credits)',
// How It Works. The image is sent as a data URL (§5) and judged again by the server.
import { IMAGE_UPLOAD_MAX_BYTES, TOOL_SCHEMAS } from '@studio/events';
import { IMAGE_UPLOAD_ACCEPT, imageUploadProblem, UPLOAD_MESSAGES } from '@studio/events/rules';
import { Button, theme, toast, useUser } from '@studio/kit';
import { Field, FilePicker, Textarea } from '@studio/kit/widgets';
import { type FormEvent, useState } from 'react';
import { AsideList, Balance, formStyle, ToolPage } from './ToolPage';
import { splitMessage, useStartTool } from './tool-request';

const schema = TOOL_SCHEMAS['image-edit'];
const UPLOAD_ERROR = UPLOAD_MESSAGES.unreadable;
const TOO_LARGE = 'File Too Large: Please select an image smaller than 10MB';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error(UPLOAD_ERROR));
    reader.onerror = () => reject(new Error(UPLOAD_ERROR));
    reader.readAsDataURL(file);
  });

const fail = (message: string) => toast({ variant: 'destructive', ...splitMessage(message) });

export default function ImageEditor() {
  const user = useUser();
  const [prompt, setPrompt] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const [errors, setErrors] = useState<{ prompt?: string; image?: string }>({});
  const start = useStartTool('image-edit', {
    failure: 'Edit Failed: Failed to start image editing. Please try again.',
    refresh: [['/api/image-editor-generations']],
  });

  const pick = async (file: File | null) => {
    setImage(null);
    if (!file) return;
    const problem = imageUploadProblem(file, IMAGE_UPLOAD_MAX_BYTES, TOO_LARGE);
    if (problem) {
      setErrors((e) => ({ ...e, image: problem }));
      fail(problem);
      return;
    }
    try {
      setImage(await readAsDataUrl(file));
      setErrors((e) => ({ ...e, image: undefined }));
    } catch {
      fail(UPLOAD_ERROR);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    try {
      schema.validateSyncAt('prompt', { prompt });
    } catch (invalid) {
      next.prompt = (invalid as Error).message;
    }
    if (!image) next.image = 'Image Required: Please select an image to edit.';
    setErrors(next);
    const first = next.image ?? next.prompt;
    if (first) {
      fail(first);
      return;
    }
    if (!user) {
      fail('Authentication Required: Please log in to edit images.');
      return;
    }
    const started = await start
      .mutateAsync({ prompt: prompt.trim(), originalImageUrl: image })
      .catch(() => null);
    if (!started) return;
    toast({
      variant: 'success',
      title: 'Edit Started!',
      description: `${started.creditsUsed} credits used. ${started.remainingCredits} credits remaining.`,
    });
    setPrompt('');
    setImage(null);
    setPickerKey((k) => k + 1);
  };

  return (
    <ToolPage
      title="AI Image Editor"
      intro="Upload an image and describe the changes you want."
      aside={
        <AsideList
          title="How It Works"
          items={[
            'Upload an image and describe your edit',
            'Both the original and the edited version appear in My Images',
            'Toggle between the original and the edited version',
            'Download both versions as PNG',
          ]}
        />
      }
    >
      <form onSubmit={submit} css={formStyle} noValidate>
        <FilePicker
          key={pickerKey}
          label="Image"
          accept={IMAGE_UPLOAD_ACCEPT}
          hint="JPG, PNG or WebP, up to 10MB"
          buttonText="Choose image"
          onFileChange={pick}
        />
        {errors.image && (
          <p role="alert" css={{ color: theme.colors.danger, fontSize: theme.fontSizes.sm }}>
            {errors.image}
          </p>
        )}
        {image && (
          <img
            src={image}
            alt="Preview of the chosen file"
            css={{
              maxWidth: '100%',
              maxHeight: 320,
              objectFit: 'contain',
              borderRadius: theme.radii.md,
              justifySelf: 'start',
            }}
          />
        )}
        <Field label="Describe your edit" error={errors.prompt}>
          <Textarea
            name="prompt"
            rows={4}
            value={prompt}
            placeholder="Make the sky a warm sunset orange"
            onChange={(e) => setPrompt(e.target.value)}
          />
        </Field>
        <Balance />
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? 'Processing your edit...' : 'Edit Image (6 credits)'}
        </Button>
      </form>
    </ToolPage>
  );
}
