// /image-editor: its own part is the picture, checked and previewed before
// anything is sent (sent as a data URL), and the description of the edit.
import { DEFAULT_STYLE_VALUE } from '../styles/StyleField';
import { ImageUpload } from '../tool-screen/ImageUpload';
import { StyleOption, TextOption } from '../tool-screen/OptionFields';
import { type OptionsProps, ToolScreen } from '../tool-screen/ToolScreen';

const initial = { originalImageUrl: '', prompt: '', style: DEFAULT_STYLE_VALUE };

function Options(form: OptionsProps<typeof initial>) {
  const { set, errors, tell } = form;
  return (
    <>
      <ImageUpload
        label="Image"
        hint="JPG, PNG or WebP, up to 10MB"
        buttonText="Choose image"
        error={errors.originalImageUrl}
        onPicture={(picture) => set('originalImageUrl', picture?.dataUrl ?? '')}
        onProblem={tell}
      />
      <TextOption
        form={form}
        name="prompt"
        label="Describe your edit"
        rows={4}
        placeholder="e.g. Make the sky a warm sunset orange"
      />
      <StyleOption form={form} />
    </>
  );
}

export default function ImageEditor() {
  return <ToolScreen kind="image-edit" initial={initial} Options={Options} />;
}
