// /coloring-book-generator: its own part is the prompt and the number of
// designs, each with the registry's price for it; the tier gate and the cost are the screen's.
import {
  COLORING_BOOK_COSTS,
  COLORING_BOOK_LENGTHS,
  type ColoringBookLength,
  DEFAULT_COLORING_BOOK_LENGTH,
  type PaperType,
} from '@studio/events';
import { theme } from '@studio/kit';
import { Field, RadioGroup, Textarea } from '@studio/kit/widgets';
import { DEFAULT_STYLE_VALUE, StyleField } from '../styles/StyleField';
import { type OptionsProps, ToolScreen } from '../tool-screen/ToolScreen';
import { DEFAULT_PAPER, PaperTypeField } from './PaperTypeField';

const initial: { prompt: string; bookLength: ColoringBookLength; paperType: PaperType; style: string } = {
  prompt: '',
  bookLength: DEFAULT_COLORING_BOOK_LENGTH,
  paperType: DEFAULT_PAPER,
  style: DEFAULT_STYLE_VALUE,
};
const LENGTH_OPTIONS = COLORING_BOOK_LENGTHS.map((pages) => ({
  value: String(pages),
  label: `${pages} designs (${COLORING_BOOK_COSTS[pages]} credits)`,
}));

const COVER_ONLY = 'The style is for the cover: the pages stay black and white line art to colour in.';

function Options({ values, set, errors }: OptionsProps<typeof initial>) {
  return (
    <>
      <Field label="Coloring Book Prompt" error={errors.prompt}>
        <Textarea
          name="prompt"
          rows={5}
          value={values.prompt}
          placeholder="e.g. Friendly dinosaurs in a jungle, simple shapes for young children"
          onChange={(e) => set('prompt', e.target.value)}
        />
      </Field>
      <div css={{ display: 'grid', gap: 6 }}>
        <span id="coloring-length" css={{ fontSize: theme.fontSizes.sm, fontWeight: 600 }}>
          Number of Designs
        </span>
        <RadioGroup
          name="bookLength"
          aria-labelledby="coloring-length"
          options={LENGTH_OPTIONS}
          value={String(values.bookLength)}
          onValueChange={(value) => set('bookLength', Number(value) as ColoringBookLength)}
        />
      </div>
      <PaperTypeField value={values.paperType} onChange={(paper) => set('paperType', paper)} />
      <StyleField
        value={values.style}
        onChange={(style) => set('style', style)}
        error={errors.style}
        note={COVER_ONLY}
      />
    </>
  );
}

export default function ColoringBookGenerator() {
  return <ToolScreen kind="coloring-book" initial={initial} Options={Options} />;
}
