/**
 * Book titles made from the request rather than pasted from it: a coloring book is named after its
 * subject ("Cozy Woodland Animals: A Coloring Book"), an offline kids story after its hero and
 * what happens ("Mia and the Lost Star", "Pip Learns to Swim").
 */

/** Words a title keeps in lower case unless they start it (Chicago headline style). */
const MINOR = new Set('a an and as at but by for from in into nor of on or the to with'.split(' '));

/** Headline case: every word capitalised but the minor ones inside; words already capitalised stay. */
export function headlineCase(text: string): string {
  return text
    .split(' ')
    .map((word, i) => {
      const lower = word.toLowerCase();
      if (i > 0 && MINOR.has(lower)) return lower;
      return word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join(' ');
}

const words = (text: string) => text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);

/** Words a cut title must not end on ("… for Adults to" reads as broken). */
const DANGLING = new Set('a an and as at but by for from in into nor of on or the to with'.split(' '));

/** At most `max` characters, cut between words, never ending on a word that leads into another. */
function clip(text: string, max: number): string {
  const kept: string[] = [];
  for (const word of words(text)) {
    if ([...kept, word].join(' ').length > max) break;
    kept.push(word);
  }
  while (kept.length > 1 && DANGLING.has((kept.at(-1) ?? '').toLowerCase())) kept.pop();
  return kept.join(' ');
}

/** What a coloring prompt often starts or ends with, which says nothing about its subject. */
const COLORING_WORDS =
  /^(?:(?:please\s+)?(?:make|create|draw|generate)\s+)?(?:(?:an?|the)\s+)?(?:(?:coloring|colouring)\s+(?:book|pages?)\s+(?:of|about|with|featuring|for)\s+)?|\s+(?:coloring|colouring)\s+(?:book|pages?)$/gi;

/** Words of drawing instructions, not of a subject ("thick lines", "simple shapes"). */
const INSTRUCTIONS =
  /\b(lines?|thick|thin|bold|simple|easy|detailed|outlines?|shapes|style|printable|black and white|no shading|high contrast)\b/i;
/** An age range or a purpose at the end of a subject ("for kids ages 4-8", "to relax"). */
const TAILS = [
  /\s+(?:for\s+)?(?:kids|children|toddlers|boys|girls)?\s*ages?\s+\d[\d\s–-]*\+?$/i,
  /\s+to\s+(?:relax|unwind|de-?stress|calm|colou?r|enjoy|print|practi[cs]e|learn|have fun)\b.*$/i,
];

/**
 * The subject of a coloring prompt: its first sentence or clause before a colon, the comma-separated
 * items of its list while they name things (not drawing instructions), without an age range or a
 * purpose at its end, at most 60 characters ending on a word that carries meaning.
 */
export function coloringBookSubject(prompt: string): string {
  const clause = (prompt.split(/[.;:!?\n(]/)[0] ?? '').replace(/["“”]/g, '');
  const items: string[] = [];
  for (const raw of clause.split(',')) {
    let item = raw.replace(COLORING_WORDS, '').trim();
    for (const tail of TAILS) item = item.replace(tail, '');
    if (!item || (items.length > 0 && INSTRUCTIONS.test(item))) break;
    if ([...items, item].join(', ').length > 60 && items.length > 0) break;
    items.push(item);
  }
  return clip(items.join(', '), 60);
}

/** "Cozy woodland animals, thick lines" → "Cozy Woodland Animals: A Coloring Book". */
export function coloringBookTitle(prompt: string): string {
  const subject = coloringBookSubject(prompt);
  return subject ? `${headlineCase(subject)}: A Coloring Book` : 'A Coloring Book';
}

const DETERMINERS = new Set('a an the his her their its my our some one'.split(' '));
/** Where the story's first event ends: a preposition, a conjunction or a relative word. */
const PHRASE_END = new Set(
  '| and but or so while when because after before until in at on with from into near under over through across to of who that which where'.split(
    ' ',
  ),
);

/** An infinitive right after the verb ("learns to swim") does not end the hero's deed. */
const endsPhrase = (word: string, i: number) => PHRASE_END.has(word) && !(word === 'to' && i === 1);

/**
 * The first thing a clause names ("finds a lost baby dragon in the forest" → "lost baby dragon"),
 * before the clause moves on (a preposition, a conjunction).
 */
function objectOf(clause: string[]): string | undefined {
  for (let i = 0; i < clause.length; i++) {
    const word = clause[i] as string;
    if (endsPhrase(word, i)) return undefined;
    if (!DETERMINERS.has(word)) continue;
    const phrase: string[] = [];
    for (const next of clause.slice(i + 1)) {
      if (PHRASE_END.has(next) || DETERMINERS.has(next) || phrase.length === 4) break;
      phrase.push(next);
    }
    return phrase.length > 0 ? phrase.join(' ') : undefined;
  }
  return undefined;
}

/**
 * A kids book's title from its hero and story: "Mia finds a lost star" → "Mia and the Lost Star";
 * without a thing to name, the hero's first deed ("Pip the puppy learns to swim at the seaside" →
 * "Pip Learns to Swim"); failing both, "Mia's Big Adventure".
 */
export function kidsBookTitle(name: string, storyDescription: string): string {
  const hero = words(name).join(' ') || 'Our Hero';
  const text = storyDescription.replace(/[^\p{L}\p{N}'\s-]+/gu, ' | ').toLowerCase();
  const all = words(text);
  // The story after the hero's name (and an apposition such as "the puppy"), up to the first stop.
  const heroWords = words(hero.toLowerCase());
  const found = all.findIndex((_, i) => heroWords.every((w, j) => all[i + j] === w));
  // A story that opens on something else names it first ("A rainy day when Ava …").
  const opening = found > 0 ? objectOf(all.slice(0, found)) : undefined;
  if (opening) return `${hero} and the ${headlineCase(opening)}`;
  let start = found < 0 ? 0 : found + heroWords.length;
  if (all[start] === 'the' && all[start + 2] && !PHRASE_END.has(all[start + 2] as string)) start += 2;
  const rest = all.slice(start);
  const stop = rest.indexOf('|');
  const clause = stop < 0 ? rest : rest.slice(0, stop);
  const thing = objectOf(clause);
  if (thing) return `${hero} and the ${headlineCase(thing)}`;
  // "learns to swim": the verb, an infinitive, until the first stop.
  const deed: string[] = [];
  for (const [i, word] of clause.entries()) {
    if (deed.length === 4 || endsPhrase(word, i)) break;
    deed.push(word);
  }
  return deed.length > 0 ? `${hero} ${headlineCase(deed.join(' '))}` : `${hero}'s Big Adventure`;
}
