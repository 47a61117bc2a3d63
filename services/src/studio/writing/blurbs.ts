import type { AiProvider } from '../ai/provider';

/**
 * A book's back-cover copy, written from the book (its chapters, its story, its designs), never
 * the request pasted as it was typed. With a model, the model writes it from the same material;
 * offline it is composed from it. The author edits it with the book.
 */
export type BlurbBrief =
  | { kind: 'non-fiction'; title: string; description: string; chapters: string[] }
  | { kind: 'kids-book'; title: string; name: string; story: string; pages: string[] }
  | { kind: 'coloring-book'; title: string; subject: string; designs: number };

/** Longest blurb kept: it must fit above the barcode box (covers.ts cuts at 900 characters). */
const MAX = 900;

const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();
/** One sentence: a capital first, a stop last. */
const sentence = (text: string) => {
  const t = tidy(text).replace(/[\s,;:]+$/, '');
  if (!t) return '';
  const capital = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
};
/** "a", "a and b", "a, b and c". */
const listOf = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
const quoted = (title: string) => `“${title}”`;

/** The blurb composed from the book itself (what the offline provider writes). */
export function composedBlurb(brief: BlurbBrief): string {
  switch (brief.kind) {
    case 'non-fiction': {
      const chapters = brief.chapters.filter((c) => c !== 'Introduction');
      const path =
        chapters.length >= 3
          ? `In ${chapters.length} chapters it goes from ${quoted(chapters[0] ?? '')} to ${quoted(chapters.at(-1) ?? '')}, by way of ${listOf(chapters.slice(1, Math.min(3, chapters.length - 1)).map(quoted))}.`
          : chapters.length > 0
            ? `It covers ${listOf(chapters.map(quoted))}.`
            : '';
      return [
        sentence(brief.description),
        path,
        `${brief.title} is a practical companion to keep close and come back to.`,
      ]
        .filter(Boolean)
        .join(' ');
    }
    case 'kids-book': {
      const opening = sentence(brief.pages[0] ?? '');
      return [
        sentence(brief.story),
        opening && opening !== sentence(brief.story) ? opening : '',
        `A picture book of ${brief.pages.length} illustrated pages starring ${brief.name}, to read aloud together again and again.`,
      ]
        .filter(Boolean)
        .join(' ');
    }
    case 'coloring-book':
      return [
        `${brief.designs} original designs of ${brief.subject.toLowerCase()} to colour, each one a new scene.`,
        'Every design sits alone on its page with a blank back, so markers never bleed through onto the next picture.',
        'Large 8.5 × 11 in pages and bold, closed outlines leave plenty of room for crayons, pencils and pens.',
      ].join(' ');
    default: {
      const never: never = brief;
      return never;
    }
  }
}

/** What the model is given to write from. */
function material(brief: BlurbBrief): string {
  switch (brief.kind) {
    case 'non-fiction':
      return `A non-fiction book titled "${brief.title}". About: ${tidy(brief.description)}\nChapters: ${brief.chapters.join('; ')}`;
    case 'kids-book':
      return `A children's picture book titled "${brief.title}" starring ${brief.name}. The story: ${tidy(brief.story)}\nIts pages: ${brief.pages.join(' ')}`;
    case 'coloring-book':
      return `A coloring book titled "${brief.title}": ${brief.designs} designs of ${brief.subject}, one a page, blank backs.`;
    default: {
      const never: never = brief;
      return never;
    }
  }
}

const SYSTEM =
  'You write back-cover copy for self-published books. Write 60 to 110 words of plain prose that make a reader want the book: no headings, no quotes around it, no markdown, no prices, no reviews. Suitable for all ages.';

/** The book's blurb: the model's from the book's material, or composed offline. */
export async function writeBlurb(ai: AiProvider, brief: BlurbBrief, signal: AbortSignal): Promise<string> {
  if (ai.name === 'offline') return composedBlurb(brief).slice(0, MAX);
  const text = await ai.text(material(brief), { system: SYSTEM, signal, maxTokens: 300 });
  return tidy(text).slice(0, MAX);
}
