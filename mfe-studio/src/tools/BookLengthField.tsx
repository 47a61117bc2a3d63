// A non-fiction book's length: words per chapter, with the page count it makes for the book's
// chapters, said live as the choice or the chapters change (docs/product/creation-tools-qr.md (Limits and costs)).
import { BOOK_LENGTHS, type BookLength, CHAPTER_LENGTHS, pageEstimate } from '@studio/events';
import { theme } from '@studio/kit';
import { RadioOption } from '../tool-screen/OptionFields';

const label = (length: BookLength) =>
  `${CHAPTER_LENGTHS[length].label} (about ${CHAPTER_LENGTHS[length].words.toLocaleString('en')} words a chapter)`;

/** "About 52 pages (6×9 paperback) for 13 chapters": what the estimate line says. */
export const pagesText = (chapters: number, length: BookLength) =>
  `About ${pageEstimate(chapters, length)} pages (6×9 paperback) for ${chapters} ${chapters === 1 ? 'chapter' : 'chapters'}.`;

export function BookLengthField({
  value,
  chapters,
  onChange,
}: {
  value: BookLength;
  /** The chapters the book will have, the introduction counted. */
  chapters: number;
  onChange: (value: BookLength) => void;
}) {
  return (
    <RadioOption
      id="book-length"
      label="Book Length"
      name="length"
      aria-describedby="book-length-pages"
      options={BOOK_LENGTHS.map((length) => ({ value: length, label: label(length) }))}
      value={value}
      onValueChange={(length) => onChange(length as BookLength)}
    >
      <p
        id="book-length-pages"
        aria-live="polite"
        data-testid="page-estimate"
        css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}
      >
        {pagesText(chapters, value)}
      </p>
    </RadioOption>
  );
}
