import { CHAPTER_LENGTHS } from '@studio/events';
import type {
  BookOutline,
  ChapterBrief,
  KidsStory,
  OutlineBrief,
  StoryBrief,
  WritingResult,
  WritingTask,
  WrittenChapter,
} from './book-text';
import { seededRandom } from './seeded-random';
import { kidsBookTitle } from './titles';

/**
 * The offline provider's writer: no model, but on-topic, structured and seeded by the request, so
 * that a demo book reads like a book about its subject. Every text says it is an offline demo.
 */
export const DEMO_NOTE = 'Offline demo text: written on this machine without an AI model.';

const STOP = new Set(
  'a an and are as at be book by for from guide how in into is it its of on or our the their this to what when why with you your about will that who which'.split(
    ' ',
  ),
);

/** The subject's key words, most telling first (long, not stop words, in order of appearance). */
export function keywords(...texts: string[]): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const text of texts) {
    for (const word of text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? []) {
      if (word.length < 4 || STOP.has(word) || seen.has(word)) continue;
      seen.add(word);
      words.push(word);
    }
  }
  return words.length > 0 ? words : ['practice'];
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const pick = <T>(random: () => number, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)] as T;

/** Three approaches with their own chapter arcs: a progression, a set of questions, a workbook. */
const APPROACHES: Array<{ name: string; intro: string; arc: readonly string[]; summary: readonly string[] }> =
  [
    {
      name: 'From foundations to mastery: a step-by-step progression',
      intro: 'why {subject} matters now, who this book is for, and how each chapter builds on the last',
      arc: [
        'What {subject} Really Is',
        'The Core Principles of {key}',
        'Getting Started with {key}',
        'Building Everyday Habits around {key}',
        'Avoiding the Common Mistakes',
        'Tools and Resources for {key}',
        'Going Deeper: Advanced {key}',
        'Measuring Your Progress',
        'Adapting {key} to Your Situation',
        'Teaching {key} to Others',
        'Staying Motivated for the Long Run',
        'Your Next Steps with {subject}',
      ],
      summary: [
        'Lays the groundwork: the vocabulary of {key}, the ideas behind it and the first practical step.',
        'Builds on the previous chapter with a concrete routine for {key} and a worked example.',
        'Shows how {key} connects to {other}, with a checklist the reader can follow this week.',
      ],
    },
    {
      name: 'The questions readers ask: a problem-and-answer guide',
      intro:
        'the questions people most often ask about {subject}, and how to use this book to find answers fast',
      arc: [
        'Why Does {subject} Feel So Hard?',
        'Where Should I Begin with {key}?',
        'How Much Time Does {key} Take?',
        'What If {key} Does Not Work for Me?',
        'Which Myths about {key} Should I Ignore?',
        'How Do I Fit {key} into a Busy Life?',
        'What Does Good {key} Look Like?',
        'How Do I Know I Am Improving?',
        'What Do Experts Do Differently?',
        'How Can I Get Help with {key}?',
        'What Comes after the Basics?',
        'What Will {subject} Change for Me?',
      ],
      summary: [
        'Answers one common question about {key} directly, then explains the reasoning and the exceptions.',
        'Takes a frequent worry about {key}, names its causes and offers three ways forward.',
        'Compares popular advice on {key} with what tends to work, with {other} as the example.',
      ],
    },
    {
      name: 'Learning by doing: stories, case studies and exercises',
      intro: 'how to use the stories and exercises in this book to practise {subject} as you read',
      arc: [
        'A First Story about {subject}',
        'Case Study: Starting {key} from Scratch',
        'Exercise Set: Your First Week of {key}',
        'Case Study: When {key} Went Wrong',
        'Exercise Set: Fixing the Weak Spots',
        'Story: {key} at Home',
        'Story: {key} at Work',
        'Case Study: Scaling {key} Up',
        'Exercise Set: Planning a Month of {key}',
        'Interview Notes on {key}',
        'Reflection Exercises',
        'A Workbook for the Road Ahead',
      ],
      summary: [
        'Follows one person through {key}: what they tried, what happened and what the reader can copy.',
        'A hands-on set of exercises on {key}, each with a goal, the steps and a short reflection.',
        'A case study that links {key} and {other}, followed by questions to discuss or journal.',
      ],
    },
  ];

function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => vars[name] ?? name);
}

function subjectOf(title: string): string {
  return title.replace(/\s+/g, ' ').trim();
}

export function writeOutlines(brief: OutlineBrief): [BookOutline, BookOutline, BookOutline] {
  const subject = subjectOf(brief.title);
  const keys = keywords(brief.title, brief.description);
  const make = (approachIndex: number): BookOutline => {
    const approach = APPROACHES[approachIndex] as (typeof APPROACHES)[number];
    const round = brief.round ?? 0;
    const random = seededRandom(
      `outline:${approachIndex}:${brief.title}:${brief.description}${round ? `:${round}` : ''}`,
    );
    // A rewrite starts further along each arc and pairs the key words differently.
    const start = round * 5;
    const chapters = Array.from({ length: brief.numChapters }, (_, i) => {
      const key = cap(keys[(i + round) % keys.length] as string);
      const other = keys[(i + round + 1) % keys.length] as string;
      const vars = { subject, key, other };
      return {
        title: fill(approach.arc[(i + start) % approach.arc.length] as string, vars),
        summary: fill(pick(random, approach.summary), { ...vars, key: key.toLowerCase() }),
      };
    });
    return {
      approach: approach.name,
      ...(brief.includeIntroduction
        ? { introduction: `An introduction to ${fill(approach.intro, { subject })}.` }
        : {}),
      chapters,
    };
  };
  return [make(0), make(1), make(2)];
}

const OPENERS = [
  'Most people come to {key} with a mix of curiosity and doubt.',
  'It helps to start with a plain description of {key}.',
  'Consider a simple situation that shows {key} at work.',
  'Before any technique, there is a reason to care about {key}.',
  'Every reader of this chapter already knows something about {key}.',
  'A common picture of {key} leaves out the part that matters most.',
  'Here is a question worth asking about {key} before going further.',
];
const MIDDLES = [
  'In the context of {subject}, {key} is less about talent than about small decisions repeated every day.',
  'The link between {key} and {other} is worth noticing: progress in one usually makes the other easier.',
  'A useful way to think about it is as a cycle: try something small, notice what happens, and adjust.',
  'Many beginners try to change everything at once; a single, well-chosen change to their {key} lasts longer.',
  'Writing down what you did and what followed turns vague impressions about {key} into evidence.',
  'Experienced practitioners of {subject} tend to keep their methods simple and their attention on the basics.',
  'When {key} stops working, the cause is usually a missing step rather than a lack of effort.',
  'It is fine to adapt the advice here to your own circumstances, as long as you keep the principle behind it.',
  'Set aside ten minutes to look at your own {key} and note one thing that already works.',
  'People who stay with {subject} for years usually treat {key} as a habit, not a project.',
  'A small record of {key} kept for a week says more than a month of good intentions about {other}.',
  'The first results of {key} are often quiet, and that is no reason to stop.',
  'Where {key} meets {other}, a single change tends to help both.',
  'Asking someone who knows {key} well to watch you for an hour can save weeks of guessing.',
  'A plan for {key} that fits on one page is more likely to be followed than a detailed one.',
  'When {other} takes more time than expected, {key} is the part to simplify first.',
];
const CLOSERS = [
  'The next chapter takes this one step further.',
  'Try it this week, then come back to compare notes with what follows.',
  'Keep this idea in mind; it returns throughout the book.',
  'With that in place, the rest of {subject} becomes easier to approach.',
];

/** The words of today's chapter, which the offline writer's six paragraphs stand for. */
const STANDARD_WORDS = CHAPTER_LENGTHS.standard.words;

export function writeChapter(brief: ChapterBrief): WrittenChapter {
  const { rewrite } = brief;
  // A rewrite draws other sentences (seeded by its note and the text it replaces) and says what it was asked.
  const seed = rewrite ? `:${rewrite.instruction ?? ''}:${rewrite.current.paragraphs.join(' ')}` : '';
  const random = seededRandom(`chapter:${brief.number}:${brief.bookTitle}:${brief.chapter.title}${seed}`);
  const subject = subjectOf(brief.bookTitle);
  const keys = keywords(
    brief.chapter.title,
    brief.bookBrief?.keyTerms ?? '',
    brief.bookTitle,
    brief.description,
    rewrite?.instruction ?? '',
  );
  const before = brief.memory?.at(-1);
  const opening = [
    brief.chapter.summary,
    ...(brief.bookBrief ? [`It is written for ${lower(brief.bookBrief.audience)}.`] : []),
    ...(before
      ? // By its number: an author who renames that chapter leaves no stale title behind.
        [`It follows on from ${before.number === 0 ? 'the introduction' : `chapter ${before.number}`}.`]
      : []),
  ];
  const paragraphs: string[] = [`${opening.join(' ')} (${DEMO_NOTE})`];
  if (rewrite)
    paragraphs.push(
      rewrite.instruction
        ? `This version was rewritten as the author asked: “${rewrite.instruction}”.`
        : 'This version was written afresh.',
    );
  // Longer books have more paragraphs, in proportion to the words asked for.
  const count = Math.max(
    2,
    Math.round(((brief.introduction ? 4 : 6) * (brief.words ?? STANDARD_WORDS)) / STANDARD_WORDS),
  );
  // No sentence twice in a chapter: a template is drawn again only with other words filled in.
  const written = new Set<string>();
  const sentence = (templates: readonly string[], vars: Record<string, string>) => {
    const fresh = templates.map((t) => fill(t, vars)).filter((text) => !written.has(text));
    const chosen = fresh.length > 0 ? pick(random, fresh) : undefined;
    if (chosen) written.add(chosen);
    return chosen;
  };
  for (let p = 0; p < count; p++) {
    const key = keys[(p + brief.number) % keys.length] as string;
    // Each round of the key words pairs them with others, so a long chapter has fresh sentences.
    const round = Math.floor(p / keys.length);
    const shift = 1 + (round % Math.max(1, keys.length - 1));
    const other = keys[(p + brief.number + shift) % keys.length] as string;
    const vars = { subject, key, other };
    const sentences = [sentence(OPENERS, vars)];
    const middles = 3 + Math.floor(random() * 3);
    for (let s = 0; s < middles; s++) sentences.push(sentence(MIDDLES, vars));
    if (p === count - 1) sentences.push(sentence(CLOSERS, vars));
    const text = sentences.filter(Boolean).join(' ');
    if (text) paragraphs.push(text);
  }
  return {
    title: brief.introduction ? 'Introduction' : brief.chapter.title,
    summary: `${brief.chapter.summary} ${paragraphs[1]?.split('. ')[0] ?? ''}.`.replace(/\.\.$/, '.'),
    paragraphs,
  };
}

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * The offline story's beats: an arc of 24 pages, each slot with a few ways to tell it, drawn from
 * the request's seed, and filled with what the description names (who comes along, where it
 * happens, what is learnt), so two descriptions tell two stories.
 */
const STORY_BEATS: readonly (readonly string[])[] = [
  ['One bright morning, {name} woke up with a big idea: {story}'],
  ['{name} could hardly wait to get to {place}.', 'It was a perfect day for {place}, thought {name}.'],
  [
    'First, {name} packed a small bag with everything {pronoun2} would need.',
    '{name} put on {pronoun} favourite shoes and ran outside.',
  ],
  ['The way to {place} looked full of surprises.', 'Outside, the sky was wide and blue over {place}.'],
  ['And there, right in {place}, was {companion}!', '{name} heard a rustle, and out came {companion}.'],
  ['"Hello," said {name} softly. "Will you be my friend?"', '{name} knelt down and smiled at {friend}.'],
  ['{Friend} blinked, and then it smiled back.', 'At first {friend} was shy, but not for long.'],
  ['Together they explored every corner of {place}.', 'They raced each other all the way across {place}.'],
  ['"How wonderful!" said {name}, eyes shining.', '{name} laughed until {pronoun2} had to sit down.'],
  ['But then something went wrong.', 'Suddenly, a gust of wind swept across {place}!'],
  ['{name} took a deep breath and remembered to stay calm.', '{name} felt worried, but only for a moment.'],
  ['{Friend} had an idea, and so did {name}.', '{name} thought hard and found a clever way through.'],
  ['Step by step, they worked it out together.', 'With a little courage, everything was all right again.'],
  [
    'They sat down for a rest, and {name} shared a snack.',
    'They rested in the shade and watched the clouds drift by.',
  ],
  ['That was when {name} began to {goal}.', '{name} saw how much it mattered to {goal}.'],
  [
    'It was not easy at first, but {name} kept trying.',
    '{Friend} showed {name} how, one small step at a time.',
  ],
  ['Soon they were both laughing again.', 'Everyone around them seemed happier too.'],
  ['As the sun sank lower, {place} turned pink and gold.', 'The afternoon light made {place} glow.'],
  [
    '{name} realised that being brave means trying even when you feel unsure.',
    '{name} learnt that friends make every adventure better.',
  ],
  [
    'It was time to say goodbye to {friend}, just for now.',
    '"See you tomorrow," whispered {name} to {friend}.',
  ],
  [
    'At home, {name} told the whole family about the day.',
    'At supper, {name} could not stop talking about {friend}.',
  ],
  ['Everyone agreed it was the best adventure yet.', 'Even the cat seemed to listen to every word.'],
  [
    'That night, {name} drew a picture of {friend} in {place}.',
    '{name} snuggled into bed, already dreaming of {place}.',
  ],
  ['The End. (An offline demo story written for {name}.)'],
];

/** Who comes along, where, and what is learnt, as the description says (else gentle defaults). */
function storyParts(story: string): { companion: string; place: string; goal: string } {
  const companion = /\b(?:finds|meets|befriends|discovers|with|and)\s+((?:a|an|the)\s+(?:\w+\s+)?\w+)/i.exec(
    story,
  )?.[1];
  const place = /\b(?:in|at|on|by|to|under)\s+((?:the|a|an)\s+\w+(?:\s+\w+)?)/i.exec(story)?.[1];
  const goal = /\blearns?\s+(?:to|how to)\s+([^.,;!?]+)/i.exec(story)?.[1];
  return {
    companion: (companion ?? 'a curious little bird').toLowerCase(),
    place: (place ?? 'the park').replace(/\s+(?:and|with|to|for)$/i, '').toLowerCase(),
    goal: (goal ?? 'help a friend').replace(/\b(?:their|our)\b/gi, 'the').trim(),
  };
}

export function writeKidsStory(brief: StoryBrief): KidsStory {
  const name = brief.characterName.trim();
  const pronoun = brief.characterGender === 'girl' ? 'her' : 'his';
  const pronoun2 = brief.characterGender === 'girl' ? 'she' : 'he';
  const story = brief.storyDescription.replace(/\s+/g, ' ').trim();
  const idea = story.endsWith('.') ? story : `${story}.`;
  const parts = storyParts(story);
  const random = seededRandom(`story:${name}:${story}`);
  const vars = {
    name,
    pronoun,
    pronoun2,
    story: idea,
    ...parts,
    // Once met, the companion is "the tiny dragon".
    friend: parts.companion.replace(/^(?:a|an)\s+/, 'the '),
    Friend: parts.companion.replace(/^(?:a|an|the)\s+/, 'The '),
  };
  const pages = Array.from({ length: brief.pages }, (_, i) => {
    const ways = STORY_BEATS[i % STORY_BEATS.length] ?? [''];
    return fill(pick(random, ways), vars);
  });
  return { title: kidsBookTitle(name, story), pages };
}

/** The offline answer to a writing task. */
export function offlineWrite<T extends WritingTask>(task: T): WritingResult<T> {
  switch (task.task) {
    case 'outlines':
      return { outlines: writeOutlines(task.brief) } as WritingResult<T>;
    case 'chapter':
      return writeChapter(task.brief) as WritingResult<T>;
    case 'kids-story':
      return writeKidsStory(task.brief) as WritingResult<T>;
    default: {
      const never: never = task;
      return never;
    }
  }
}
