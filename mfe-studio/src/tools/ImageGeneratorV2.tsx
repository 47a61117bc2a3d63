// /image-generator-v2: its own part is one prompt.
import { Field, Textarea } from '@studio/kit/widgets';
import { type OptionsProps, ToolScreen } from '../tool-screen/ToolScreen';

const initial = { prompt: '' };

function Options({ values, set, errors }: OptionsProps<typeof initial>) {
  return (
    <Field label="Prompt" error={errors.prompt}>
      <Textarea
        name="prompt"
        rows={5}
        value={values.prompt}
        placeholder="e.g. A cozy cabin in a snowy forest at dusk, warm light in the windows"
        onChange={(e) => set('prompt', e.target.value)}
      />
    </Field>
  );
}

export default function ImageGeneratorV2() {
  return <ToolScreen kind="image-v2" initial={initial} Options={Options} />;
}
