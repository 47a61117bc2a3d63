// /coloring-book-generator: its own part is the prompt and the number of
// designs, each with the registry's price for it; the tier gate and the cost are the screen's.
import {
  COLORING_BOOK_COSTS,
  COLORING_BOOK_LENGTHS,
  type ColoringBookLength,
  DEFAULT_COLORING_BOOK_LENGTH,
  type PaperType,
} from '@studio/events';
import { DEFAULT_STYLE_VALUE } from '../styles/StyleField';
import { RadioOption, StyleOption, TextOption } from '../tool-screen/OptionFields';
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

function Options(form: OptionsProps<typeof initial>) {
  const { values, set } = form;
  return (
    <>
      <TextOption
        form={form}
        name="prompt"
        label="Coloring Book Prompt"
        rows={5}
        placeholder="e.g. Friendly dinosaurs in a jungle, simple shapes for young children"
      />
      <RadioOption
        id="coloring-length"
        label="Number of Designs"
        name="bookLength"
        options={LENGTH_OPTIONS}
        value={String(values.bookLength)}
        onValueChange={(value) => set('bookLength', Number(value) as ColoringBookLength)}
      />
      <PaperTypeField value={values.paperType} onChange={(paper) => set('paperType', paper)} />
      <StyleOption form={form} note={COVER_ONLY} />
    </>
  );
}

export default function ColoringBookGenerator() {
  return <ToolScreen kind="coloring-book" initial={initial} Options={Options} />;
}
