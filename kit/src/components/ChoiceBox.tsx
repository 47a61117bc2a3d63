// A selectable option holding a long text (Gen 2.0 outlines, docs/product/creation-tools-qr.md (Screens and routes)): a heading, a Select
// button that shows a check mark once chosen, and the text in a scrollable, keyboard-reachable box.
import { Check } from 'lucide-react';
import { theme } from '../theme/theme';
import { Button } from './Button';

export interface ChoiceBoxProps {
  label: string;
  text: string;
  selected: boolean;
  /** False: the text is shown but cannot be chosen (no Select button). */
  selectable: boolean;
  onSelect: () => void;
  /** Height of the text box (the outlines use 24rem). */
  textHeight?: string;
  selectText?: string;
  selectedText?: string;
}

export function ChoiceBox({
  label,
  text,
  selected,
  selectable,
  onSelect,
  textHeight = '24rem',
  selectText = 'Select',
  selectedText = 'Selected',
}: ChoiceBoxProps) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the Select button is the keyboard way to choose
    <section
      aria-label={label}
      data-selected={selected ? 'true' : undefined}
      onClick={selectable ? onSelect : undefined}
      css={{
        display: 'grid',
        gap: 8,
        minWidth: 0,
        padding: 12,
        borderRadius: theme.radii.md,
        border: `2px solid ${selected ? theme.colors.primary : theme.colors.border}`,
        background: selected ? theme.colors.primarySoft : theme.colors.surface,
        cursor: selectable ? 'pointer' : 'default',
      }}
    >
      <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <h3 css={{ fontSize: theme.fontSizes.md, fontWeight: 700 }}>{label}</h3>
        {selectable && (
          <Button
            size="sm"
            variant={selected ? 'primary' : 'outline'}
            aria-pressed={selected}
            aria-label={`${selectText} ${label}`}
            onClick={(event) => {
              event.stopPropagation();
              onSelect();
            }}
          >
            {selected && <Check aria-hidden />}
            {selected ? selectedText : selectText}
          </Button>
        )}
      </div>
      <textarea
        readOnly
        value={text}
        aria-label={`${label} text`}
        css={{
          height: textHeight,
          width: '100%',
          boxSizing: 'border-box',
          resize: 'none',
          overflowY: 'auto',
          font: 'inherit',
          fontSize: theme.fontSizes.sm,
          lineHeight: 1.55,
          padding: 10,
          color: theme.colors.text,
          borderRadius: theme.radii.sm,
          background: theme.colors.surface,
          border: `1px solid ${theme.colors.border}`,
          cursor: 'text',
          '&:focus-visible': theme.focusRing,
        }}
      />
    </section>
  );
}
