// The paperback's paper, for the books printed in black and white: KDP's cream paper is thicker,
// so the spine of the same book is wider (the server sizes the cover from it).
import { PAPER_TYPES, type PaperType } from '@studio/events';
import { RadioOption } from '../tool-screen/OptionFields';

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
    <RadioOption
      id="paper-type"
      label="Paperback Paper"
      name="paperType"
      orientation="horizontal"
      options={PAPER_TYPES.map((paper) => ({ value: paper, label: LABELS[paper] }))}
      value={value}
      onValueChange={(paper) => onChange(paper as PaperType)}
    />
  );
}
