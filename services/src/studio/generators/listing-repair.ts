import {
  ALLOWED_TAGS,
  DESCRIPTION_MAX,
  forbiddenTermsIn,
  type KdpListing,
  KEYWORD_COUNT,
  KEYWORD_MAX,
  TITLE_SUBTITLE_LIMIT,
} from './listing-checker';

const STOP_WORDS = new Set(
  'a an and are as at be by for from has have how in into is it its of on or our that the their this to was were what when where which who why will with your you about all can each more most'.split(
    ' ',
  ),
);

/** Used when the book's own words give fewer than seven keywords. */
const FALLBACK_KEYWORDS = [
  'gift idea',
  'for beginners',
  'step by step guide',
  'workbook',
  'journal',
  'for adults',
  'for kids',
  'learning activity',
];

/** Cuts at a word boundary so that the text is at most `max` characters. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : text.slice(0, max)).trim();
}

/** Keeps KDP's tags (without attributes); drops any other tag and escapes stray brackets. */
export function cleanDescription(description: string): string {
  const tag = /<\s*(\/?)\s*([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g;
  let out = '';
  let last = 0;
  for (const match of description.matchAll(tag)) {
    out += escapeBrackets(description.slice(last, match.index));
    const name = (match[2] ?? '').toLowerCase();
    if (ALLOWED_TAGS.includes(name)) out += name === 'br' ? '<br>' : `<${match[1]}${name}>`;
    last = (match.index ?? 0) + match[0].length;
  }
  out += escapeBrackets(description.slice(last));
  // Script and style bodies are not description text.
  return out.trim();
}

const escapeBrackets = (text: string) => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');

function stripDangerousBlocks(description: string): string {
  return description.replace(/<\s*(script|style)[^>]*>[\s\S]*?<\s*\/\s*\1\s*>/gi, '');
}

/** At most 4000 characters, ending after a whole paragraph where possible. */
function fitDescription(description: string): string {
  if (description.length <= DESCRIPTION_MAX) return description;
  const head = description.slice(0, DESCRIPTION_MAX);
  const end = head.lastIndexOf('</p>');
  if (end > DESCRIPTION_MAX / 2) return head.slice(0, end + 4);
  // No paragraph end: cut the text, never inside a tag or an entity.
  const plain = cutAtWord(head.replace(/<[^>]*$/, '').replace(/&[a-z]*$/i, ''), DESCRIPTION_MAX);
  return plain;
}

/** A keyword without forbidden terms, at most 50 characters. */
function cleanKeyword(keyword: string): string {
  let text = keyword.replace(/\s+/g, ' ').trim();
  for (const term of forbiddenTermsIn(text)) {
    const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    text = text.replace(new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}(?=$|[^\\p{L}\\p{N}])`, 'giu'), '$1');
  }
  text = text.replace(/\s+/g, ' ').trim();
  return cutAtWord(text, KEYWORD_MAX);
}

/**
 * Keyword ideas from the book's own words, most telling first: the title, then pairs of words
 * that stand side by side in the prompt ("garden flowers"), then single words.
 */
export function keywordCandidates(bookTitle: string, bookPrompt: string): string[] {
  const tokens = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
      .split(/\s+/)
      .filter(Boolean);
  const telling = (w: string | undefined): w is string =>
    Boolean(w) &&
    (w as string).length > 2 &&
    !STOP_WORDS.has(w as string) &&
    forbiddenTermsIn(w as string).length === 0;
  const words = tokens(bookPrompt);
  const pairs: string[] = [];
  for (let i = 0; i + 1 < words.length; i++)
    if (telling(words[i]) && telling(words[i + 1])) pairs.push(`${words[i]} ${words[i + 1]}`);
  const singles = [...tokens(bookTitle), ...words].filter(telling);
  return [tokens(bookTitle).join(' '), ...pairs, ...singles, ...FALLBACK_KEYWORDS];
}

/** Makes a listing obey every rule of the checker, keeping as much of it as it can. */
export function repairListing(
  listing: KdpListing,
  source: { bookTitle: string; bookPrompt: string },
): KdpListing {
  let optimizedTitle = listing.optimizedTitle.replace(/\s+/g, ' ').trim() || source.bookTitle.trim();
  let subtitle = listing.subtitle.replace(/\s+/g, ' ').trim();
  optimizedTitle = cutAtWord(optimizedTitle, TITLE_SUBTITLE_LIMIT - 1);
  if (optimizedTitle.length + subtitle.length >= TITLE_SUBTITLE_LIMIT)
    subtitle = cutAtWord(subtitle, TITLE_SUBTITLE_LIMIT - 1 - optimizedTitle.length);

  let description = fitDescription(cleanDescription(stripDangerousBlocks(listing.description)));
  if (!description)
    description = `<p>${escapeBrackets(cutAtWord(source.bookPrompt, DESCRIPTION_MAX - 7))}</p>`;

  const keywords: string[] = [];
  const seen = new Set<string>();
  const add = (candidate: string) => {
    const keyword = cleanKeyword(candidate);
    if (keyword.length === 0 || seen.has(keyword.toLowerCase()) || keywords.length >= KEYWORD_COUNT) return;
    seen.add(keyword.toLowerCase());
    keywords.push(keyword);
  };
  for (const keyword of listing.keywords) add(keyword);
  for (const keyword of keywordCandidates(source.bookTitle, source.bookPrompt)) add(keyword);
  return { optimizedTitle, subtitle, description, keywords };
}
