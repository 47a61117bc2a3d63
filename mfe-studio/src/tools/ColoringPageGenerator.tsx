// /coloring-book-page-generator: its own part is one prompt and its tips.
import { Field, Textarea } from '@studio/kit/widgets';
import { SideList } from '../tool-screen/ToolFrame';
import { type OptionsProps, ToolScreen } from '../tool-screen/ToolScreen';

const initial = { prompt: '' };

function Options({ values, set, errors }: OptionsProps<typeof initial>) {
  return (
    <Field label="Describe your coloring page" error={errors.prompt}>
      <Textarea
        name="prompt"
        rows={6}
        value={values.prompt}
        placeholder="e.g. A friendly dragon reading a book in a garden full of flowers"
        onChange={(e) => set('prompt', e.target.value)}
      />
    </Field>
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
