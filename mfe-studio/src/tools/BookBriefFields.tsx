// The book brief every chapter is written with: audience, tone of voice, key terms, things to
// avoid. Optional in the forms (blanks are filled from the description), editable in the outline editor.
import { type BookBrief, BRIEF_FIELDS, BRIEF_LABELS, BRIEF_LIMITS } from '@studio/events';
import { Field, Input } from '@studio/kit/widgets';

const PLACEHOLDERS: Record<keyof BookBrief, string> = {
  audience: 'e.g. Busy parents who have never kept bees',
  tone: 'e.g. Warm, practical, a little humorous',
  keyTerms: 'e.g. brood box, smoker, varroa',
  avoid: 'e.g. Jargon, brand names',
};

export const EMPTY_BRIEF: BookBrief = { audience: '', tone: '', keyTerms: '', avoid: '' };

/** The brief's fields that hold words, trimmed, for a request body. */
export const briefBody = (brief: BookBrief) =>
  Object.fromEntries(BRIEF_FIELDS.flatMap((f) => (brief[f].trim() ? [[f, brief[f].trim()]] : [])));

export function BookBriefFields({
  value,
  errors = {},
  onChange,
}: {
  value: BookBrief;
  errors?: Partial<Record<string, string>>;
  onChange: (value: BookBrief) => void;
}) {
  return (
    <>
      {BRIEF_FIELDS.map((field) => (
        <Field key={field} label={BRIEF_LABELS[field]} error={errors[field]}>
          <Input
            name={field}
            value={value[field]}
            maxLength={BRIEF_LIMITS[field]}
            placeholder={PLACEHOLDERS[field]}
            onChange={(e) => onChange({ ...value, [field]: e.target.value })}
          />
        </Field>
      ))}
    </>
  );
}
