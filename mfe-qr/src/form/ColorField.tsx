// A colour as a swatch picker plus its hex code as text, for brand colours typed or pasted
// (#RRGGBB). The text is the labelled field; only a complete code reaches the form.
import { Input, Label } from '@studio/kit/widgets';
import { useId, useState } from 'react';

export const HEX = /^#[0-9A-Fa-f]{6}$/;

export function ColorField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (hex: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The picker (or a reset) changed the value: show it as text too.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const valid = HEX.test(text);
  return (
    <div css={{ display: 'grid', gap: 6 }}>
      <Label htmlFor={id}>{label}</Label>
      <div css={{ display: 'flex', gap: 6, alignItems: 'center' }}>
        <Input
          type="color"
          aria-label={`${label} picker`}
          value={value}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
          css={{ height: 40, width: 48, padding: 4, flex: 'none' }}
        />
        <Input
          id={id}
          value={text}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={valid ? undefined : true}
          onChange={(e) => {
            const next = e.target.value.trim();
            setText(next);
            if (HEX.test(next)) onChange(next.toUpperCase());
          }}
          css={{ minWidth: 0, fontFamily: 'monospace' }}
        />
      </div>
    </div>
  );
}
