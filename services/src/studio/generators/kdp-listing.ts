import type { Generator } from './generator';
import { checkListing, type KdpListing, KEYWORD_COUNT } from './listing-checker';
import { cutAtWord, repairListing } from './listing-repair';

const SYSTEM = `You write Amazon KDP book listings. Answer with JSON only:
{"optimizedTitle": string, "subtitle": string, "description": string, "keywords": string[]}.
Rules: title plus subtitle under 200 characters; description at most 4000 characters using only
the HTML tags p, br, b, strong, i, em, u, ul, ol, li, h4, h5, h6 (no attributes); exactly
${KEYWORD_COUNT} keywords of at most 50 characters each, none containing "best", "bestselling",
"free", "new", "on sale", "available now", "book", any author's name or any trademark.`;

/** How many times the model is asked before the listing is repaired instead. */
export const LISTING_ATTEMPTS = 2;

/** Reads the model's answer: JSON (possibly fenced), or else plain text used as the description. */
export function parseListing(answer: string): KdpListing | null {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const raw = JSON.parse(answer.slice(start, end + 1)) as Record<string, unknown>;
    const str = (value: unknown) => (typeof value === 'string' ? value : '');
    const keywords = Array.isArray(raw.keywords)
      ? raw.keywords.filter((k): k is string => typeof k === 'string')
      : str(raw.keywords)
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean);
    return {
      optimizedTitle: str(raw.optimizedTitle ?? raw.title),
      subtitle: str(raw.subtitle),
      description: str(raw.description),
      keywords,
    };
  } catch {
    return null;
  }
}

const passes = (listing: KdpListing) => checkListing(listing).every((verdict) => verdict.passed);

/**
 * The prompt's first sentence, capitalised, as a subtitle (under 120 characters): a longer one
 * stops at its last whole clause (before a colon, comma or dash), never mid-list on a comma.
 */
export function subtitleFrom(prompt: string): string {
  const sentence = (prompt.split(/(?<=[.!?])\s/)[0] ?? '').replace(/[.!?]+$/, '').trim();
  let short = sentence;
  if (short.length > 120) {
    const head = sentence.slice(0, 121);
    // A colon or a dash ends a clause; a comma may sit inside a list, so it comes last.
    const clause =
      [head.lastIndexOf(':'), head.lastIndexOf(' —'), head.lastIndexOf(',')].find((at) => at > 40) ?? -1;
    short = clause > 40 ? head.slice(0, clause) : cutAtWord(sentence, 120);
  }
  short = short.replace(/[\s,;:—-]+$/, '');
  return short.charAt(0).toUpperCase() + short.slice(1);
}

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`)
    .join('');

/**
 * A KDP listing (10 credits) — optimised title, subtitle, description and 7 keywords.
 * Every answer goes through the listing checker; a failing one is asked for again, and after
 * the last attempt repaired, so a completed listing always obeys KDP's rules.
 */
export const kdpListing: Generator<'kdp-listing'> = async (job, { ai, signal, progress }) => {
  const { bookTitle, bookPrompt } = job.input;
  const prompt = `Book title: ${bookTitle}\nAbout the book: ${bookPrompt}`;
  const ask = async (attempt: number): Promise<KdpListing> => {
    await progress(10 + attempt * 30, attempt === 1 ? 'Writing your listing' : 'Improving your listing');
    const answer = await ai.text(prompt, { system: SYSTEM, signal, maxTokens: 2000 });
    // Not JSON (a plain-text model, or the offline provider): the text becomes the description.
    return (
      parseListing(answer) ?? {
        optimizedTitle: bookTitle,
        subtitle: subtitleFrom(bookPrompt),
        description: paragraphs(answer),
        keywords: [],
      }
    );
  };
  let attempts = 1;
  let latest = await ask(attempts);
  while (!passes(latest) && attempts < LISTING_ATTEMPTS) latest = await ask(++attempts);
  const repaired = !passes(latest);
  const listing = repaired ? repairListing(latest, { bookTitle, bookPrompt }) : latest;
  const checks = checkListing(listing);
  await progress(95, 'Checking the listing against KDP rules');
  return {
    title: listing.optimizedTitle,
    files: [],
    result: { ...listing, checks, attempts, repaired },
  };
};
