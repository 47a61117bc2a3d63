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
  'a an and are as at be by for from has have how in into is it its of on or our that the their this to was were what when where which who why will with your you about all can each more most over under than then them they make makes made also just very some any such like onto upon whole much many other only even ever every both these those there here been being does did get gets way ways'.split(
    ' ',
  ),
);

/** Words that may join a phrase's two telling words ("poems about loss", "handbook for freelancers"). */
const LINKS = new Set(['about', 'for', 'of', 'in', 'on', 'with', 'to', 'from', 'at', 'by']);

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
 * Keyword ideas from the book's own words only (a keyword that misrepresents the book breaks
 * KDP's rules), most telling first: phrases of the prompt that start and end with a telling word
 * ("budgeting irregular income", "poems about loss"), never across punctuation; pairs of telling
 * words side by side not already inside such a phrase; single words of the title and the prompt;
 * then the title's words with the prompt's. The title itself is never one: it is indexed anyway.
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
  const segments = bookPrompt.split(/[,.;:!?()[\]\n"“”]+/).map(tokens);
  const triples: string[] = [];
  const pairs: string[] = [];
  for (const words of segments)
    for (let i = 0; i < words.length; i++) {
      const [a, b, c] = [words[i], words[i + 1], words[i + 2]];
      if (telling(a) && c !== undefined && telling(c) && b !== undefined && (telling(b) || LINKS.has(b)))
        triples.push(`${a} ${b} ${c}`);
      if (telling(a) && telling(b)) pairs.push(`${a} ${b}`);
    }
  const titleWords = tokens(bookTitle).filter(telling);
  const promptWords = segments.flat().filter(telling);
  const inTriple = (pair: string) => triples.some((t) => t.startsWith(`${pair} `) || t.endsWith(` ${pair}`));
  const combos = [
    ...titleWords.flatMap((t) => promptWords.filter((w) => w !== t).map((w) => `${t} ${w}`)),
    ...promptWords.flatMap((w, i) =>
      promptWords
        .slice(i + 1)
        .filter((v) => v !== w)
        .map((v) => `${w} ${v}`),
    ),
  ];
  const title = tokens(bookTitle).join(' ');
  const ideas = [...triples, ...pairs.filter((p) => !inTriple(p)), ...titleWords, ...promptWords, ...combos];
  // The title only when the book's words give nothing else to fill the seven.
  return [...ideas.filter((k) => k !== title), title];
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
