// /image-generator-v2: its own part is one prompt.
import { DEFAULT_STYLE_VALUE, StyleField } from '../styles/StyleField';
import { TextOption } from '../tool-screen/OptionFields';
import { type OptionsProps, ToolScreen } from '../tool-screen/ToolScreen';

const initial = { prompt: '', style: DEFAULT_STYLE_VALUE };

function Options(form: OptionsProps<typeof initial>) {
  const { values, set, errors } = form;
  return (
    <>
      <TextOption
        form={form}
        name="prompt"
        label="Prompt"
        rows={5}
        placeholder="e.g. A cozy cabin in a snowy forest at dusk, warm light in the windows"
      />
      <StyleField value={values.style} onChange={(style) => set('style', style)} error={errors.style} />
    </>
  );
}

export default function ImageGeneratorV2() {
  return <ToolScreen kind="image-v2" initial={initial} Options={Options} />;
}
