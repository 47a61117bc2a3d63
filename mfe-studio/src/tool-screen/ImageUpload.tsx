// A tool's picture upload: type and size are checked at once, then the picture is decoded in the
// browser, so a corrupt file (a text file named .png) is refused with a clear message before
// anything is sent or charged, never previewed as a broken image. The server judges it again.
import { IMAGE_UPLOAD_MAX_BYTES } from '@studio/events';
import { IMAGE_UPLOAD_ACCEPT, imageUploadProblem, UPLOAD_MESSAGES } from '@studio/events/rules';
import { theme } from '@studio/kit';
import { FilePicker } from '@studio/kit/widgets';
import { useState } from 'react';

export const TOO_LARGE = 'File Too Large: Please select an image smaller than 10MB';
export const PREVIEW_ALT = 'Preview of the chosen file';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable'));
    reader.onerror = () => reject(new Error('unreadable'));
    reader.readAsDataURL(file);
  });

/** The picture as a data URL once the browser could decode it; rejects when it cannot. */
async function decoded(file: File): Promise<string> {
  const url = await readAsDataUrl(file);
  const image = new Image();
  image.src = url;
  await image.decode();
  if (!image.naturalWidth || !image.naturalHeight) throw new Error('empty');
  return url;
}

export interface ImageUploadProps {
  label: string;
  hint: string;
  buttonText?: string;
  /** The schema's message for a missing picture, once the form was submitted. */
  error?: string | undefined;
  /** The accepted picture (file and data URL), or null when none or refused. */
  onPicture: (picture: { file: File; dataUrl: string } | null) => void;
  /** Also tell a refusal as a toast (tools whose messages are toasts). */
  onProblem?: (message: string) => void;
  /** A smaller limit than the tools' 10 MB (a saved style's reference), with its message. */
  limit?: { bytes: number; tooLarge: string };
}

export function ImageUpload({
  label,
  hint,
  buttonText,
  error,
  onPicture,
  onProblem,
  limit = { bytes: IMAGE_UPLOAD_MAX_BYTES, tooLarge: TOO_LARGE },
}: ImageUploadProps) {
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);

  const refuse = (message: string) => {
    setProblem(message);
    setPreview(null);
    setPickerKey((k) => k + 1);
    onPicture(null);
    onProblem?.(message);
  };

  const pick = async (file: File | null) => {
    setPreview(null);
    onPicture(null);
    if (!file) return;
    const early = imageUploadProblem(file, limit.bytes, limit.tooLarge);
    if (early) return refuse(early);
    try {
      const dataUrl = await decoded(file);
      setProblem(null);
      setPreview(dataUrl);
      onPicture({ file, dataUrl });
    } catch {
      refuse(UPLOAD_MESSAGES.unreadable);
    }
  };

  const shown = problem ?? error;
  return (
    <div css={{ display: 'grid', gap: 6 }}>
      <FilePicker
        key={pickerKey}
        label={label}
        accept={IMAGE_UPLOAD_ACCEPT}
        hint={hint}
        onFileChange={(file) => void pick(file)}
        {...(buttonText ? { buttonText } : {})}
      />
      {shown && (
        <p role="alert" css={{ fontSize: theme.fontSizes.xs, color: theme.colors.danger }}>
          {shown}
        </p>
      )}
      {preview && (
        <img
          src={preview}
          alt={PREVIEW_ALT}
          css={{
            maxWidth: '100%',
            maxHeight: 320,
            objectFit: 'contain',
            borderRadius: theme.radii.md,
            justifySelf: 'start',
          }}
        />
      )}
    </div>
  );
}
