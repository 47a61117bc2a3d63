// /coloring-book-page-generator: its own part is one prompt and its tips.
import { TextOption } from '../tool-screen/OptionFields';
import { SideList } from '../tool-screen/ToolFrame';
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
  return (
    <ToolScreen
      kind="coloring-page"
      initial={initial}
      Options={Options}
      side={
        <SideList
          title="Tips"
          items={[
            'Quick coloring activities for kids and adults',
            'Test designs before creating full coloring books',
            'Create individual artwork to print or share',
          ]}
        />
      }
    />
  );
}
