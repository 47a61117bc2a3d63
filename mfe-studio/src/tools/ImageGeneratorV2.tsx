// /image-generator-v2: its own part is one prompt.
import { Field, Textarea } from '@studio/kit/widgets';
import { DEFAULT_STYLE_VALUE, StyleField } from '../styles/StyleField';
import { type OptionsProps, ToolScreen } from '../tool-screen/ToolScreen';

const initial = { prompt: '', style: DEFAULT_STYLE_VALUE };

function Options({ values, set, errors }: OptionsProps<typeof initial>) {
  return (
    <>
      <Field label="Prompt" error={errors.prompt}>
        <Textarea
          name="prompt"
          rows={5}
          value={values.prompt}
          placeholder="e.g. A cozy cabin in a snowy forest at dusk, warm light in the windows"
          onChange={(e) => set('prompt', e.target.value)}
        />
      </Field>
      <StyleField value={values.style} onChange={(style) => set('style', style)} error={errors.style} />
    </>
  );
}

export default function ImageGeneratorV2() {
  return <ToolScreen kind="image-v2" initial={initial} Options={Options} />;
}
