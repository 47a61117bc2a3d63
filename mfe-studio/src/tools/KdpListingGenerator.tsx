// /kdp-listing-generator: its own part is the book's title and what it is about.
import { TextOption } from '../tool-screen/OptionFields';
import { type OptionsProps, ToolScreen } from '../tool-screen/ToolScreen';

const initial = { bookTitle: '', bookPrompt: '' };

function Options(form: OptionsProps<typeof initial>) {
  return (
    <>
      <TextOption form={form} name="bookTitle" label="Book title" placeholder="e.g. Garden Bees" />
      <TextOption
        form={form}
        name="bookPrompt"
        label="What is your book about?"
        rows={6}
        placeholder="e.g. A gentle guide to keeping bees in a small garden, for beginners"
      />
    </>
  );
}

export default function KdpListingGenerator() {
  return <ToolScreen kind="kdp-listing" initial={initial} Options={Options} />;
}
