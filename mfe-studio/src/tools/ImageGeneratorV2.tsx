// /image-generator-v2: its own part is one prompt.
import { DEFAULT_STYLE_VALUE } from '../styles/StyleField';
import { StyleOption, TextOption } from '../tool-screen/OptionFields';
import { type OptionsProps, ToolScreen } from '../tool-screen/ToolScreen';

const initial = { prompt: '', style: DEFAULT_STYLE_VALUE };

function Options(form: OptionsProps<typeof initial>) {
  return (
    <>
      <TextOption
        form={form}
        name="prompt"
        label="Prompt"
        rows={5}
        placeholder="e.g. A cozy cabin in a snowy forest at dusk, warm light in the windows"
      />
      <StyleOption form={form} />
    </>
  );
}

export default function ImageGeneratorV2() {
  return <ToolScreen kind="image-v2" initial={initial} Options={Options} />;
}
