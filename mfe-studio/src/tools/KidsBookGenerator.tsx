// /kids-book-generator: its own part is the story, the character and an
// optional picture of them (checked in the browser before submit), and the "What You'll Get" card.
// The route is multipart, so the screen sends the picture as a file.
import { TOOL_CONTRACTS } from '@studio/events';
import { Card, theme, useUser } from '@studio/kit';
import { Check } from 'lucide-react';
import { DEFAULT_STYLE_VALUE } from '../styles/StyleField';
import { ImageUpload } from '../tool-screen/ImageUpload';
import { RadioOption, StyleOption, TextOption } from '../tool-screen/OptionFields';
import { type OptionsProps, ToolScreen } from '../tool-screen/ToolScreen';

const initial: {
  storyDescription: string;
  characterName: string;
  characterGender: '' | 'boy' | 'girl';
  characterImage: File | null;
  style: string;
} = {
  storyDescription: '',
  characterName: '',
  characterGender: '',
  characterImage: null,
  style: DEFAULT_STYLE_VALUE,
};

function Options(form: OptionsProps<typeof initial>) {
  const { values, set, errors } = form;
  return (
    <>
      <TextOption
        form={form}
        name="storyDescription"
        label="Story Description"
        rows={5}
        placeholder="e.g. Mia finds a lost baby dragon in the garden and helps it find its way home."
        hint={`${values.storyDescription.trim().length}/500`}
      />
      <TextOption form={form} name="characterName" label="Character Name" />
      <RadioOption
        id="kids-gender"
        label="Character Gender"
        name="characterGender"
        orientation="horizontal"
        options={[
          { value: 'boy', label: 'Boy' },
          { value: 'girl', label: 'Girl' },
        ]}
        value={values.characterGender}
        onValueChange={(value) => set('characterGender', value as 'boy' | 'girl')}
        error={errors.characterGender}
      />
      <ImageUpload
        label="Character Image (optional)"
        hint="A picture the character should look like (JPG, PNG or WebP, up to 10MB)."
        onPicture={(picture) => set('characterImage', picture?.file ?? null)}
      />
      <StyleOption form={form} />
    </>
  );
}

const PROMISES = ['A 24-page book', 'A custom character', 'Downloadable content'];

function WhatYouGet() {
  const user = useUser();
  return (
    <Card title="What You'll Get" headingLevel={2} data-testid="what-you-get">
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
        {PROMISES.map((promise) => (
          <li key={promise} css={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <Check aria-hidden size={16} color={theme.colors.success} />
            {promise}
          </li>
        ))}
      </ul>
      <p
        css={{ fontWeight: 700 }}
      >{`${TOOL_CONTRACTS['kids-book'].cost(initial as never)} credits required`}</p>
      {user && <p css={{ color: theme.colors.textMuted }}>Your balance: {user.credits} credits</p>}
    </Card>
  );
}

export default function KidsBookGenerator() {
  return (
    <ToolScreen
      kind="kids-book"
      initial={initial}
      Options={Options}
      side={<WhatYouGet />}
      overrides={{ acceptSmallPhoto: 'Continue with a smaller portrait' }}
    />
  );
}
