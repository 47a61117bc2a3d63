// A file input behind a styled, keyboard-reachable button, showing the chosen file name.
import { Upload } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { theme } from '../theme/theme';
import { buttonStyles } from './Button';

export interface FilePickerProps {
  label: string;
  accept?: string;
  hint?: string;
  disabled?: boolean;
  onFileChange?: (file: File | null) => void;
  buttonText?: string;
}

export function FilePicker({
  label,
  accept,
  hint,
  disabled,
  onFileChange,
  buttonText = 'Choose file',
}: FilePickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setFileName(file?.name ?? null);
    onFileChange?.(file);
  };

  return (
    <div css={{ display: 'grid', gap: 6 }}>
      <span id={`${id}-label`} css={{ fontSize: theme.fontSizes.sm, fontWeight: 600 }}>
        {label}
      </span>
      <div
        css={{
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          padding: 12,
          border: `1px dashed ${theme.colors.border}`,
          borderRadius: theme.radii.md,
          background: theme.colors.surface,
        }}
      >
        <button
          type="button"
          disabled={disabled}
          css={buttonStyles('outline', 'sm')}
          onClick={() => input.current?.click()}
          aria-labelledby={`${id}-label ${id}-button`}
          id={`${id}-button`}
        >
          <Upload aria-hidden />
          {buttonText}
        </button>
        <span css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }} aria-live="polite">
          {fileName ?? 'No file chosen'}
        </span>
        <input
          ref={input}
          type="file"
          accept={accept}
          disabled={disabled}
          onChange={onChange}
          aria-labelledby={`${id}-label`}
          tabIndex={-1}
          css={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
        />
      </div>
      {hint && <p css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }}>{hint}</p>}
    </div>
  );
}
