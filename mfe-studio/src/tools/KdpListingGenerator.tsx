// /kdp-listing-generator: its own part is the book's title and what it is about.
import { Field, Input, Textarea } from '@studio/kit/widgets';
import { SideList } from '../tool-screen/ToolFrame';
import { type OptionsProps, ToolScreen } from '../tool-screen/ToolScreen';

const initial = { bookTitle: '', bookPrompt: '' };

function Options({ values, set, errors }: OptionsProps<typeof initial>) {
  return (
    <>
      <Field label="Book title" error={errors.bookTitle}>
        <Input
          name="bookTitle"
          value={values.bookTitle}
          placeholder="e.g. Garden Bees"
          onChange={(e) => set('bookTitle', e.target.value)}
        />
      </Field>
      <Field label="What is your book about?" error={errors.bookPrompt}>
        <Textarea
          name="bookPrompt"
          rows={6}
          value={values.bookPrompt}
          placeholder="e.g. A gentle guide to keeping bees in a small garden, for beginners"
          onChange={(e) => set('bookPrompt', e.target.value)}
        />
      </Field>
    </>
  );
}

export default function KdpListingGenerator() {
  return (
    <ToolScreen
      kind="kdp-listing"
      initial={initial}
      Options={Options}
      side={
        <SideList
          title="What You'll Get"
          items={[
            'Title and subtitle under 200 characters',
            'A description in the HTML KDP accepts, up to 4000 characters',
            'Exactly 7 keywords, none of the terms KDP forbids',
          ]}
        />
      }
    />
  );
}
