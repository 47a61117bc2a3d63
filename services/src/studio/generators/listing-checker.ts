/**
 * KDP's listing rules, checked on every generated listing. The generator
 * repairs what fails; the result keeps the verdict of each rule so My KDP Listings can show it.
 */
export interface KdpListing {
  optimizedTitle: string;
  subtitle: string;
  description: string;
  keywords: string[];
}

export type ListingRule =
  | 'title-length'
  | 'description-length'
  | 'description-html'
  | 'keyword-count'
  | 'keyword-length'
  | 'keyword-terms';

export interface RuleVerdict {
  rule: ListingRule;
  label: string;
  passed: boolean;
  detail?: string;
}

/** Title and subtitle together must stay under this many characters. */
export const TITLE_SUBTITLE_LIMIT = 200;
export const DESCRIPTION_MAX = 4000;
export const KEYWORD_COUNT = 7;
export const KEYWORD_MAX = 50;
/** The only HTML KDP renders in a description. */
export const ALLOWED_TAGS = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'h4', 'h5', 'h6'];
/**
 * Terms KDP refuses in keywords: claims about price, novelty or rank, the word "book", and
 * other authors' names and trademarks (a short list of the ones shoppers type most; KDP's own
 * review remains the last word on names).
 */
export const FORBIDDEN_KEYWORD_TERMS = [
  'best',
  'bestselling',
  'bestseller',
  'free',
  'new',
  'on sale',
  'available now',
  'book',
  'books',
  'kindle',
  'amazon',
  'kdp',
  'audible',
  'disney',
  'marvel',
  'pokemon',
  'lego',
  'barbie',
  'harry potter',
  'star wars',
  'j.k. rowling',
  'rowling',
  'stephen king',
  'dr. seuss',
  'seuss',
  'eric carle',
  'james patterson',
];

const termPattern = (term: string) =>
  new RegExp(`(^|[^\\p{L}\\p{N}])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`, 'iu');
const TERM_PATTERNS = FORBIDDEN_KEYWORD_TERMS.map((term) => ({ term, pattern: termPattern(term) }));

/** The forbidden terms a keyword contains, as whole words. */
export function forbiddenTermsIn(keyword: string): string[] {
  return TERM_PATTERNS.filter(({ pattern }) => pattern.test(keyword)).map(({ term }) => term);
}

/** Tags outside KDP's list, tags with attributes, and stray angle brackets. */
export function disallowedHtml(description: string): string[] {
  const problems: string[] = [];
  const tag = /<\s*(\/?)\s*([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g;
  for (const match of description.matchAll(tag)) {
    const name = (match[2] ?? '').toLowerCase();
    const rest = (match[3] ?? '').trim();
    if (!ALLOWED_TAGS.includes(name)) problems.push(`<${match[1]}${name}>`);
    else if (rest !== '' && rest !== '/') problems.push(`<${name}> with attributes`);
  }
  const withoutTags = description.replace(tag, '');
  if (/[<>]/.test(withoutTags)) problems.push('a stray < or >');
  return problems;
}

export function checkListing(listing: KdpListing): RuleVerdict[] {
  const titleLength = listing.optimizedTitle.length + listing.subtitle.length;
  const html = disallowedHtml(listing.description);
  const long = listing.keywords.filter((k) => k.trim().length === 0 || k.length > KEYWORD_MAX);
  const forbidden = [...new Set(listing.keywords.flatMap(forbiddenTermsIn))];
  return [
    {
      rule: 'title-length',
      label: `Title and subtitle under ${TITLE_SUBTITLE_LIMIT} characters`,
      passed: listing.optimizedTitle.trim().length > 0 && titleLength < TITLE_SUBTITLE_LIMIT,
      detail: `${titleLength} characters`,
    },
    {
      rule: 'description-length',
      label: `Description at most ${DESCRIPTION_MAX} characters`,
      passed: listing.description.trim().length > 0 && listing.description.length <= DESCRIPTION_MAX,
      detail: `${listing.description.length} characters`,
    },
    {
      rule: 'description-html',
      label: 'Description uses only the HTML KDP accepts',
      passed: html.length === 0,
      ...(html.length ? { detail: `Not allowed: ${html.join(', ')}` } : {}),
    },
    {
      rule: 'keyword-count',
      label: `Exactly ${KEYWORD_COUNT} keywords`,
      passed: listing.keywords.length === KEYWORD_COUNT,
      detail: `${listing.keywords.length} keywords`,
    },
    {
      rule: 'keyword-length',
      label: `Each keyword at most ${KEYWORD_MAX} characters`,
      passed: long.length === 0,
      ...(long.length ? { detail: `Too long or empty: ${long.join(', ')}` } : {}),
    },
    {
      rule: 'keyword-terms',
      label: 'No terms KDP forbids in keywords',
      passed: forbidden.length === 0,
      ...(forbidden.length ? { detail: `Found: ${forbidden.join(', ')}` } : {}),
    },
  ];
}
