import type { BookBrief } from '@studio/events';
import type OpenAI from 'openai';
import { textUsage } from '../ai/openai-usage';
import { ProviderError, type UsageReport } from '../ai/provider';
import {
  type ChapterBrief,
  isCompleteResult,
  type RememberedChapter,
  type WritingResult,
  type WritingTask,
} from './book-text';

/**
 * Book text from an OpenAI-compatible chat model as structured JSON (a JSON schema per task).
 * Output that is not JSON, cut short (finish_reason 'length') or incomplete for the task is asked
 * for once more; a second bad answer is a ProviderError, which fails the job (and refunds it).
 */
const SYSTEM =
  'You write books for self-publishers. Content must be suitable for all ages: no violent, graphic, hateful or inappropriate language. Answer only with JSON matching the schema.';

const str = { type: 'string' } as const;
const outlineSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['approach', 'introduction', 'chapters'],
  properties: {
    approach: str,
    introduction: str,
    chapters: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'summary'],
        properties: { title: str, summary: str },
      },
    },
  },
} as const;

const SCHEMAS: Record<WritingTask['task'], Record<string, unknown>> = {
  outlines: {
    type: 'object',
    additionalProperties: false,
    required: ['outlines'],
    properties: { outlines: { type: 'array', items: outlineSchema } },
  },
  chapter: {
    type: 'object',
    additionalProperties: false,
    required: ['title', 'summary', 'paragraphs'],
    properties: { title: str, summary: str, paragraphs: { type: 'array', items: str } },
  },
  'kids-story': {
    type: 'object',
    additionalProperties: false,
    required: ['title', 'pages'],
    properties: { title: str, pages: { type: 'array', items: str } },
  },
};

function instructions(task: WritingTask): string {
  switch (task.task) {
    case 'outlines': {
      const b = task.brief;
      return [
        `Write three genuinely different outlines for a non-fiction book titled "${b.title}".`,
        `The book is about: ${b.description}`,
        `Each outline takes its own approach (name it in "approach") and has exactly ${b.numChapters} chapters, each with a title and a two-sentence summary.`,
        b.includeIntroduction
          ? 'Each outline has an "introduction": one paragraph saying what the introduction covers.'
          : 'Set "introduction" to an empty string.',
        ...(b.round
          ? [
              'The author has seen and set aside a first set of outlines: take fresh angles and different chapter plans.',
            ]
          : []),
      ].join('\n');
    }
    case 'chapter': {
      const b = task.brief;
      const [fewest, most] = b.paragraphs ?? [6, 12];
      return [
        `Book: "${b.bookTitle}" — ${b.description}`,
        ...(b.bookBrief ? briefLines(b.bookBrief) : []),
        ...memoryLines(b.memory ?? []),
        b.introduction
          ? `Write the book's introduction: ${b.chapter.summary}`
          : `Write chapter ${b.number} of ${b.total}: "${b.chapter.title}". It covers: ${b.chapter.summary}`,
        `Return its title, a two-sentence "summary" of what the chapter actually says, and ${fewest} to ${most} paragraphs of plain prose${b.words ? `, about ${b.words} words in all` : ''} (no headings, no markdown).`,
        ...rewriteLines(b),
      ].join('\n');
    }
    case 'kids-story': {
      const b = task.brief;
      return [
        `Write a children's picture-book story in exactly ${b.pages} pages, one or two short sentences per page.`,
        `The main character is ${b.characterName}, a ${b.characterGender}, named on most pages.`,
        `The story: ${b.storyDescription}`,
        'Return a title and the pages.',
      ].join('\n');
    }
    default: {
      const never: never = task;
      return never;
    }
  }
}

/** The chapter as it is and the author's note, when it is written again (the note is the author's words, quoted). */
function rewriteLines(brief: ChapterBrief): string[] {
  if (!brief.rewrite) return [];
  const { current, instruction } = brief.rewrite;
  return [
    'This chapter exists already; write a new version of it. The current version, between the lines:',
    '---',
    `${current.title}\n\n${current.paragraphs.join('\n\n').slice(0, 24_000)}`,
    '---',
    instruction
      ? `The author asks for this change (follow it unless it is unsuitable for all ages): "${instruction}"`
      : 'Write it afresh: same subject, different wording and examples.',
  ];
}

/** The book brief, as every chapter is told it. */
const briefLines = (brief: BookBrief) => [
  `Written for: ${brief.audience}`,
  `Tone of voice: ${brief.tone}`,
  `Key terms (use them, consistently): ${brief.keyTerms}`,
  `Avoid: ${brief.avoid}`,
];

/** The running memory: what the chapters before this one say (or, not yet written, will say). */
function memoryLines(memory: readonly RememberedChapter[]): string[] {
  if (memory.length === 0) return [];
  return [
    'The chapters before this one (build on them; do not repeat or contradict them):',
    ...memory.map(
      (c) =>
        `- ${c.number === 0 ? 'Introduction' : `Chapter ${c.number}, ${c.title}`} (${c.written ? 'as written' : 'as planned'}): ${c.summary}`,
    ),
  ];
}

/** The introduction is optional: an empty one from the model means none was asked for. */
function normalise(task: WritingTask, value: unknown): unknown {
  if (task.task !== 'outlines' || task.brief.includeIntroduction) return value;
  const outlines = (value as { outlines?: unknown[] } | null)?.outlines;
  if (!Array.isArray(outlines)) return value;
  return {
    outlines: outlines.map((o) => {
      if (typeof o !== 'object' || o === null) return o;
      const { introduction: _ignored, ...rest } = o as Record<string, unknown>;
      return rest;
    }),
  };
}

export async function openAiWrite<T extends WritingTask>(
  client: OpenAI,
  model: string,
  task: T,
  signal: AbortSignal,
  usage?: UsageReport,
): Promise<WritingResult<T>> {
  let problem = '';
  for (let attempt = 1; attempt <= 2; attempt++) {
    const completion = await client.chat.completions.create(
      {
        model,
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: instructions(task) },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: task.task.replace('-', '_'), strict: true, schema: SCHEMAS[task.task] },
        },
      },
      { signal },
    );
    usage?.(textUsage(model, completion));
    const choice = completion.choices[0];
    const content = choice?.message?.content ?? '';
    if (choice?.finish_reason === 'length') {
      problem = 'the answer was cut short';
      continue;
    }
    let value: unknown;
    try {
      value = normalise(task, JSON.parse(content));
    } catch {
      problem = 'the answer was not valid JSON';
      continue;
    }
    if (isCompleteResult(task, value)) return value as WritingResult<T>;
    problem = 'the answer did not have the expected structure';
  }
  throw new ProviderError(`The text service failed twice to write the ${task.task}: ${problem}`);
}
