// /coloring-book-page-generator: its own part is one prompt (its tips are the registry's words).
import { TextOption } from '../tool-screen/OptionFields';
import { type OptionsProps, ToolScreen } from '../tool-screen/ToolScreen';

const initial = { prompt: '' };

function Options(form: OptionsProps<typeof initial>) {
  return (
    <TextOption
      form={form}
      name="prompt"
      label="Describe your coloring page"
      rows={6}
      placeholder="e.g. A friendly dragon reading a book in a garden full of flowers"
    />
  );
}

export default function ColoringPageGenerator() {
  return <ToolScreen kind="coloring-page" initial={initial} Options={Options} />;
}
