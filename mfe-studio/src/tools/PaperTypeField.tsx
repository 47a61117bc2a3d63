// The paperback's paper, for the books printed in black and white: KDP's cream paper is thicker,
// so the spine of the same book is wider (the server sizes the cover from it).
import { PAPER_TYPES, type PaperType } from '@studio/events';
import { theme } from '@studio/kit';
import { RadioGroup } from '@studio/kit/widgets';

const LABELS: Record<PaperType, string> = {
  white: 'White paper',
  cream: 'Cream paper (warmer, a little thicker)',
};

export const DEFAULT_PAPER: PaperType = 'white';

export function PaperTypeField({
  value,
  onChange,
}: {
  value: PaperType;
  onChange: (value: PaperType) => void;
}) {
  return (
    <div css={{ display: 'grid', gap: 6 }}>
      <span id="paper-type" css={{ fontSize: theme.fontSizes.sm, fontWeight: 600 }}>
        Paperback Paper
      </span>
      <RadioGroup
        name="paperType"
        aria-labelledby="paper-type"
        orientation="horizontal"
        options={PAPER_TYPES.map((paper) => ({ value: paper, label: LABELS[paper] }))}
        value={value}
        onValueChange={(paper) => onChange(paper as PaperType)}
      />
    </div>
  );
}
