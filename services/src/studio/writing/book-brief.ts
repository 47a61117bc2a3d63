import { type BookBrief, BRIEF_FIELDS } from '@studio/events';
import { keywords } from './offline-writer';

/**
 * The book brief a non-fiction book is written with: the author's own fields, and for each one
 * left blank a default read from the title and the description, so every chapter of every book
 * is told who it is for, how it sounds, its words and what to leave out
 * (docs/product/creation-tools-qr.md (Screens and routes: Non-fiction Gen 2.0)).
 */
export function effectiveBrief(input: {
  title: string;
  description: string;
  brief?: Partial<BookBrief> | undefined;
}): BookBrief {
  const given = input.brief ?? {};
  const defaults = defaultBrief(input.title, input.description);
  return Object.fromEntries(
    BRIEF_FIELDS.map((field) => [field, given[field]?.trim() || defaults[field]]),
  ) as unknown as BookBrief;
}

/** "… for busy parents who …" names the audience; else the book's readers are people new to its subject. */
const FOR_WHOM =
  /\bfor ((?:busy |new |first-time |young |older |small )?[\p{L}-]+(?: [\p{L}-]+){0,3}?)(?= who\b| that\b| to\b|[.,;:!?]|$)/iu;

function defaultBrief(title: string, description: string): BookBrief {
  const subject = title.replace(/\s+/g, ' ').trim();
  const audience = FOR_WHOM.exec(description)?.[1];
  return {
    audience: audience ? cap(audience) : `Readers new to ${subject} who want practical guidance`,
    tone: 'Clear, warm and practical: plain words, concrete examples, no hype',
    keyTerms: keywords(title, description).slice(0, 6).join(', '),
    avoid: 'Unexplained jargon; repeating what earlier chapters said; promises of guaranteed results',
  };
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
