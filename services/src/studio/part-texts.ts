import {
  type GenerationInputs,
  type GenerationKind,
  LISTING_FIELDS,
  type ListingField,
  listingFieldOf,
  listingFieldRegenerationPrice,
  listingPart,
  type PartId,
  type PartValue,
  pageTextIndexOf,
  pageTextPart,
  pageTextRegenerationPrice,
} from '@studio/events';
import { BOOK_EDIT_LIMITS, isPrintable } from '@studio/events/requests';
import { DomainError } from '../platform/errors';
import { OFFLINE_LABEL } from './ai/offline';
import type { AiProvider } from './ai/provider';
import type { BookEdition } from './book-edition';
import {
  checkListing,
  DESCRIPTION_MAX,
  type KdpListing,
  KEYWORD_MAX,
  TITLE_SUBTITLE_LIMIT,
} from './generators/listing-checker';
import { cutAtWord, repairListing } from './generators/listing-repair';

/**
 * The text parts one can write again with a note: a kids book page's words (`page-{n}-text`) and
 * each field of a KDP listing (`listing-{field}`). Chapters have their own writer
 * (`part-regenerator.ts`); this file holds what these kinds need on both sides: their current
 * value, their price, the writer's context and rules, and a chosen listing field put in place.
 */

/** What these parts read of a finished result (the generation decider's state has it). */
export interface TextPartSource {
  request?: { kind: GenerationKind; input: unknown };
  edition?: BookEdition;
  result?: Record<string, unknown>;
}

const LISTING_LABELS: Record<ListingField, string> = {
  optimizedTitle: 'Title',
  subtitle: 'Subtitle',
  description: 'Description',
  keywords: 'Keywords',
};

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** The listing as its result (or a chosen version since) has it. */
export function listingOf(result: Record<string, unknown> | undefined): KdpListing {
  const r = result ?? {};
  return {
    optimizedTitle: str(r.optimizedTitle),
    subtitle: str(r.subtitle),
    description: str(r.description),
    keywords: Array.isArray(r.keywords) ? r.keywords.map(String) : [],
  };
}

const fieldValue = (listing: KdpListing, field: ListingField): PartValue =>
  field === 'keywords' ? { keywords: [...listing.keywords] } : { text: listing[field] };

/** The part as the result has it now; undefined when it is not one of these or not in this result. */
export function currentTextPart(source: TextPartSource, part: string): PartValue | undefined {
  const kind = source.request?.kind;
  const page = pageTextIndexOf(part);
  if (page !== undefined) {
    const text = kind === 'kids-book' ? source.edition?.pages?.[page] : undefined;
    return text === undefined ? undefined : { text };
  }
  const field = listingFieldOf(part);
  if (field && kind === 'kdp-listing') return fieldValue(listingOf(source.result), field);
  return undefined;
}

/** Each text part of the result in order, with the label the screens show. */
export function textPartsOf(
  source: TextPartSource,
): Array<{ part: PartId; label: string; value: PartValue }> {
  const kind = source.request?.kind;
  if (kind === 'kids-book')
    return (source.edition?.pages ?? []).map((text, i) => ({
      part: pageTextPart(i),
      label: `Page ${i + 1}`,
      value: { text },
    }));
  if (kind === 'kdp-listing') {
    const listing = listingOf(source.result);
    return LISTING_FIELDS.map((field) => ({
      part: listingPart(field),
      label: LISTING_LABELS[field],
      value: fieldValue(listing, field),
    }));
  }
  return [];
}

/** What writing one of these parts again costs (docs/product/creation-tools-qr.md). */
export function textPartPrice(source: TextPartSource): number {
  const kind = source.request?.kind ?? 'kids-book';
  return kind === 'kdp-listing'
    ? listingFieldRegenerationPrice(kind)
    : pageTextRegenerationPrice(kind, source.edition?.pages?.length ?? 1);
}

/** The listing's result with a chosen version of one field, its KDP checks made again. */
export function listingWithField(
  result: Record<string, unknown> | undefined,
  part: string,
  value: PartValue,
): Record<string, unknown> {
  const field = listingFieldOf(part);
  if (!field) throw new DomainError('NOT_FOUND', 'The listing has no such field');
  const listing: KdpListing = { ...listingOf(result) };
  if ('keywords' in value) listing.keywords = [...value.keywords];
  else if ('text' in value && field !== 'keywords') listing[field] = value.text;
  return { ...result, [field]: listing[field], checks: checkListing(listing) };
}

/** The writer's answer without the offline provider's demo line (never printed in a book). */
const answerParagraphs = (answer: string) =>
  answer
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p && !p.startsWith(OFFLINE_LABEL));

/** Only characters the book fonts print (events/src/requests/printable.ts): a page is typeset. */
const printableOnly = (text: string) =>
  [...text].filter((ch) => isPrintable(ch.codePointAt(0) ?? 0)).join('');

const KIDS_PAGE_MAX = BOOK_EDIT_LIMITS.pageText;

/**
 * Writes the part again with the author's note: a kids page with the story so far, the child's
 * name and the page's picture (which stays as it is); a listing field with the book, the other
 * fields and KDP's limits for it, which the answer is then made to obey.
 */
export async function writeTextPartAgain(
  ai: Pick<AiProvider, 'text'>,
  source: TextPartSource,
  part: PartId,
  instruction: string | undefined,
  original: PartValue | undefined,
  signal: AbortSignal,
): Promise<PartValue> {
  const current = currentTextPart(source, part);
  if (!current) throw new DomainError('NOT_FOUND', 'The result has no such part');
  const note = instruction ? `\nThe author asks: ${instruction}` : '';
  const page = pageTextIndexOf(part);
  if (page !== undefined && 'text' in current) {
    const input = source.request?.input as Partial<GenerationInputs['kids-book']>;
    const pages = source.edition?.pages ?? [];
    const picture = original && 'text' in original ? original.text : current.text;
    const system = [
      `You write one page of a children's picture book, "${source.edition?.title ?? ''}", starring ${input.characterName ?? 'the child'}, a ${input.characterGender ?? 'child'}.`,
      `The story so far:\n${
        pages
          .slice(0, page)
          .map((t, i) => `Page ${i + 1}: ${t}`)
          .join('\n') || '(this is the first page)'
      }`,
      ...(pages[page + 1] ? [`The next page says: ${pages[page + 1]}`] : []),
      `The page's picture stays as it is; it shows: ${picture}`,
      `Answer with the new text of page ${page + 1} only: a few short sentences a young child understands, at most ${KIDS_PAGE_MAX} characters, the child called ${input.characterName ?? 'by name'}, no title, no emoji.`,
    ].join('\n\n');
    const answer = await ai.text(`Page text now: ${current.text}${note}`, { system, signal, maxTokens: 400 });
    const text = cutAtWord(
      printableOnly(answerParagraphs(answer).join('\n'))
        .replace(/[ \t]+/g, ' ')
        .trim(),
      KIDS_PAGE_MAX,
    );
    if (!text) throw new Error('The writer answered without a page');
    return { text };
  }
  const field = listingFieldOf(part);
  if (!field) throw new DomainError('NOT_FOUND', 'The result has no such part');
  const input = source.request?.input as Partial<GenerationInputs['kdp-listing']>;
  const listing = listingOf(source.result);
  const others = LISTING_FIELDS.filter((f) => f !== field)
    .map((f) => `${LISTING_LABELS[f]}: ${f === 'keywords' ? listing.keywords.join(', ') : listing[f]}`)
    .join('\n');
  const rules: Record<ListingField, string> = {
    optimizedTitle: `The title and the subtitle (${listing.subtitle.length} characters) together stay under ${TITLE_SUBTITLE_LIMIT} characters. Answer with the title only.`,
    subtitle: `The title (${listing.optimizedTitle.length} characters) and the subtitle together stay under ${TITLE_SUBTITLE_LIMIT} characters. Answer with the subtitle only.`,
    description: `At most ${DESCRIPTION_MAX} characters, using only the HTML tags p, br, b, strong, i, em, u, ul, ol, li, h4, h5, h6 without attributes. Answer with the description only.`,
    keywords: `Exactly 7 keywords of at most ${KEYWORD_MAX} characters each, one per line, none with "best", "free", "new", "book", an author's name or a trademark. Answer with the keywords only.`,
  };
  const system = [
    `You write one field of an Amazon KDP book listing: its ${LISTING_LABELS[field].toLowerCase()}.`,
    `The book: ${input.bookTitle ?? ''}. ${input.bookPrompt ?? ''}`,
    `The listing's other fields, which stay as they are:\n${others}`,
    rules[field],
  ].join('\n\n');
  const now = field === 'keywords' ? listing.keywords.join(', ') : listing[field];
  const answer = await ai.text(`${LISTING_LABELS[field]} now: ${now}${note}`, {
    system,
    signal,
    maxTokens: field === 'description' ? 2000 : 300,
  });
  const paragraphs = answerParagraphs(answer);
  if (!paragraphs.length) throw new Error('The writer answered without the field');
  return fitField(listing, field, paragraphs, {
    bookTitle: input.bookTitle ?? '',
    bookPrompt: input.bookPrompt ?? '',
  });
}

/** The answer made to obey KDP's rules for the field, the other fields unchanged. */
function fitField(
  listing: KdpListing,
  field: ListingField,
  paragraphs: string[],
  source: { bookTitle: string; bookPrompt: string },
): PartValue {
  const line = (paragraphs[0] ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  switch (field) {
    case 'optimizedTitle':
      if (!line) throw new Error('The writer answered without a title');
      return { text: cutAtWord(line, TITLE_SUBTITLE_LIMIT - 1 - listing.subtitle.length) };
    case 'subtitle':
      return { text: cutAtWord(line, TITLE_SUBTITLE_LIMIT - 1 - listing.optimizedTitle.length) };
    case 'description': {
      const joined = paragraphs.join('\n\n');
      const html = /<\s*(p|br|ul|ol|b|strong)\b/i.test(joined)
        ? joined
        : paragraphs.map((p) => `<p>${p.replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`).join('');
      return { text: repairListing({ ...listing, description: html }, source).description };
    }
    case 'keywords': {
      const keywords = paragraphs
        .join('\n')
        .split(/[\n,;]+/)
        .map((k) =>
          k
            .replace(/^\s*(?:\d+[.)]|[-*•])\s*/, '')
            .replace(/[.]+$/, '')
            .trim(),
        )
        .filter(Boolean);
      // Fewer than seven, or some KDP refuses: filled from the book's own words, as a new listing is.
      return { keywords: repairListing({ ...listing, keywords }, source).keywords };
    }
  }
}
